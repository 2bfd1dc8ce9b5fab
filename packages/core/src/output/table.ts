/** Plain-text tables and key/value views for people; JSON output never passes through here. */
import {escapeControls} from './terminal.js'
import {
  type Cell,
  cellFor,
  type Codes,
  columnValue,
  type StaticCodes,
  cut,
  isMoneyColumn,
  RECORD_STATE,
  relationName,
} from './cells.js'
import {colorEnabled, paint} from './color.js'
import {fitColumns, GAP} from './fit.js'
import {getPath} from './records.js'
import type {StdoutFacts} from './std-streams.js'
import type {PrecisionOf} from './currencies.js'

export {getPath} from './records.js'

export interface Style {
  color: boolean
  /** The terminal's width: tables fit it. Undefined when piped: every value in full. */
  width?: number
  /** The family's names of coded values (registry): status_id, frequency_id. */
  codes?: Codes
  /** Its fields named by the server's statics (a payment's type_id): the printer reads them with the currencies. */
  staticCodes?: StaticCodes
  /** Decimals of a record's amounts (its currency's precision: currencies.ts); 2 when not known. */
  precisionOf?: PrecisionOf
  /** Where notes for people go (stderr, fitted to its terminal: notes.ts): columns left out to fit the width. */
  note?: (text: string) => void
}

/** Colour as color.ts decides; a width only on a terminal. */
export function styleFor(stream: StdoutFacts, env: NodeJS.ProcessEnv = process.env): Style {
  const style: Style = {color: colorEnabled(stream, env)}
  if (stream.isTTY) style.width = stream.columns || 80
  return style
}

/** A value as one line of text (tables, record views); `max` cuts it with an ellipsis. Controls are shown escaped. */
/** A cell with its text's controls shown escaped (an upstream value reaches a terminal only through here). */
const escapedCell = (cell: Cell): Cell => ({...cell, text: escapeControls(cell.text)})

/**
 * The columns a table of `width` shows (their indices) and their widths. When some must go and the user named none,
 * the id goes first (its record is still named by its number or name): the dates and amounts a reader looks for stay.
 */
function fitTable(
  columns: readonly string[],
  natural: readonly number[],
  shrinkable: readonly boolean[],
  width: number,
  explicit: boolean,
): {shown: number[]; widths: number[]} {
  const all = columns.map((_, i) => i)
  const fit = (shown: number[]) => {
    const {keep, widths} = fitColumns(
      shown.map((i) => natural[i]),
      shown.map((i) => shrinkable[i]),
      width,
    )
    return {shown: shown.slice(0, keep), widths}
  }
  const whole = fit(all)
  const id = columns.indexOf('id')
  if (whole.shown.length === columns.length || explicit || id === -1 || columns.length < 3) return whole
  return fit(all.filter((i) => i !== id))
}

export function formatCell(value: unknown, max = Number.POSITIVE_INFINITY, column = ''): string {
  return cut(escapeControls(cellFor(column, value).text), max)
}

// Columns tried, in order, when a family names none.
const PREFERRED = [
  'id',
  RECORD_STATE,
  'number',
  'name',
  'display_name',
  'product_key',
  'client_id',
  'amount',
  'balance',
  'status_id',
  'date',
  'updated_at',
]

/**
 * The columns of `preferred` (else PREFERRED) that some record has; the state column only when some record is
 * archived or deleted (a column of blanks tells nothing).
 */
export function chooseColumns(records: unknown[], preferred?: readonly string[]): string[] {
  const present = (col: string): boolean =>
    col === RECORD_STATE
      ? records.some((r) => ['archived', 'deleted'].includes(columnValue(r, col) as string))
      : records.some((r) => getPath(r, col) !== undefined)
  const cols = (preferred ?? PREFERRED).filter(present)
  if (cols.length > 0) return cols
  const first = records.find((r) => r && typeof r === 'object') as Record<string, unknown> | undefined
  return first
    ? Object.keys(first)
        .filter((k) => first[k] === null || typeof first[k] !== 'object')
        .slice(0, 6)
    : []
}

/**
 * A column's header, for people: the state column is STATE; a related record's display name (`client.display_name`,
 * filled by include=client) is headed by the relation (CLIENT); any other column is its path in capitals.
 */
export function headerOf(column: string): string {
  if (column === RECORD_STATE) return 'STATE'
  // A bank transaction's CREDIT or DEBIT, shown as in or out.
  if (column === 'base_type') return 'IN/OUT'
  return column.replace(/\.display_name$/, '').toUpperCase()
}

/**
 * The table line by line (the header, then each row after a line break). Two passes over the
 * records: one for the column widths, one making each row again to print it, so no copy of the
 * table is held (a 100 MB list prints in about the memory of its records).
 */
export function* tableChunks(
  records: readonly unknown[],
  columns: readonly string[],
  style: Style,
  explicit = false,
): Generator<string> {
  // Headers come from the records' keys when no columns are named: escaped like the cells.
  const headers = columns.map((c) => escapeControls(headerOf(c)))
  const rowOf = (r: unknown): Cell[] => {
    const precision = style.precisionOf?.(r)
    return columns.map((c) => escapedCell(cellFor(c, columnValue(r, c), style.codes, precision)))
  }
  const natural = headers.map((h) => h.length)
  const shrinkable = headers.map(() => false)
  for (const r of records) {
    for (const [i, cell] of rowOf(r).entries()) {
      natural[i] = Math.max(natural[i], cell.text.length)
      shrinkable[i] ||= cell.textLike
    }
  }
  let shown = columns.map((_, i) => i)
  let widths = natural
  if (style.width !== undefined) {
    ;({shown, widths} = fitTable(columns, natural, shrinkable, style.width, explicit))
    const dropped = columns.filter((_, i) => !shown.includes(i))
    if (dropped.length > 0) {
      // Columns the user named (--columns) were picked already: then fewer of them, or more room, is the way.
      const how = explicit ? 'fewer --columns or a wider terminal shows them' : '--columns picks them'
      style.note?.(
        `note: ${dropped.length === 1 ? 'column' : 'columns'} ${dropped.join(', ')} left out to ` +
          `fit ${style.width} columns (${how}; piped output has them all)`,
      )
    }
  }
  const line = (cells: Cell[]): string =>
    shown
      .map((c, i) => {
        const cell = cells[c]
        const text = cut(cell.text, widths[i])
        const room = ' '.repeat(widths[i] - text.length)
        // Amounts right-aligned: their decimal points line up.
        return cell.amount ? room + paint(text, cell.tone, style.color) : paint(text, cell.tone, style.color) + room
      })
      .join(' '.repeat(GAP))
      .trimEnd()
  // An amount column's header is right-aligned over its amounts.
  const amountColumns = new Set(columns.filter((c) => isMoneyColumn(c)))
  const headerCells = headers.map((h, i) => ({text: h, textLike: false, amount: amountColumns.has(columns[i])}))
  yield paint(line(headerCells), 'bold', style.color)
  for (const r of records) yield `\n${line(rowOf(r))}`
}

export function renderTable(records: unknown[], columns: string[], style: Style, explicit = false): string {
  return [...tableChunks(records, columns, style, explicit)].join('')
}

/** A record's keys, each embedded relation (`client`, by name) right after its id (`client_id`). */
function recordKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record)
  const beside = new Set(keys.filter((k) => relationName(record[k]) !== undefined && keys.includes(`${k}_id`)))
  return keys
    .filter((k) => !beside.has(k))
    .flatMap((k) => (k.endsWith('_id') && beside.has(k.slice(0, -3)) ? [k, k.slice(0, -3)] : [k]))
}

export function renderRecord(record: Record<string, unknown>, style: Style): string {
  const keys = recordKeys(record)
  const labels = keys.map((k) => escapeControls(k))
  const width = Math.max(0, ...labels.map((k) => k.length))
  // On a terminal a value is cut to the line; piped, it is kept whole.
  const room = style.width === undefined ? Number.POSITIVE_INFINITY : Math.max(10, style.width - width - GAP)
  const cutKeys: string[] = []
  const precision = style.precisionOf?.(record)
  const lines = keys.map((k, i) => {
    const cell = escapedCell(cellFor(k, record[k], style.codes, precision))
    if (cell.text.length > room) cutKeys.push(labels[i])
    const label = paint(labels[i].padEnd(width), 'bold', style.color)
    return `${label}  ${paint(cut(cell.text, room), cell.tone, style.color)}`.trimEnd()
  })
  // As a table says which columns it left out, the record view says which values it cut.
  if (cutKeys.length > 0)
    style.note?.(
      `note: ${cutKeys.join(', ')} cut to fit ${style.width} columns (--output json, or piped output, ` +
        `has ${cutKeys.length === 1 ? 'it' : 'them'} in full)`,
    )
  return lines.join('\n')
}
