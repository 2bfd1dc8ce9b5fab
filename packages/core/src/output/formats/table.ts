/**
 * table: for people. A list is a table fitted to the terminal, one record a key/value view;
 * cells show status names, dates and the record's state (cells.ts). A listing is collected
 * first: the column widths need every row.
 */
import {dataOf} from '../records.js'
import {columnValue} from '../cells.js'
import {chooseColumns, formatCell, renderRecord, type Style, tableChunks} from '../table.js'
import {dryRunText, type OutputFormat, textLine} from './format.js'

/**
 * A JSON answer for people, line by line for a table. `explicit` columns (--columns) are shown
 * as given; otherwise those of `columns` the records have.
 */
export function humanChunks(
  body: unknown,
  style: Style,
  columns?: readonly string[],
  explicit = false,
): Iterable<string> {
  const data = dataOf(body)
  const picked = explicit && columns ? [...columns] : undefined
  if (Array.isArray(data)) {
    if (data.length === 0) return ['No records.']
    // A --query result of plain values (`data[].number`): one a line.
    if (data.every((v) => v === null || typeof v !== 'object')) return [data.map((v) => formatCell(v)).join('\n')]
    return tableChunks(data, picked ?? chooseColumns(data, columns), style, picked !== undefined)
  }
  if (data && typeof data === 'object') {
    return [
      renderRecord(
        picked ? Object.fromEntries(picked.map((c) => [c, columnValue(data, c)])) : (data as Record<string, unknown>),
        style,
      ),
    ]
  }
  // A plain value (a --query result such as sum(data[].balance)): as it is.
  return [data === null || data === undefined ? 'null' : formatCell(data)]
}

/** Every key of a --query result's records, in the order they first appear: the query chose them. */
const queriedColumns = (body: unknown): string[] | undefined => {
  const data = dataOf(body)
  if (!Array.isArray(data)) return undefined
  return [...new Set(data.flatMap((r) => (r !== null && typeof r === 'object' ? Object.keys(r) : [])))]
}

export const table: OutputFormat = {
  name: 'table',
  json: false,
  document: false,
  errorDocument: false,
  amounts: true,
  localAsText: true,
  pageFooter: true,
  familyColumns: (kind) => kind === 'list',
  recordRelations: true,
  answer: async (body, ctx) =>
    (function* () {
      const columns = ctx.columns ?? (ctx.queried ? queriedColumns(body) : ctx.familyColumns)
      yield* humanChunks(body, ctx.style(), columns, ctx.columns !== undefined || ctx.queried)
      yield '\n'
    })(),
  local: async (_result, text) => textLine(text),
  empty: async () => undefined,
  dryRun: async (described) => dryRunText(described),
}
