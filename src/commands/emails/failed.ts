import {Flags} from '@oclif/core'
import {
  BaseCommand,
  flags as coreFlags,
  isIsoDate,
  type Plan,
  readJournal,
  shown,
  stdoutFacts,
  styleFor,
  usageError,
  writeErr,
} from '@invoicing-cli/core/internal'

import {listRequest, readAll} from '../../month-end/read-all.js'
import {emailFamily, joinRecords, type Joined} from '../../month-end/emails-failed/join.js'
import {failedMail, type FailedMail, MAIL_CATEGORY} from '../../month-end/emails-failed/mail-events.js'
import {failedRows, failedText, notResentLines, sentText} from '../../month-end/emails-failed/render.js'
import {chooseResends, REASONS, type ResendChoice} from '../../month-end/emails-failed/resend.js'
import {emailedSince} from '../../month-end/emails-failed/resent.js'

/** A failure's columns in CSV. */
const COLUMNS = ['at', 'reason', 'entity', 'number', 'client', 'recipient', 'detail']

/**
 * `cli emails failed`: the system log's mail entries that failed, newest first, joined with the client and the
 * record e-mailed; `--resend --yes` e-mails each record again once, through its family's `email` operation.
 */
const NONE_LEFT = 'each failed e-mail is left out for the reason said above'
const NONE_FAILED = 'the system log read holds no failed e-mail'

export default class EmailsFailed extends BaseCommand {
  static summary = 'List the e-mails that bounced, drew a spam complaint or failed; send them again.'
  static description =
    `Reads the system log's mail entries (GET /api/v1/system_logs?category_id=${MAIL_CATEGORY}, every page) and ` +
    'keeps those that failed: bounced, spam complaint, held back by the sending quota, failed upstream, failed to ' +
    'send. Each is joined with its client and, where the log names it, the record e-mailed (its number, read once ' +
    "per record). A mailer's send failure names only the client. --resend e-mails each named record again, once, " +
    "with its family's default template (POST /api/v1/emails, as `cli invoices email ID`); it needs --yes or " +
    '--dry-run. It resends only delivery failures to an address that can still receive mail: never after a spam ' +
    'complaint, never to an address that hard-bounced, never a deleted, paid or cancelled record, and never an ' +
    'record e-mailed again since it failed (the journal of changes says) unless --again. See docs/month-end.md.'

  static examples = [
    '<%= config.bin %> emails failed',
    '<%= config.bin %> emails failed --since 2024-03-01 --output json',
    '<%= config.bin %> emails failed --resend --dry-run',
    '<%= config.bin %> emails failed --resend --yes',
    '<%= config.bin %> emails failed --resend --reason bounced --reason quota --yes',
    '<%= config.bin %> emails failed --resend --id Sl4dQ6zSr8 --yes',
  ]

  static mutating = true

  static flags = {
    since: Flags.string({summary: 'Only entries changed on or after this day (YYYY-MM-DD; the updated_at filter).'}),
    resend: Flags.boolean({summary: 'E-mail each record named again, once (needs --yes, or --dry-run).'}),
    reason: Flags.string({
      multiple: true,
      summary: `Resend only failures of this reason: ${Object.keys(REASONS).join(', ')} (repeatable; with --resend).`,
    }),
    id: Flags.string({
      multiple: true,
      summary: 'Resend only this system log entry (its id; repeatable; with --resend).',
    }),
    again: Flags.boolean({summary: 'Resend records e-mailed again since they failed too (with --resend).'}),
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
    const choice = this.choice()
    // Refused before the log is read: a refusal sends nothing.
    this.checkGuardrail()
    const {failed, server} = await this.read(since)
    const emailed = emailedSince(await readJournal(), server)
    const data = failedRows(failed)
    const {records, notResent} = chooseResends(failed, {...choice, emailed})
    if (!this.flags.resend)
      return {
        kind: 'local',
        result: {data},
        text: failedText(failed, records.length, styleFor(stdoutFacts()).width),
        columns: COLUMNS,
      }
    const unknown = [...(choice.ids ?? [])].find((id) => !failed.some((f) => f.id === id))
    if (unknown !== undefined)
      throw usageError(`--id ${shown(unknown)} is no failed e-mail of the system log read: nothing was sent`)
    for (const line of notResentLines(notResent)) writeErr(line)
    if (records.length === 0)
      return {
        kind: 'local',
        result: {data, resent: [], not_resent: notResent},
        text: `${failedText(failed)}\nNothing to resend.`,
        columns: COLUMNS,
        // With --yes nothing sent is no success (exit 5); a dry run only shows.
        didNothing:
          this.flags.yes && !this.flags['dry-run']
            ? `nothing was resent: ${notResent.length > 0 ? NONE_LEFT : NONE_FAILED}`
            : undefined,
      }
    const requests = records.map(
      (r) =>
        emailFamily(r.entity)!
          .operations.find((op) => op.name === 'email')!
          .build({}, r.id).request,
    )
    const label = (i: number) => `e-mail ${i + 1} of ${records.length} (${records[i].label})`
    return {
      kind: 'series',
      requests,
      label,
      dryRunExtra: {failed: data, not_resent: notResent},
      columns: COLUMNS,
      done: () => ({
        result: {data, resent: records.map((r) => r.id), not_resent: notResent},
        text: sentText(records),
      }),
    }
  }

  /** --reason, --id and --again: which failures --resend may send (checked before anything is read). */
  private choice(): Omit<ResendChoice, 'emailed'> {
    const words = (this.flags.reason as string[] | undefined) ?? []
    const ids = (this.flags.id as string[] | undefined) ?? []
    if (!this.flags.resend && (words.length > 0 || ids.length > 0 || this.flags.again))
      throw usageError('--reason, --id and --again choose what --resend sends: give --resend too')
    for (const word of words) {
      if (word === 'spam' || word === 'spam complaint')
        throw usageError('--reason spam: an e-mail that drew a spam complaint is never sent again')
      if (!Object.hasOwn(REASONS, word))
        throw usageError(`--reason ${shown(word)} is not one of ${Object.keys(REASONS).join(', ')}`)
    }
    return {
      ...(words.length > 0 ? {reasons: new Set(words.map((w) => REASONS[w]))} : {}),
      ...(ids.length > 0 ? {ids: new Set(ids)} : {}),
      again: Boolean(this.flags.again),
    }
  }

  /** The failed e-mails, and the server they are of (what was resent is remembered per server). */
  private async read(since?: string): Promise<{failed: Joined[]; server: string}> {
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
      return {failed: await joinRecords(client, failed), server: client.connection.baseUrl}
    } finally {
      client.close()
    }
  }
}
