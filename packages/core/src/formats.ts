/**
 * Output formats beyond table and json: csv (records for spreadsheets) and yaml. `--columns`
 * picks the columns of table and csv output (shape.ts applies it to the JSON formats). The yaml library loads only when yaml is asked for.
 */
import {shown, usageError} from './errors.js'
import {checkSegment} from './json-limits.js'
import {dataOf} from './output.js'
import {chooseColumns, getPath} from './table.js'

const COLUMN = /^[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$/

/** `--columns a,b.c` → ['a', 'b.c']: the fields to keep, in any format. */
export function outputColumns(flags: {columns?: unknown; [other: string]: unknown}): string[] | undefined {
  if (flags.columns === undefined) return undefined
  const raw = String(flags.columns)
  const columns = raw.split(',').map((c) => c.trim())
  for (const c of columns) {
    if (!COLUMN.test(c)) throw usageError(`--columns "${raw}": "${c}" is not a field name or dotted path (e.g. id,number,client.name)`)
    for (const seg of c.split('.')) checkSegment(seg, `--columns ${shown(c)}`)
  }
  return columns
}

/** The records of an answer: its `data` list, its one record, or a top-level list. */
export function recordsOf(body: unknown): unknown[] {
  const data = dataOf(body)
  if (Array.isArray(data)) return data
  return data === undefined || data === null ? [] : [data]
}

/** One CSV field (RFC 4180): quoted when it holds a quote, comma, line break or edge spaces. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * A header row, then one row per record, CRLF line ends (RFC 4180), UTF-8. Columns: the ones
 * given, else those of the family's table view that the records have. Nested values are JSON.
 */
export function renderCsv(body: unknown, columns: readonly string[] | undefined, explicit: boolean): string {
  const rows = recordsOf(body).map((r) => (r !== null && typeof r === 'object' ? r : {value: r}))
  const cols = explicit || rows.length === 0 ? [...(columns ?? [])] : chooseColumns(rows, columns)
  if (cols.length === 0) {
    if (rows.length === 0) return ''
    throw usageError('this answer has no plain fields to put in CSV columns: pick them with --columns a,b.c')
  }
  const line = (cells: unknown[]): string => `${cells.map((c) => csvCell(c)).join(',')}\r\n`
  return line(cols) + rows.map((r) => line(cols.map((c) => getPath(r, c)))).join('')
}

export async function renderYaml(value: unknown): Promise<string> {
  const {stringify} = await import('yaml')
  // lineWidth 0: long strings stay on one line. YAML 1.1 rules quote what 1.1 readers (PyYAML)
  // would otherwise turn into dates or booleans: "2024-01-15", "yes".
  return stringify(value, {lineWidth: 0, version: '1.1'})
}

/** A JSON answer as csv or yaml; undefined for the formats the base command prints itself. */
export async function renderFormat(format: string | undefined, body: unknown, columns?: readonly string[], explicit = false): Promise<string | undefined> {
  if (format === 'csv') return renderCsv(body, columns, explicit)
  if (format === 'yaml') return renderYaml(body)
  return undefined
}
