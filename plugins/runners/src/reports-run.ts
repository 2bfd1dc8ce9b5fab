import {Flags} from '@oclif/core'
import {
  apiPath,
  CliError,
  ExitCode,
  type Plan,
  type RequestSpec,
  RunnerCommand,
  type RunnerDefinition,
  runnerFlags,
  shown,
  usageError,
} from '@invoicing-cli/core'

import {REPORTS} from './catalog.js'

const MAX_POLL_DELAY_MS = 15_000
// reports/* allows about 20 requests a minute: a 429 means waiting out a good part of that window.
const RATE_LIMIT_DELAY_MS = 20_000

export default class ReportsRun extends RunnerCommand {
  static summary = 'Run an upstream report.'
  static description =
    `Calls POST /api/v1/<endpoint>, the --endpoint path (required), one of: ${REPORTS.join(', ')}.

The upstream e-mails the report unless send_email is false. With --wait the CLI sends send_email:false, takes ` +
    'the returned hash, polls POST /api/v1/reports/preview/<hash> (409 means not ready: it backs off) and prints ' +
    'the result: CSV as text, or the rows as JSON with --output json (YAML with --output yaml).'

  static examples = [
    '<%= config.bin %> reports run --endpoint reports/invoices --field date_range=last30 --wait > invoices.csv',
    '<%= config.bin %> reports run --endpoint reports/profitloss --field date_range=this_year --wait --output json',
    '<%= config.bin %> reports run --list',
  ]

  static flags = {
    ...runnerFlags,
    list: Flags.boolean({summary: 'Print the known report endpoints and exit (no request).'}),
    wait: Flags.boolean({summary: 'Send send_email:false, poll for the result and print it.'}),
    timeout: Flags.integer({
      summary: 'With --wait: give up after this many seconds (each request waits up to CLI_TIMEOUT).',
      default: 300,
      min: 1,
      max: 86_400,
    }),
    interval: Flags.string({summary: 'With --wait: first poll delay in seconds (grows 1.5× up to 15).', default: '2'}),
  }

  static runner: RunnerDefinition = {
    name: 'reports run',
    defaultMethod: 'POST',
    endpointHelp: `one of ${REPORTS.join(', ')}`,
  }

  // Here --timeout bounds the whole --wait; each request's own timeout comes from CLI_TIMEOUT.
  protected requestTimeoutFlag(): string | undefined {
    return undefined
  }

  protected async plan(): Promise<Plan> {
    if (this.flags.list) return {kind: 'local', result: REPORTS, text: REPORTS.join('\n')}
    const plan = await super.plan()
    if (!this.flags.wait || plan.kind !== 'send') return plan
    if (!plan.request.path.startsWith(apiPath('reports', '')))
      throw usageError('--wait needs a report endpoint such as reports/invoices')
    const interval = Number(this.flags.interval)
    if (!(interval > 0 && interval <= MAX_POLL_DELAY_MS / 1000))
      throw usageError(
        `--interval must be a number of seconds above 0 and at most 15, got ${shown(String(this.flags.interval))}`,
      )
    const body = {...(plan.request.body as Record<string, unknown>)}
    if (body.send_email === true)
      throw usageError('--wait sends send_email:false (the result comes back here, not by e-mail): drop send_email')
    body.send_email = false
    // JSON rows print as json or yaml; csv (and the table view) print the upstream's CSV as it is.
    if (this.format.document && body.output === undefined) body.output = 'json'
    const start: RequestSpec = {...plan.request, body: body as RequestSpec['body'], changes: false}
    const timeout = this.flags.timeout as number
    return {
      kind: 'poll',
      start,
      poll: previewRequest,
      pending: 409,
      intervalMs: interval * 1000,
      maxIntervalMs: MAX_POLL_DELAY_MS,
      rateLimitedMs: RATE_LIMIT_DELAY_MS,
      timeoutMs: timeout * 1000,
      expect: 'any',
      expired: (poll) =>
        `report not ready after ${timeout}s: fetch it later (within an hour) with: cli reports run ` +
        `--endpoint ${poll.path.replace('/api/v1/', '')}`,
      note: '--wait would then poll POST /api/v1/reports/preview/<hash> until the result is ready',
    }
  }
}

/** The preview of a started report: its hash is the start's `message`. */
function previewRequest(started: unknown): RequestSpec {
  const hash = (started as {message?: unknown} | null)?.message
  if (typeof hash !== 'string' || !/^[A-Za-z0-9]+$/.test(hash)) {
    throw new CliError(
      `the upstream answered no report hash (${JSON.stringify(hash)}): is this a report endpoint?`,
      ExitCode.upstream,
    )
  }
  return {method: 'POST', path: apiPath('reports', 'preview', hash), query: [], changes: false}
}
