/**
 * The one base command: shared flags, the guardrail, dry runs, sending, output and the error
 * path. Subclasses only turn their flags into a Plan (plain data); this class decides what
 * happens to it.
 */
import {Command, Errors} from '@oclif/core'

import {CliError, ExitCode} from './errors.js'
import {baseFlags} from './flags.js'
import {type Credentials, scrubSecrets} from './headers.js'
import {HttpClient, type HttpResponse, isSuccess, parseJsonBody} from './http.js'
import {asListPage, fetchPages, mergedDocument, withPage} from './paging.js'
import {PLACEHOLDER_BASE_URL, resolveSettings, type Settings} from './config.js'
import {outputColumns, renderFormat, renderYaml} from './formats.js'
import {describeRequest, dryRunDocument, renderDryRun, renderHuman, writeErr, writeFileAtomically, writeOut} from './output.js'
import {normalizeBaseUrl, type RequestSpec} from './request.js'
import {styleFor} from './table.js'
import {upstreamError} from './upstream-error.js'

/** Send one request and print its answer (JSON, or bytes for a PDF). */
export interface SendPlan {
  kind: 'send'
  request: RequestSpec
  /** Where a binary answer goes (`-` = stdout). */
  outputFile?: string
  force?: boolean
  columns?: readonly string[]
}

/** A list: one page as the upstream answers it, or several merged (`--all`, `--limit`). */
export interface ListPlan {
  kind: 'list'
  request: RequestSpec
  paged: boolean
  startPage: number
  limit?: number
  columns?: readonly string[]
}

/** Stream the answer's bytes, unchanged, to a file (atomically) or stdout. */
export interface DownloadPlan {
  kind: 'download'
  request: RequestSpec
  outputFile: string
  force: boolean
}

/** Nothing to send: the answer is known locally (`reports run --list`). */
export interface LocalPlan {
  kind: 'local'
  /** What `--output json` prints. */
  result: unknown
  /** What people read. */
  text: string
}

export type Plan = SendPlan | ListPlan | DownloadPlan | LocalPlan

export type FlagValues = Record<string, unknown> & {output?: string; 'dry-run'?: boolean; debug?: boolean; yes?: boolean}

export abstract class BaseCommand extends Command {
  static baseFlags = baseFlags
  /** Changes upstream records: refused without --yes unless --dry-run is given. */
  static mutating = false

  protected flags: FlagValues = {}
  protected args: Record<string, string | undefined> = {}
  /** --columns, parsed: shown as given in table and csv output. */
  protected columns?: string[]
  private secrets: Pick<Credentials, 'token' | 'password'> = {token: process.env.CLI_API_TOKEN, password: process.env.CLI_API_PASSWORD}

  /** Turns flags and args into what should happen. Local validation throws usage errors (exit 2). */
  protected abstract plan(): Promise<Plan>

  protected get json(): boolean {
    return this.flags.output === 'json'
  }

  protected get userAgent(): string {
    return `invoicing-cli/${this.config.version}`
  }

  async run(): Promise<unknown> {
    const {flags, args} = await this.parse(this.ctor)
    this.flags = flags as FlagValues
    this.args = args as Record<string, string | undefined>
    this.columns = outputColumns(this.flags)
    const plan = await this.plan()
    if (plan.kind === 'local') return this.printLocal(plan)
    const mutating = (this.ctor as typeof BaseCommand).mutating
    if (mutating && !this.flags.yes && !this.flags['dry-run']) {
      throw new CliError(`${this.id?.replaceAll(':', ' ')} changes upstream records: pass --yes to confirm, or --dry-run to see the request without sending it`, ExitCode.guardrail)
    }
    if (this.flags['dry-run']) return this.dryRun(plan)
    const client = await this.client()
    try {
      return await this.execute(plan, client)
    } finally {
      client.close()
    }
  }

  protected async settings(): Promise<Settings> {
    const settings = await resolveSettings({
      configDir: this.config.configDir,
      flagBaseUrl: this.flags['base-url'] as string | undefined,
      flagProfile: this.flags.profile as string | undefined,
    })
    this.secrets = {token: settings.token, password: settings.password}
    return settings
  }

  /** A client for live requests: needs a token (exit 4) and a base URL (exit 2). */
  protected async client(): Promise<HttpClient> {
    const s = await this.settings()
    if (!s.token) throw new CliError('no token configured: set CLI_API_TOKEN or run "cli auth login"', ExitCode.auth)
    if (!s.baseUrl) throw new CliError('no base URL configured: pass --base-url, set CLI_BASE_URL or run "cli auth login"', ExitCode.usage)
    return new HttpClient({baseUrl: normalizeBaseUrl(s.baseUrl), token: s.token, password: s.password, userAgent: this.userAgent})
  }

  private async printLocal(plan: LocalPlan): Promise<unknown> {
    const formatted = await renderFormat(this.flags.output, plan.result, this.columns, this.columns !== undefined)
    await writeOut(formatted ?? (this.json ? JSON.stringify(plan.result) + '\n' : plan.text.endsWith('\n') ? plan.text : `${plan.text}\n`))
    return plan.result
  }

  protected async dryRun(plan: Exclude<Plan, LocalPlan>): Promise<unknown> {
    const s = await this.settings()
    const baseUrl = normalizeBaseUrl(s.baseUrl ?? PLACEHOLDER_BASE_URL)
    const request = plan.kind === 'list' && plan.paged ? withPage(plan.request, plan.startPage) : plan.request
    const described = describeRequest(request, baseUrl, {token: s.token, password: s.password, userAgent: this.userAgent})
    await writeOut(this.flags.output === 'yaml' ? await renderYaml(dryRunDocument(described)) : renderDryRun(described, this.json))
    if (plan.kind === 'list' && plan.paged) writeErr('dry run: shows the first page; further pages differ only in page=N')
    return described
  }

  protected async execute(plan: Exclude<Plan, LocalPlan>, client: HttpClient): Promise<unknown> {
    switch (plan.kind) {
      case 'download':
        return this.download(plan, client)
      case 'list':
        return plan.paged ? this.pagedList(plan, client) : this.sendAndPrint(plan, client)
      case 'send':
        return this.sendAndPrint(plan, client)
    }
  }

  private async sendAndPrint(plan: SendPlan | ListPlan, client: HttpClient): Promise<unknown> {
    const res = await client.send(plan.request)
    if (!isSuccess(res.status)) throw upstreamError(res.status, res.body, String(res.headers['content-type'] ?? ''))
    return this.printAnswer(res, plan)
  }

  /** Prints a successful answer: JSON as the output format says, other bytes to a file or a pipe. */
  protected async printAnswer(res: HttpResponse, plan: SendPlan | ListPlan): Promise<unknown> {
    const contentType = String(res.headers['content-type'] ?? '')
    if (plan.kind === 'send' && contentType && !/json/i.test(contentType)) {
      // Text (a CSV report) is printed; bytes (an action that renders a PDF) never land on a terminal.
      const isText = /^text\/|csv/i.test(contentType)
      const target = plan.outputFile ?? (isText || !process.stdout.isTTY ? '-' : undefined)
      if (!target) throw new CliError(`the upstream answered ${contentType}: give --output-file PATH (or pipe stdout)`, ExitCode.usage)
      await writeFileAtomically(target, plan.force ?? false, (write) => write(res.body))
      return undefined
    }
    const body = parseJsonBody(res)
    if (this.json) {
      await writeOut(res.body.toString('utf8').trimEnd() + '\n')
    } else {
      await writeOut(await this.render(body, plan.columns))
      if (plan.kind === 'list') this.pageFooter(body)
    }
    return body
  }

  /** An answer in any format but json: table (people), csv, yaml; --columns wins over the family's. */
  protected async render(body: unknown, familyColumns?: readonly string[]): Promise<string> {
    const columns = this.columns ?? familyColumns
    const explicit = this.columns !== undefined
    return (await renderFormat(this.flags.output, body, columns, explicit)) ?? `${renderHuman(body, styleFor(process.stdout), columns, explicit)}\n`
  }

  private pageFooter(body: unknown): void {
    const p = asListPage(body).meta?.pagination
    if (p && Number(p.total_pages) > 1) {
      writeErr(`page ${p.current_page} of ${p.total_pages} (${p.total} records): --page N for another page, --all for every page`)
    }
  }

  private async pagedList(plan: ListPlan, client: HttpClient): Promise<unknown> {
    const result = await fetchPages(plan.request, {startPage: plan.startPage, limit: plan.limit}, async (request) => {
      const res = await client.send(request)
      if (!isSuccess(res.status)) throw upstreamError(res.status, res.body, String(res.headers['content-type'] ?? ''))
      return asListPage(parseJsonBody(res))
    })
    const doc = mergedDocument(result)
    if (this.json) await writeOut(JSON.stringify(doc) + '\n')
    else {
      await writeOut(await this.render(doc, plan.columns))
      if (result.capReached) writeErr(`stopped after ${result.pagesFetched} pages (the page cap): narrow the listing with --filter`)
    }
    return doc
  }

  private async download(plan: DownloadPlan, client: HttpClient): Promise<unknown> {
    await client.stream(plan.request, (chunks) =>
      writeFileAtomically(plan.outputFile, plan.force, async (write) => {
        for await (const chunk of chunks) await write(chunk)
      }),
    )
    if (plan.outputFile !== '-') writeErr(`saved ${plan.outputFile}`)
    return undefined
  }

  /** The one error path: a clear line (and field errors) on stderr, a JSON document with --output json, the exit code. */
  async catch(error: Error & {exitCode?: number}): Promise<never> {
    if (error instanceof Errors.ExitError) throw error
    const cliError = toCliError(error)
    const scrub = (text: string): string => scrubSecrets(text, this.secrets)
    writeErr(scrub([`Error: ${cliError.message}`, ...cliError.details.map((d) => `  ${d}`)].join('\n')))
    if (this.wantsJson()) writeErr(scrub(JSON.stringify(cliError.toDocument())))
    if (this.wantsDebug() && !(error instanceof CliError && error.cause === undefined)) {
      writeErr(scrub(String((error instanceof CliError && error.cause instanceof Error ? error.cause : error).stack)))
    }
    this.exit(cliError.exitCode)
  }

  // Flags may not have been parsed when the error came from parsing itself: read the argv then.
  private wantsJson(): boolean {
    if (this.flags.output !== undefined) return this.flags.output === 'json'
    const i = this.argv.findIndex((a) => a === '--output' || a === '-o')
    return (i >= 0 && this.argv[i + 1] === 'json') || this.argv.includes('--output=json') || this.argv.includes('-ojson')
  }

  private wantsDebug(): boolean {
    return Boolean(this.flags.debug) || this.argv.includes('--debug') || Boolean(process.env.DEBUG)
  }
}

/** Any error → a CliError: oclif's parse errors are usage errors (exit 2), anything else unexpected (exit 1). */
export function toCliError(error: Error & {oclif?: {exit?: number}}): CliError {
  if (error instanceof CliError) return error
  if (error instanceof Errors.CLIError) {
    const message = error.message
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !/^(See more help with|The following errors? occurred)/.test(l))
      .map((l) => l.replace(/^Missing required flag (\w[\w-]*)$/, 'missing required flag --$1'))
      .join('; ')
    return new CliError(`${message} (see --help)`, ExitCode.usage, {cause: error})
  }
  return new CliError(`unexpected error: ${error.message} (run again with --debug for details)`, ExitCode.upstream, {cause: error})
}
