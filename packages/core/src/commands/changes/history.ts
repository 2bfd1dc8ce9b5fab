import {Flags} from '@oclif/core'
import {usageError} from '../../errors.js'
import {writeErr} from '../../output/write.js'
import {journalEntries, journalPath} from '../../pipeline/journal.js'
import {BaseCommand, type Plan} from '../base-command.js'

/** What a table or CSV shows of an entry (json, ndjson and yaml print the whole entry). */
const COLUMNS = ['id', 'time', 'source', 'profile', 'family', 'verb', 'method', 'path', 'ids', 'outcome.status']

/** A date (YYYY-MM-DD, from its midnight UTC) or a time (ISO 8601). */
function sinceDate(raw: string): Date {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(raw) ? `${raw}T00:00:00Z` : raw)
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(raw))
    throw usageError(`--since ${raw} is not a date: give YYYY-MM-DD or an ISO time such as 2026-11-26T09:00:00Z`)
  return date
}

/** `cli history`: the journal of changes, newest first (core pipeline/journal.ts). Reads nothing from the server. */
export default class History extends BaseCommand {
  static summary = 'List the changes this CLI sent (the journal), newest first: what, where, when, from where, outcome.'
  static description =
    'Every change a command, cli apply or cli undo sends is one entry, named by a short id (cli undo ID). The ' +
    'journal is $XDG_STATE_HOME/invoicing-cli/journal.jsonl (default ~/.local/state; CLI_STATE_DIR to move it), ' +
    'readable by you alone; it holds no token. json, ndjson and yaml print whole entries (the record as it was ' +
    'before an update or a delete included). Sends nothing upstream.'

  static examples = [
    '<%= config.bin %> history --limit 10',
    '<%= config.bin %> history --since 2026-11-01 --family invoices --output json',
  ]

  static flags = {
    since: Flags.string({summary: 'Only entries from this date (YYYY-MM-DD, UTC) or time (ISO 8601) on.'}),
    family: Flags.string({summary: 'Only the changes to this family (invoices, clients, ...).'}),
    limit: Flags.integer({summary: 'At most the newest N entries.', min: 1}),
  }

  protected async plan(): Promise<Plan> {
    const since = this.flags.since === undefined ? undefined : sinceDate(this.flags.since as string)
    const data = await journalEntries({
      since,
      family: this.flags.family as string | undefined,
      limit: this.flags.limit as number | undefined,
    })
    if (data.length === 0 && !this.format.document)
      writeErr(`no changes in the journal${since || this.flags.family ? ' match' : ''} (${journalPath()})`)
    return {kind: 'local', result: {data}, text: '', columns: COLUMNS, records: data}
  }
}
