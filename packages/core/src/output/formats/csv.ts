/**
 * csv: records for spreadsheets (RFC 4180: CRLF line ends, UTF-8). Columns: the ones given with
 * --columns, else those of the family's table view that the records have; nested values are
 * JSON. Made row by row as records come, so a listing is written page by page.
 */
import {usageError} from '../../errors.js'
import type {ListSink, Write} from '../list-sinks.js'
import {recordsOf} from '../records.js'
import {chooseColumns, getPath} from '../table.js'
import {dryRunText, type OutputFormat} from './format.js'

/** One CSV field (RFC 4180): quoted when it holds a quote, comma, line break or edge spaces. */
export function csvCell(value: unknown): string {
  const text =
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** A header row, then one row per record. */
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

export function csvSink(write: Write, csv: CsvWriter): ListSink {
  const put = async (lines: Iterable<string>) => {
    const text = [...lines].join('')
    if (text) await write(text)
  }
  return {
    add: (records) => put(csv.rows(records)),
    finish: () => put(csv.end()),
  }
}

export const csv: OutputFormat = {
  name: 'csv',
  json: false,
  document: false,
  errorDocument: false,
  pageFooter: true,
  answer: async (body, ctx) => csvChunks(body, ctx.columns ?? ctx.familyColumns, ctx.columns !== undefined),
  local: async (result, _text, ctx) => renderCsv(result, ctx.columns, ctx.columns !== undefined),
  empty: async () => undefined,
  dryRun: async (described) => dryRunText(described),
  pageSink: async (write, ctx) =>
    csvSink(write, csvWriter(ctx.columns ?? ctx.familyColumns, ctx.columns !== undefined)),
}
