/**
 * csv: records for spreadsheets (RFC 4180: CRLF line ends, UTF-8). The header is the columns
 * given with --columns, else the family's columns, whatever the records hold: every export of a
 * family has the same header, and each record is one row under it. Status names, timestamps in
 * ISO 8601 (UTC) and the record's state, as cells.ts makes them; nested values are JSON. Made row
 * by row as records come, so a listing is written page by page.
 */
import {usageError} from '../../errors.js'
import {type Codes, columnValue, csvValue} from '../cells.js'
import type {ListSink, Write} from '../list-sinks.js'
import {humanHeader} from '../headers.js'
import {recordsOf} from '../records.js'
import {chooseColumns} from '../table.js'
import type {PrecisionOf} from '../currencies.js'
import {dryRunText, type FormatContext, type OutputFormat} from './format.js'

/** One CSV field (RFC 4180): quoted when it holds a quote, comma, line break or edge spaces. */
export function csvCell(value: unknown): string {
  const text =
    value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export interface CsvOptions {
  /** The header; without it, chosen from the first records that come. */
  columns?: readonly string[]
  /** The family's names of coded values (status_id, frequency_id). */
  codes?: Codes
  /** The records are a --query result: without columns, every key they have is one. */
  queried?: boolean
  /** The header row in people's names (--headers human) rather than the columns as named. */
  human?: boolean
  /** The UTF-8 byte-order mark before the header (--bom). */
  bom?: boolean
  /** Decimals of a record's amounts (its currency's); 2 when not given. */
  precisionOf?: PrecisionOf
}

/** A header row, then one row per record. */
export function renderCsv(body: unknown, opts: CsvOptions = {}): string {
  return [...csvChunks(body, opts)].join('')
}

/** The CSV document row by row (columns are checked before the first row is made). */
export function* csvChunks(body: unknown, opts: CsvOptions = {}): Generator<string> {
  const csv = csvWriter(opts)
  yield* csv.rows(recordsOf(body))
  yield* csv.end()
}

export interface CsvWriter {
  /** The rows of these records, after the header when they are the first to come. */
  rows(records: readonly unknown[]): Generator<string>
  /** The header alone when no record came (and columns are known); nothing otherwise. */
  end(): Generator<string>
}

/** Every key of the records, in the order they first appear. */
export const keysOf = (rows: readonly object[]): string[] => [...new Set(rows.flatMap((r) => Object.keys(r)))]

/**
 * CSV made as records come (one answer, or a listing page by page): the columns are the ones
 * given, else chosen from the first records that come, and every later row follows them.
 */
export function csvWriter(opts: CsvOptions): CsvWriter {
  const {columns, codes, queried = false, human = false, bom = false, precisionOf} = opts
  let cols: readonly string[] | undefined
  const line = (cells: unknown[]): string => `${cells.map((c) => csvCell(c)).join(',')}\r\n`
  const header = (names: readonly string[]): string =>
    (bom ? '\uFEFF' : '') + line(human ? names.map((c) => humanHeader(c)) : [...names])
  return {
    *rows(records) {
      if (records.length === 0) return
      const rows = records.map((r) => (r !== null && typeof r === 'object' ? r : {value: r}))
      if (cols === undefined) {
        cols = columns ?? (queried ? keysOf(rows) : chooseColumns(rows))
        if (cols.length === 0)
          throw usageError('this answer has no plain fields to put in CSV columns: pick them with --columns a,b.c')
        yield header(cols)
      }
      for (const r of rows) {
        const precision = precisionOf?.(r)
        yield line(cols!.map((c) => csvValue(c, columnValue(r, c), codes, precision)))
      }
    },
    *end() {
      if (cols === undefined && columns && columns.length > 0) yield header(columns)
    },
  }
}

/** What the context makes of the columns: --columns, else the family's unless --query reshaped the records. */
const csvOptions = (ctx: FormatContext): CsvOptions => ({
  columns: ctx.columns ?? (ctx.queried ? undefined : ctx.familyColumns),
  codes: ctx.codes,
  queried: ctx.queried,
  human: ctx.headers === 'human',
  bom: ctx.bom,
  precisionOf: ctx.precisionOf,
})

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
  amounts: true,
  pageFooter: true,
  familyColumns: () => true,
  answer: async (body, ctx) => csvChunks(body, csvOptions(ctx)),
  local: async (result, _text, ctx) => renderCsv(result, csvOptions(ctx)),
  empty: async () => undefined,
  dryRun: async (described) => dryRunText(described),
  pageSink: async (write, ctx) => csvSink(write, csvWriter(csvOptions(ctx))),
}
