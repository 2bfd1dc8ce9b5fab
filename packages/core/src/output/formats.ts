/**
 * Output formats beyond table and json: csv (records for spreadsheets), yaml and ndjson. `--columns`
 * picks the columns of table and csv output (shape.ts applies it to the JSON formats). The yaml
 * library loads only when yaml is asked for. Each format is made as a sequence of chunks (whole
 * rows or records), written as they are made: a large list never becomes one giant string.
 */
import {shown, usageError} from '../errors.js'
import {checkSegment} from '../input/json-limits.js'
import {dataOf, humanChunks} from './write.js'
import {chooseColumns, getPath, type Style} from './table.js'

const COLUMN = /^[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$/

/** `--columns a,b.c` → ['a', 'b.c']: the fields to keep, in any format. */
export function outputColumns(flags: {columns?: unknown; [other: string]: unknown}): string[] | undefined {
  if (flags.columns === undefined) return undefined
  const raw = String(flags.columns)
  const columns = raw.split(',').map((c) => c.trim())
  for (const c of columns) {
    if (!COLUMN.test(c))
      throw usageError(`--columns "${raw}": "${c}" is not a field name or dotted path (e.g. id,number,client.name)`)
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
  const text =
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * A header row, then one row per record, CRLF line ends (RFC 4180), UTF-8. Columns: the ones
 * given, else those of the family's table view that the records have. Nested values are JSON.
 */
export function renderCsv(body: unknown, columns: readonly string[] | undefined, explicit: boolean): string {
  return [...csvChunks(body, columns, explicit)].join('')
}

/** The CSV document row by row (columns are checked before the first row is made). */
export function* csvChunks(
  body: unknown,
  columns: readonly string[] | undefined,
  explicit: boolean,
): Generator<string> {
  const csv = csvWriter(columns, explicit)
  yield* csv.rows(recordsOf(body))
  yield* csv.end()
}

export interface CsvWriter {
  /** The rows of these records, after the header when they are the first to come. */
  rows(records: readonly unknown[]): Generator<string>
  /** The header alone when no record came (and columns are known); nothing otherwise. */
  end(): Generator<string>
}

/**
 * CSV made as records come (one answer, or a listing page by page): the columns are the ones
 * given, else chosen from the first records that come, and every later row follows them.
 */
export function csvWriter(columns: readonly string[] | undefined, explicit: boolean): CsvWriter {
  let cols: string[] | undefined
  const line = (cells: unknown[]): string => `${cells.map((c) => csvCell(c)).join(',')}\r\n`
  return {
    *rows(records) {
      if (records.length === 0) return
      const rows = records.map((r) => (r !== null && typeof r === 'object' ? r : {value: r}))
      if (cols === undefined) {
        cols = explicit ? [...(columns ?? [])] : chooseColumns(rows, columns)
        if (cols.length === 0)
          throw usageError('this answer has no plain fields to put in CSV columns: pick them with --columns a,b.c')
        yield line(cols)
      }
      for (const r of rows) yield line(cols.map((c) => getPath(r, c)))
    },
    *end() {
      if (cols === undefined && columns && columns.length > 0) yield line([...columns])
    },
  }
}

/** One JSON line per record of a list (or the whole answer, when it is not a list). */
export function* ndjsonChunks(body: unknown): Generator<string> {
  const data = dataOf(body)
  if (!Array.isArray(data)) yield `${JSON.stringify(body)}\n`
  else for (const record of data) yield `${JSON.stringify(record)}\n`
}

export async function renderYaml(value: unknown): Promise<string> {
  return [...(await yamlChunks(value))].join('')
}

/**
 * YAML text of a value. lineWidth 0: long strings stay on one line. YAML 1.1 rules quote what 1.1
 * readers (PyYAML) would otherwise turn into dates or booleans: "2024-01-15", "yes".
 */
export async function yamlText(): Promise<(value: unknown) => string> {
  const {stringify} = await import('yaml')
  return (value) => stringify(value, {lineWidth: 0, version: '1.1'})
}

/** One record as an item of the `data:` list, indented as the whole document would have it. */
export const yamlItem = (yaml: (value: unknown) => string, record: unknown): string =>
  yaml([record]).replaceAll(/^(?=.)/gm, '  ')

/** The line that opens the `data:` list of records. */
export const YAML_DATA = 'data:\n'

/**
 * The YAML document; a list answer's `data` record by record, each made alone and indented as
 * the whole document would have it (the yaml library builds a node tree several times the size
 * of what it stringifies: a 100 MB list at once would need gigabytes).
 */
export async function yamlChunks(value: unknown): Promise<Iterable<string>> {
  const yaml = await yamlText()
  const list =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>).data
      : undefined
  if (!Array.isArray(list) || list.length === 0) return [yaml(value)]
  return (function* () {
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (v !== list) yield yaml({[key]: v})
      else {
        yield YAML_DATA
        for (const record of list) yield yamlItem(yaml, record)
      }
    }
  })()
}

/** A JSON answer as csv or yaml; undefined for the formats the base command prints itself. */
export async function renderFormat(
  format: string | undefined,
  body: unknown,
  columns?: readonly string[],
  explicit = false,
): Promise<string | undefined> {
  const chunks = await formatChunks(format, body, columns, explicit)
  return chunks && [...chunks].join('')
}

async function formatChunks(
  format: string | undefined,
  body: unknown,
  columns?: readonly string[],
  explicit = false,
): Promise<Iterable<string> | undefined> {
  if (format === 'csv') return csvChunks(body, columns, explicit)
  if (format === 'yaml') return yamlChunks(body)
  return undefined
}

/**
 * An answer in any format but json, as chunks to write: csv,
 * yaml, ndjson, else the table view (ending in a line break).
 */
export async function answerChunks(
  format: string | undefined,
  body: unknown,
  style: Style,
  columns?: readonly string[],
  explicit = false,
): Promise<Iterable<string>> {
  if (format === 'ndjson') return ndjsonChunks(body)
  return (
    (await formatChunks(format, body, columns, explicit)) ??
    (function* () {
      yield* humanChunks(body, style, columns, explicit)
      yield '\n'
    })()
  )
}
