/**
 * The one base command: shared flags, the guardrail, dry runs, sending, output and the error
 * path. Subclasses only turn their flags into a Plan (plain data); this class decides what
 * happens to it.
 */
import {Command, Errors} from '@oclif/core'

import {errorLabel} from './color.js'
import {CliError, ExitCode} from './errors.js'
import {baseFlags} from './flags.js'
import {type Credentials, scrubBytes, scrubSecrets} from './headers.js'
import {headerValue, HttpClient, type HttpResponse, isSuccess, parseJsonBody} from './http.js'
import {checkInputValues, checkSecret} from './input.js'
import {quitOnClosedStdout} from './closed-stdout.js'
import {exitOnInterrupt} from './interrupt.js'
import {collectSink, jsonSink, ndjsonSink} from './list-output.js'
import {type NetFlags, netOptions, type NetOptions} from './net-options.js'
import {asListPage, fetchPages, mergedMeta, RateLimitedError, rateLimitWait, withPage} from './paging.js'
import {progressLine} from './progress.js'
import {seconds} from './retry.js'
import {PLACEHOLDER_BASE_URL, resolveSettings, type Settings} from './config.js'
import {outputColumns, recordsOf, renderFormat, renderYaml} from './formats.js'
import {dataOf, describeRequest, dryRunDocument, jsonText, outputPath, renderDryRun, renderHuman, writeErr, writeFileAtomically, writeOut} from './output.js'
import {checkTransport, type Json, normalizeBaseUrl, type RequestSpec} from './request.js'
import {type Style, styleFor} from './table.js'
import {answerError} from './upstream-error.js'
import {escapeControls} from './terminal.js'
import {columnWarner, formatJson, isJsonFormat, outputQuery, pickFields, type Query, selectFields} from './shape.js'
import {parseErrorMessage, type ParseContext} from './parse-errors.js'
import {isWantedFile, notTheFileError, peek, readSome} from './download.js'
import {recordDiff, renderDiff} from './record-edit.js'
import type {FileKind} from './registry.js'

/** What to send instead when the server answers the request with its catch-all 404 (routes.ts Routed). */
export interface Fallback {
  fallback?: {request: RequestSpec; note: string}
}

/** Send one request and print its answer (JSON, or bytes for a PDF). */
export interface SendPlan extends Fallback {
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
  /** Pages fetched at once after the first (`--concurrency`). */
  concurrency?: number
  columns?: readonly string[]
}

/** Stream the answer's bytes, unchanged, to a file (atomically) or stdout, once they are the file asked for. */
export interface DownloadPlan extends Fallback {
  kind: 'download'
  request: RequestSpec
  outputFile: string
  force: boolean
  expect: FileKind
  /** The download's request comes from a record read first (`download --id`: its invitation key). */
  lookup?: {read: RequestSpec; request: (record: {[key: string]: Json}) => RequestSpec; note: string}
}

/**
 * Read a record, then send a change built from it (list edits, a count for a warning, a diff).
 * `write` is pure: the record in, the request and the warnings out.
 */
export interface EditPlan {
  kind: 'edit'
  read: RequestSpec
  /** The change can be built without the record: an offline dry run shows this one. */
  offline?: {request: RequestSpec; warnings: string[]}
  write: (record: {[key: string]: Json}) => {request: RequestSpec; warnings: string[]}
  /** --diff: a dry run prints the fields that would change. */
  diff: boolean
}

/** Nothing to send: the answer is known locally (`reports run --list`). */
export interface LocalPlan {
  kind: 'local'
  /** What `--output json` prints. */
  result: unknown
  /** What people read. */
  text: string
}

export type Plan = SendPlan | ListPlan | DownloadPlan | EditPlan | LocalPlan

export type FlagValues = Record<string, unknown> & {output?: string; 'dry-run'?: boolean; debug?: boolean; yes?: boolean}

export abstract class BaseCommand extends Command {
  /** A command may honour fewer of them (auth commands): it lists only those. */
  static baseFlags: Partial<typeof baseFlags> = baseFlags
  /** Changes upstream records: refused without --yes unless --dry-run is given. */
  static mutating = false

  protected flags: FlagValues = {}
  protected args: Record<string, string | undefined> = {}
  /** --columns, parsed: shown as given in table and csv output. */
  protected columns?: string[]
  /** --query, compiled. */
  protected query?: Query
  private secrets: Pick<Credentials, 'token' | 'password'> = {token: process.env.CLI_API_TOKEN, password: process.env.CLI_API_PASSWORD}
  private net?: NetOptions

  /** Whether this run changes upstream records, so needs --yes or --dry-run (the class's `mutating` unless a command knows better). */
  protected isMutating(): boolean {
    return (this.ctor as typeof BaseCommand).mutating
  }

  /** Turns flags and args into what should happen. Local validation throws usage errors (exit 2). */
  protected abstract plan(): Promise<Plan>

  protected get json(): boolean {
    return this.flags.output === 'json'
  }

  protected get userAgent(): string {
    return `invoicing-cli/${this.config.version}`
  }

  /** The request timeout flag; a command whose own --timeout means something else returns undefined (CLI_TIMEOUT then). */
  protected requestTimeoutFlag(): string | undefined {
    return this.flags.timeout as string | undefined
  }

  async run(): Promise<unknown> {
    quitOnClosedStdout()
    const uninstall = exitOnInterrupt((error) => this.report(error))
    try {
      return await this.runCommand()
    } finally {
      uninstall()
    }
  }

  private async runCommand(): Promise<unknown> {
    const {flags, args} = await this.parse(this.ctor)
    this.flags = flags as FlagValues
    this.args = args as Record<string, string | undefined>
    checkInputValues(this.flags, this.args)
    this.net = netOptions({...(this.flags as NetFlags), timeout: this.requestTimeoutFlag()})
    this.columns = outputColumns(this.flags)
    this.query = await outputQuery(this.flags)
    const plan = await this.plan()
    if (plan.kind === 'local') return this.printLocal(plan)
    if (this.isMutating() && !this.flags.yes && !this.flags['dry-run']) {
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
  protected async client(s?: Settings): Promise<HttpClient> {
    s ??= await this.settings()
    if (!s.token) throw new CliError(s.tokenWithheld ?? 'no token configured: set CLI_API_TOKEN or run "cli auth login"', ExitCode.auth)
    if (s.baseUrl === undefined) throw new CliError('no base URL configured: pass --base-url, set CLI_BASE_URL or run "cli auth login"', ExitCode.usage)
    return this.connect({baseUrl: s.baseUrl, token: s.token, password: s.password})
  }

  /** The one way to an HttpClient: transport check, timeouts, retries and the --verbose trace from the flags. */
  protected connect(to: {baseUrl: string; token: string; password?: string}): HttpClient {
    const net = this.net ?? netOptions({})
    const baseUrl = normalizeBaseUrl(to.baseUrl)
    checkSecret(to.token, 'the API token')
    if (to.password !== undefined) checkSecret(to.password, 'CLI_API_PASSWORD', true)
    checkTransport(baseUrl, net.insecure)
    this.secrets = {token: to.token, password: to.password}
    return new HttpClient({
      ...to,
      baseUrl,
      userAgent: this.userAgent,
      timeoutMs: net.timeoutMs,
      maxResponseBytes: net.maxResponseBytes,
      retries: net.retries,
      waitScale: net.waitScale,
      trace: net.verbose ? writeErr : undefined,
      notify: writeErr,
    })
  }

  /** Writes text for stdout: the secrets in use never appear there, even when an answer holds them. */
  protected async print(text: string): Promise<void> {
    await writeOut(scrubSecrets(text, this.secrets))
  }

  private async printLocal(plan: LocalPlan): Promise<unknown> {
    const formatted = await renderFormat(this.flags.output, plan.result, this.columns, this.columns !== undefined)
    await this.print(formatted ?? (this.json ? jsonText(plan.result) : plan.text.endsWith('\n') ? plan.text : `${plan.text}\n`))
    return plan.result
  }

  protected async dryRun(plan: Exclude<Plan, LocalPlan>): Promise<unknown> {
    if (plan.kind === 'edit') return this.dryRunEdit(plan)
    const s = await this.settings()
    const baseUrl = normalizeBaseUrl(s.baseUrl ?? PLACEHOLDER_BASE_URL)
    const describe = (request: RequestSpec) => describeRequest(request, baseUrl, {token: s.token, password: s.password, userAgent: this.userAgent})
    const request = plan.kind === 'list' && plan.paged ? withPage(plan.request, plan.startPage) : plan.kind === 'download' && plan.lookup ? plan.lookup.read : plan.request
    const described = describe(request)
    const fallback = plan.kind !== 'list' && plan.fallback ? describe(plan.fallback.request) : undefined
    if (plan.kind === 'download' && plan.lookup) writeErr(`dry run: ${plan.lookup.note}`)
    const extra = fallback ? {fallback: {when: 'the server answers 404 (no such route)', request: fallback}} : {}
    await this.printDryRun(described, extra)
    if (fallback && !this.json && this.flags.output !== 'yaml') writeErr(`dry run: if the server answers 404 (it has no such route), the action is sent once as ${fallback.method} ${fallback.url} ${JSON.stringify(fallback.body)}`)
    if (plan.kind === 'list' && plan.paged) writeErr('dry run: shows the first page; further pages differ only in page=N')
    return described
  }

  private async printDryRun(described: ReturnType<typeof describeRequest>, extra: Record<string, unknown> = {}): Promise<void> {
    if (this.flags.output === 'yaml') await writeOut(await renderYaml({...dryRunDocument(described), ...extra}))
    else if (this.json) await writeOut(`${JSON.stringify({...dryRunDocument(described), ...extra})}\n`)
    else await writeOut(renderDryRun(described, false))
  }

  /** A dry run of an edit: reads the record when the change or --diff needs it (a GET changes nothing), else stays offline. */
  private async dryRunEdit(plan: EditPlan): Promise<unknown> {
    const s = await this.settings()
    const creds = {token: s.token, password: s.password, userAgent: this.userAgent}
    if (plan.offline && !plan.diff) {
      for (const w of plan.offline.warnings) writeErr(w)
      const described = describeRequest(plan.offline.request, normalizeBaseUrl(s.baseUrl ?? PLACEHOLDER_BASE_URL), creds)
      await this.printDryRun(described)
      return described
    }
    const client = await this.client(s)
    try {
      writeErr(`dry run: reading ${plan.read.path} to build the request (nothing is changed)`)
      const record = await this.readRecord(plan.read, client)
      const {request, warnings} = plan.write(record)
      for (const w of warnings) writeErr(w)
      const described = describeRequest(request, client.connection.baseUrl, creds)
      const changes = plan.diff ? recordDiff(record, (request.body ?? {}) as {[key: string]: Json}) : undefined
      await this.printDryRun(described, changes ? {diff: changes} : {})
      if (changes && !this.json && this.flags.output !== 'yaml') await writeOut(renderDiff(changes))
      return described
    } finally {
      client.close()
    }
  }

  /** GET one record: its `data`. */
  private async readRecord(read: RequestSpec, client: HttpClient): Promise<{[key: string]: Json}> {
    const res = await client.send(read)
    if (!isSuccess(res.status)) throw answerError(res, read)
    const data = dataOf(parseJsonBody(res))
    if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new CliError(`the upstream answered ${read.path} with something that is not a record`, ExitCode.upstream)
    return data as {[key: string]: Json}
  }

  /** Sends the plan's request; after the server's 404 (no such route, nothing happened) its fallback, once. */
  private async withFallback<T>(plan: Fallback & {request: RequestSpec}, run: (request: RequestSpec) => Promise<T>): Promise<T> {
    try {
      return await run(plan.request)
    } catch (error) {
      if (!plan.fallback || !(error instanceof CliError) || error.status !== 404) throw error
      writeErr(plan.fallback.note)
      return run(plan.fallback.request)
    }
  }

  protected async execute(plan: Exclude<Plan, LocalPlan>, client: HttpClient): Promise<unknown> {
    switch (plan.kind) {
      case 'download':
        return this.download(plan, client)
      case 'list':
        return plan.paged ? this.pagedList(plan, client) : this.sendAndPrint(plan, client)
      case 'send':
        return this.withFallback(plan, (request) => this.sendAndPrint({...plan, request}, client))
      case 'edit': {
        const {request, warnings} = plan.write(await this.readRecord(plan.read, client))
        for (const w of warnings) writeErr(w)
        return this.sendAndPrint({kind: 'send', request}, client)
      }
    }
  }

  private async sendAndPrint(plan: SendPlan | ListPlan, client: HttpClient): Promise<unknown> {
    const res = await client.send(plan.request)
    if (!isSuccess(res.status)) throw answerError(res, plan.request)
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
      const body = isText ? scrubBytes(res.body, this.secrets) : res.body
      await writeFileAtomically(await outputPath(target, res.headers, this.secrets), plan.force ?? false, (write) => write(body))
      return undefined
    }
    if (res.status === 204 || res.body.length === 0) return this.emptySuccess(res.status, plan.request)
    const body = parseJsonBody(res)
    columnWarner(this.columns)(recordsOf(body))
    // json piped and not reshaped: the upstream's JSON unchanged.
    if (this.json && this.columns === undefined && this.query === undefined && !process.stdout.isTTY) {
      await this.print(res.body.toString('utf8').trimEnd() + '\n')
    } else {
      await this.print(await this.render(body, plan.columns))
      if (plan.kind === 'list' && !isJsonFormat(this.flags.output)) this.pageFooter(body)
    }
    return body
  }

  /** A success without a body (a 204, an empty 200): one line on stderr; json, ndjson and yaml still get one document. */
  private async emptySuccess(status: number, request: RequestSpec): Promise<unknown> {
    const doc = {status, data: null}
    writeErr(`done: ${request.method} ${request.path} answered ${status} with no body`)
    if (this.json || this.flags.output === 'ndjson') await this.print(`${JSON.stringify(doc)}\n`)
    else if (this.flags.output === 'yaml') await this.print(await renderYaml(doc))
    return doc
  }

  /** --columns and --query applied to a JSON answer (json, ndjson, yaml). */
  protected shape(body: unknown): unknown {
    const selected = selectFields(body, this.columns)
    return this.query ? this.query(selected) : selected
  }

  /** An answer in any format: table (people), csv, json, ndjson, yaml; --columns wins over the family's. */
  protected async render(body: unknown, familyColumns?: readonly string[]): Promise<string> {
    if (isJsonFormat(this.flags.output)) return formatJson(this.flags.output!, this.shape(body), this.query !== undefined)
    const columns = this.columns ?? familyColumns
    const explicit = this.columns !== undefined
    return (await renderFormat(this.flags.output, body, columns, explicit)) ?? `${renderHuman(body, {...styleFor(process.stdout), note: writeErr, ...this.tableStyle()}, columns, explicit)}\n`
  }

  /** What tables of this command know beyond the terminal: a family's status names. */
  protected tableStyle(): Partial<Style> {
    return {}
  }

  private pageFooter(body: unknown): void {
    const p = asListPage(body).meta?.pagination
    if (p && Number(p.total_pages) > 1) {
      writeErr(`page ${p.current_page} of ${p.total_pages} (${p.total} records): --page N for another page, --all for every page`)
    }
  }

  private async pagedList(plan: ListPlan, client: HttpClient): Promise<unknown> {
    const format = this.flags.output
    const write = (text: string) => this.print(text)
    // Streamed page by page when piped; a terminal (indented JSON) or --query needs the whole document.
    const stream = this.query === undefined && !(format === 'json' && process.stdout.isTTY)
    const sink = stream && format === 'json' ? jsonSink(write) : stream && format === 'ndjson' ? ndjsonSink(write) : collectSink(async (doc) => write(await this.render(doc, plan.columns)))
    const warn = columnWarner(this.columns)
    const progress = progressLine(process.stderr)
    const summary = await fetchPages(
      plan.request,
      {
        startPage: plan.startPage,
        limit: plan.limit,
        concurrency: plan.concurrency,
        retries: client.connection.retries,
        backoffMs: (retry, retryAfter) => Math.round(rateLimitWait(retry, retryAfter) * (client.connection.waitScale ?? 1)),
        onWarning: (line) => writeErr(`Warning: ${line}`),
        onRateLimited: ({page, waitMs, window}) =>
          writeErr(`rate limited (429) on page ${page}: waiting ${seconds(waitMs)}, then ${window} request${window === 1 ? '' : 's'} at a time`),
        onRecords: async (records, p) => {
          warn(records)
          await sink.add(stream && this.columns ? records.map((r) => pickFields(r, this.columns!)) : records)
          progress.update(`page ${p.pagesDone}${p.pagesPlanned ? `/${p.pagesPlanned}` : ''}, ${p.records} records`)
        },
      },
      async (request, signal) => {
        // A 429 comes back here rather than being retried by the client: the window shrinks first.
        const res = await client.send(request, {passRateLimit: true, signal})
        if (res.status === 429) throw new RateLimitedError(headerValue(res.headers, 'retry-after'))
        if (!isSuccess(res.status)) throw answerError(res, request)
        return asListPage(parseJsonBody(res))
      },
    ).finally(() => progress.done())
    const meta = mergedMeta(summary)
    await sink.finish(meta)
    if (summary.capReached) writeErr(`stopped after ${summary.pagesFetched} pages (the page cap): narrow the listing with --filter`)
    return meta
  }

  private async download(plan: DownloadPlan, client: HttpClient): Promise<unknown> {
    if (plan.lookup) plan = {...plan, request: plan.lookup.request(await this.readRecord(plan.lookup.read, client)), lookup: undefined}
    let saved = plan.outputFile
    await this.withFallback(plan, (request) =>
      client.stream(request, async (chunks, res) => {
        const contentType = String(headerValue(res.headers, 'content-type') ?? '')
        const {head, rest} = await peek(chunks)
        if (!isWantedFile(plan.expect, contentType, head, headerValue(res.headers, 'content-disposition'))) {
          throw notTheFileError(plan.expect, res.status, contentType, await readSome(rest))
        }
        saved = await outputPath(plan.outputFile, res.headers, this.secrets)
        await writeFileAtomically(saved, plan.force, async (write) => {
          for await (const chunk of rest) await write(chunk)
        })
      }),
    )
    if (saved !== '-') writeErr(`saved ${saved}`)
    return undefined
  }

  /** The one error path: a clear line (and field errors) on stderr, a JSON document with --output json, the exit code. */
  async catch(error: Error & {exitCode?: number}): Promise<never> {
    if (error instanceof Errors.ExitError || (error as {skipOclifErrorHandling?: boolean}).skipOclifErrorHandling) throw error
    const cliError = toCliError(error, this.parseContext())
    this.report(cliError)
    if (this.wantsDebug() && !(error instanceof CliError && error.cause === undefined)) {
      writeErr(scrubSecrets(String((error instanceof CliError && error.cause instanceof Error ? error.cause : error).stack), this.secrets))
    }
    throw silentExit(cliError.exitCode)
  }

  private report(cliError: CliError): void {
    // Flags may not have been parsed when the error came from parsing itself: read the argv then.
    const json = this.flags.output === undefined ? argvAsksForJson(this.argv) : this.flags.output === 'json'
    reportError(cliError, json, this.secrets)
  }

  /** What parse error messages say about this command: its words and flags (unknown flags get the nearest). */
  protected parseContext(): ParseContext {
    const ctor = this.ctor as typeof BaseCommand
    return {command: `${this.config.bin} ${this.id?.replaceAll(':', ' ') ?? ''}`.trim(), flags: Object.keys({...ctor.baseFlags, ...ctor.flags}).filter((f) => !ctor.flags?.[f]?.hidden)}
  }

  private wantsDebug(): boolean {
    return Boolean(this.flags.debug) || this.argv.includes('--debug') || Boolean(process.env.DEBUG)
  }
}

/** The error on stderr: one line (each detail on its own), then the JSON document when `json`. */
export function reportError(error: CliError, json: boolean, secrets: Pick<Credentials, 'token' | 'password'> = {}): void {
  const scrub = (text: string): string => scrubSecrets(text, secrets)
  writeErr(scrub([`${errorLabel()} ${oneLine(error.message)}`, ...error.details.map((d) => `  ${oneLine(d)}`)].join('\n')))
  if (json) writeErr(scrub(JSON.stringify(error.toDocument())))
}

/** `--output json` (or `-o json`, `--output=json`, `-ojson`) among raw arguments. */
export function argvAsksForJson(argv: readonly string[]): boolean {
  return argv.includes('--output=json') || argv.includes('-ojson') || argv.some((a, i) => (a === '--output' || a === '-o') && argv[i + 1] === 'json')
}

/**
 * Ends the command with an exit code and nothing more printed. Not oclif's ExitError: a plugin
 * may run with another copy of @oclif/core, whose handler would not recognise that class and
 * print it; every copy honours `skipOclifErrorHandling`.
 */
export function silentExit(code: number): Error {
  return Object.assign(new Error(`EEXIT: ${code}`), {code: 'EEXIT', oclif: {exit: code}, skipOclifErrorHandling: true})
}

/** Control characters (an upstream message may hold newlines or terminal escapes) shown escaped: one line stays one line. */
const ESCAPES: Record<string, string> = {'\n': '\\n', '\r': '\\r', '\t': '\\t'}
const oneLine = (text: string): string => escapeControls(text.replaceAll(/[\n\r\t]/g, (c) => ESCAPES[c]))

/** Any error → a CliError: oclif's parse errors are usage errors (exit 2), anything else unexpected (exit 1). */
export function toCliError(error: Error & {oclif?: {exit?: number}}, context?: ParseContext): CliError {
  if (error instanceof CliError) return error
  if (error instanceof Errors.CLIError) return new CliError(parseErrorMessage(error, context), ExitCode.usage, {cause: error})
  return new CliError(`unexpected error: ${error.message} (run again with --debug for details)`, ExitCode.upstream, {cause: error})
}
