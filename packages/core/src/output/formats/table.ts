/**
 * table: for people. A list is a table fitted to the terminal, one record a key/value view;
 * cells show status names and dates (cells.ts). A listing is collected first: the column widths
 * need every row.
 */
import {dataOf} from '../records.js'
import {chooseColumns, getPath, renderRecord, type Style, tableChunks} from '../table.js'
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
    return tableChunks(data, picked ?? chooseColumns(data, columns), style, picked !== undefined)
  }
  if (data && typeof data === 'object') {
    return [
      renderRecord(
        picked ? Object.fromEntries(picked.map((c) => [c, getPath(data, c)])) : (data as Record<string, unknown>),
        style,
      ),
    ]
  }
  return [String(JSON.stringify(data))]
}

export const table: OutputFormat = {
  name: 'table',
  json: false,
  document: false,
  errorDocument: false,
  pageFooter: true,
  answer: async (body, ctx) =>
    (function* () {
      yield* humanChunks(body, ctx.style(), ctx.columns ?? ctx.familyColumns, ctx.columns !== undefined)
      yield '\n'
    })(),
  local: async (_result, text) => textLine(text),
  empty: async () => undefined,
  dryRun: async (described) => dryRunText(described),
}
