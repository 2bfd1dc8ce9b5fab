import {setTimeout as sleep} from 'node:timers/promises'

import {Flags} from '@oclif/core'
import {
  answerError,
  apiPath,
  CliError,
  ExitCode,
  type HttpClient,
  isSuccess,
  parseJsonBody,
  type Plan,
  type RequestSpec,
  RunnerCommand,
  type RunnerDefinition,
  runnerFlags,
  shown,
  usageError,
  writeErr,
} from '@invoicing-cli/core'

import {REPORTS} from './catalog.js'

const MAX_POLL_DELAY_MS = 15_000
// reports/* allows about 20 requests a minute: a 429 means waiting out a good part of that window.
const RATE_LIMIT_DELAY_MS = 20_000

export default class ReportsRun extends RunnerCommand {
  static summary = 'Run an upstream report.'
  static description = `Calls POST /api/v1/<endpoint>, the --endpoint path (required), one of: ${REPORTS.join(', ')}.

The upstream e-mails the report unless send_email is false. With --wait the CLI sends send_email:false, takes the returned hash, polls POST /api/v1/reports/preview/<hash> (409 means not ready: it backs off) and prints the result: CSV as text, or the rows as JSON with --output json (YAML with --output yaml).`

  static examples = [
    '<%= config.bin %> reports run --endpoint reports/invoices --field date_range=last30 --wait > invoices.csv',
    '<%= config.bin %> reports run --endpoint reports/profitloss --field date_range=this_year --wait --output json',
    '<%= config.bin %> reports run --list',
  ]

  static flags = {
    ...runnerFlags,
    list: Flags.boolean({summary: 'Print the known report endpoints and exit (no request).'}),
    wait: Flags.boolean({summary: 'Send send_email:false, poll for the result and print it.'}),
    timeout: Flags.integer({summary: 'With --wait: give up after this many seconds (each request waits up to CLI_TIMEOUT).', default: 300, min: 1, max: 86_400}),
    interval: Flags.string({summary: 'With --wait: first poll delay in seconds (grows 1.5× up to 15).', default: '2'}),
  }

  static runner: RunnerDefinition = {name: 'reports run', defaultMethod: 'POST', endpointHelp: `one of ${REPORTS.join(', ')}`}

  // Here --timeout bounds the whole --wait; each request's own timeout comes from CLI_TIMEOUT.
  protected requestTimeoutFlag(): string | undefined {
    return undefined
  }

  protected async plan(): Promise<Plan> {
    if (this.flags.list) return {kind: 'local', result: REPORTS, text: REPORTS.join('\n')}
    const plan = await super.plan()
    if (!this.flags.wait || plan.kind !== 'send') return plan
    if (!plan.request.path.startsWith(apiPath('reports', ''))) throw usageError('--wait needs a report endpoint such as reports/invoices')
    const interval = Number(this.flags.interval)
    if (!(interval > 0 && interval <= MAX_POLL_DELAY_MS / 1000)) throw usageError(`--interval must be a number of seconds above 0 and at most 15, got ${shown(String(this.flags.interval))}`)
    const body = {...(plan.request.body as Record<string, unknown>)}
    if (body.send_email === true) throw usageError('--wait sends send_email:false (the result comes back here, not by e-mail): drop send_email')
    body.send_email = false
    // JSON rows print as json or yaml; csv (and the table view) print the upstream's CSV as it is.
    if ((this.json || this.flags.output === 'yaml') && body.output === undefined) body.output = 'json'
    return {...plan, request: {...plan.request, body: body as RequestSpec['body'], changes: false}}
  }

  protected async dryRun(plan: Exclude<Plan, {kind: 'local'}>): Promise<unknown> {
    const described = await super.dryRun(plan)
    if (this.flags.wait) writeErr('dry run: --wait would then poll POST /api/v1/reports/preview/<hash> until the result is ready')
    return described
  }

  protected async execute(plan: Exclude<Plan, {kind: 'local'}>, client: HttpClient): Promise<unknown> {
    if (!this.flags.wait || plan.kind !== 'send') return super.execute(plan, client)
    const started = await client.send(plan.request)
    if (!isSuccess(started.status)) throw answerError(started, plan.request)
    const hash = (parseJsonBody(started) as {message?: unknown}).message
    if (typeof hash !== 'string' || !/^[A-Za-z0-9]+$/.test(hash)) {
      throw new CliError(`the upstream answered no report hash (${JSON.stringify(hash)}): is this a report endpoint?`, ExitCode.upstream)
    }
    const preview: RequestSpec = {method: 'POST', path: apiPath('reports', 'preview', hash), query: [], changes: false}
    const deadline = Date.now() + (this.flags.timeout as number) * 1000
    let delay = Number(this.flags.interval) * 1000
    const progress = process.stderr.isTTY
    for (;;) {
      const res = await client.send(preview)
      if (isSuccess(res.status)) {
        if (progress) process.stderr.write('\n')
        return this.printAnswer(res, {kind: 'send', request: preview})
      }
      if (res.status !== 409 && res.status !== 429) throw answerError(res, preview)
      if (res.status === 429) {
        writeErr(`rate limited by the upstream: waiting ${RATE_LIMIT_DELAY_MS / 1000}s before polling again`)
        delay = Math.max(delay, RATE_LIMIT_DELAY_MS)
      }
      if (Date.now() + delay > deadline) {
        throw new CliError(
          `report not ready after ${this.flags.timeout}s: fetch it later (within an hour) with: cli reports run --endpoint reports/preview/${hash}`,
          ExitCode.upstream,
        )
      }
      if (progress) process.stderr.write(`\rwaiting for the report… next check in ${Math.round(delay / 1000)}s `)
      await sleep(delay)
      delay = Math.min(delay * 1.5, MAX_POLL_DELAY_MS)
    }
  }
}
