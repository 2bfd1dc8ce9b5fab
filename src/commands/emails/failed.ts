import {Flags} from '@oclif/core'
import {
  BaseCommand,
  flags as coreFlags,
  isIsoDate,
  type Plan,
  shown,
  stdoutFacts,
  styleFor,
  usageError,
  writeErr,
} from '@invoicing-cli/core/internal'

import {listRequest, readAll} from '../../month-end/read-all.js'
import {emailFamily, joinRecords, type Joined} from '../../month-end/emails-failed/join.js'
import {failedMail, type FailedMail, MAIL_CATEGORY} from '../../month-end/emails-failed/mail-events.js'
import {failedRows, failedText, resendList, sentText} from '../../month-end/emails-failed/render.js'

/** A failure's columns in CSV. */
const COLUMNS = ['at', 'reason', 'entity', 'number', 'client', 'recipient', 'detail']

/**
 * `cli emails failed`: the system log's mail entries that failed, newest first, joined with the client and the
 * record e-mailed; `--resend --yes` e-mails each record again once, through its family's `email` operation.
 */
export default class EmailsFailed extends BaseCommand {
  static summary = 'List the e-mails that bounced, drew a spam complaint or failed; send them again.'
  static description =
    `Reads the system log's mail entries (GET /api/v1/system_logs?category_id=${MAIL_CATEGORY}, every page) and ` +
    'keeps those that failed: bounced, spam complaint, held back by the sending quota, failed upstream, failed to ' +
    'send. Each is joined with its client and, where the log names it, the record e-mailed (its number, read once ' +
    "per record). A mailer's send failure names only the client. --resend e-mails each named record again, once, " +
    "with its family's default template (POST /api/v1/emails, as `cli invoices email ID`); it needs --yes or " +
    '--dry-run. See docs/month-end.md.'

  static examples = [
    '<%= config.bin %> emails failed',
    '<%= config.bin %> emails failed --since 2024-03-01 --output json',
    '<%= config.bin %> emails failed --resend --dry-run',
    '<%= config.bin %> emails failed --resend --yes',
  ]

  static mutating = true

  static flags = {
    since: Flags.string({summary: 'Only entries changed on or after this day (YYYY-MM-DD; the updated_at filter).'}),
    resend: Flags.boolean({summary: 'E-mail each record named again, once (needs --yes, or --dry-run).'}),
    ...coreFlags.yesFlag,
  }

  /** Only --resend changes anything. */
  protected isMutating(): boolean {
    return Boolean(this.flags.resend)
  }

  protected async plan(): Promise<Plan> {
    const since = this.flags.since as string | undefined
    if (since !== undefined && !isIsoDate(since))
      throw usageError(`--since must be a date as YYYY-MM-DD, got ${shown(since)}`)
    // Refused before the log is read: a refusal sends nothing.
    this.checkGuardrail()
    const failed = await this.read(since)
    const data = failedRows(failed)
    if (!this.flags.resend)
      return {
        kind: 'local',
        result: {data},
        text: failedText(failed, true, styleFor(stdoutFacts()).width),
        columns: COLUMNS,
      }
    const {records, unnamed} = resendList(failed)
    if (records.length === 0)
      return {
        kind: 'local',
        result: {data, resent: []},
        text: `${failedText(failed, false)}\nNothing to resend.`,
        columns: COLUMNS,
      }
    const requests = records.map(
      (r) =>
        emailFamily(r.entity)!
          .operations.find((op) => op.name === 'email')!
          .build({}, r.id).request,
    )
    const label = (i: number) => `e-mail ${i + 1} of ${records.length} (${records[i].label})`
    if (unnamed > 0) this.warnUnnamed(unnamed)
    return {
      kind: 'series',
      requests,
      label,
      dryRunExtra: {failed: data},
      columns: COLUMNS,
      done: () => ({result: {data, resent: records.map((r) => r.id)}, text: sentText(records)}),
    }
  }

  private async read(since?: string): Promise<Joined[]> {
    const client = await this.client()
    try {
      const entries = await readAll(
        client,
        listRequest('system_logs', 'system-logs', [
          ['category_id', String(MAIL_CATEGORY)],
          ['sort', 'updated_at|desc'],
          ...(since ? [['updated_at', since] as [string, string]] : []),
        ]),
      )
      const failed = entries
        .map(failedMail)
        .filter((f): f is FailedMail => f !== undefined)
        .sort((a, b) => b.at - a.at)
      return await joinRecords(client, failed)
    } finally {
      client.close()
    }
  }

  private warnUnnamed(n: number): void {
    writeErr(
      `note: ${n} failed e-mail${n === 1 ? ' names' : 's name'} no record the server still has (a send failure ` +
        'names only the client): not resent',
    )
  }
}
