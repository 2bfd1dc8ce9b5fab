/**
 * ids: each record's id on a line of its own, nothing else, for piping (`| xargs -n1 cli invoices
 * email --yes`). After --query, the values it gives: a record's id, or a plain value as it is
 * (`--query 'data[?balance > `0`].number'`). A listing is written page by page.
 */
import {usageError} from '../../errors.js'
import type {ListSink, Write} from '../list-sinks.js'
import {recordsOf} from '../records.js'
import {dryRunText, type OutputFormat, textLine} from './format.js'

/** The line of one record: its id; a plain value (a --query result) as it is. */
function idLine(record: unknown): string {
  if (record === null || typeof record !== 'object')
    return `${typeof record === 'string' ? record : JSON.stringify(record)}\n`
  const id = (record as {id?: unknown}).id
  if (typeof id !== 'string' && typeof id !== 'number')
    throw usageError('--output ids: this answer has records without an id (--output json shows what it holds)')
  return `${id}\n`
}

const idLines = (records: readonly unknown[]): string => records.map((r) => idLine(r)).join('')

export const ids: OutputFormat = {
  name: 'ids',
  json: false,
  document: false,
  errorDocument: false,
  pageFooter: true,
  columnsRefused:
    '--output ids prints ids only: for other fields use --output csv --columns A,B, or --query (e.g. ' +
    "--query 'data[].number')",
  answer: async (body) => [idLines(recordsOf(body))],
  local: async (_result, text) => textLine(text),
  empty: async () => undefined,
  dryRun: async (described) => dryRunText(described),
  pageSink: async (write: Write): Promise<ListSink> => ({
    async add(records) {
      if (records.length > 0) await write(idLines(records))
    },
    async finish() {},
  }),
}
