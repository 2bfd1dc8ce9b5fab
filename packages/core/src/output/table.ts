/** Plain-text tables and key/value views for people; JSON output never passes through here. */
import {escapeControls} from './terminal.js'
import {type Cell, cellFor, cut, STATE_TONES, stateOf} from './cells.js'
import {colorEnabled, paint} from './color.js'
import {fitColumns, GAP} from './fit.js'

export interface Style {
  color: boolean
  /** The terminal's width: tables fit it. Undefined when piped: every value in full. */
  width?: number
  /** The family's status names (registry). */
  statuses?: ReadonlyMap<string, string>
  /** Where notes for people go (stderr): columns left out to fit the width. */
  note?: (text: string) => void
}

/** Colour as color.ts decides; a width only on a terminal. */
export function styleFor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): Style {
  const style: Style = {color: colorEnabled(stream, env)}
  if (stream.isTTY) style.width = stream.columns || 80
  return style
}

export function getPath(record: unknown, path: string): unknown {
  let node = record
  for (const seg of path.split('.')) {
    // Own properties only: `constructor` or `toString` is a column the record lacks, not a function.
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, seg)) return undefined
    node = (node as Record<string, unknown>)[seg]
  }
  return node
}

/** A value as one line of text (tables, record views); `max` cuts it with an ellipsis. Controls are shown escaped. */
/** A cell with its text's controls shown escaped (an upstream value reaches a terminal only through here). */
const escapedCell = (cell: Cell): Cell => ({...cell, text: escapeControls(cell.text)})

export function formatCell(value: unknown, max = Number.POSITIVE_INFINITY, column = ''): string {
  return cut(escapeControls(cellFor(column, value).text), max)
}

// Columns tried, in order, when a family names none.
const PREFERRED = [
  'id',
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

export function chooseColumns(records: unknown[], preferred?: readonly string[]): string[] {
  const present = (col: string): boolean => records.some((r) => getPath(r, col) !== undefined)
  const cols = (preferred ?? PREFERRED).filter(present)
  if (cols.length > 0) return cols
  const first = records.find((r) => r && typeof r === 'object') as Record<string, unknown> | undefined
  return first
    ? Object.keys(first)
        .filter((k) => first[k] === null || typeof first[k] !== 'object')
        .slice(0, 6)
    : []
}

const STATE = 'STATE'

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
  const headers = columns.map((c) => escapeControls(c.toUpperCase()))
  // Archived and deleted rows say so, in a column right after the first.
  const withState = records.some((r) => stateOf(r))
  const at = Math.min(1, headers.length)
  if (withState) headers.splice(at, 0, STATE)
  const rowOf = (r: unknown): Cell[] => {
    const row: Cell[] = columns.map((c) => escapedCell(cellFor(c, getPath(r, c), style.statuses)))
    if (withState) {
      const state = stateOf(r)
      row.splice(at, 0, {text: state ?? '', tone: state && STATE_TONES[state], textLike: false})
    }
    return row
  }
  const natural = headers.map((h) => h.length)
  const shrinkable = headers.map(() => false)
  for (const r of records) {
    for (const [i, cell] of rowOf(r).entries()) {
      natural[i] = Math.max(natural[i], cell.text.length)
      shrinkable[i] ||= cell.textLike
    }
  }
  let keep = headers.length
  let widths = natural
  if (style.width !== undefined) {
    ;({keep, widths} = fitColumns(natural, shrinkable, style.width))
    const dropped = headers.slice(keep).map((h) => h.toLowerCase())
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
    cells
      .slice(0, keep)
      .map((cell, i) => {
        const text = cut(cell.text, widths[i])
        return paint(text, cell.tone, style.color) + ' '.repeat(widths[i] - text.length)
      })
      .join(' '.repeat(GAP))
      .trimEnd()
  yield paint(line(headers.map((h) => ({text: h, textLike: false}))), 'bold', style.color)
  for (const r of records) yield `\n${line(rowOf(r))}`
}

export function renderTable(records: unknown[], columns: string[], style: Style, explicit = false): string {
  return [...tableChunks(records, columns, style, explicit)].join('')
}

export function renderRecord(record: Record<string, unknown>, style: Style): string {
  const keys = Object.keys(record)
  const labels = keys.map((k) => escapeControls(k))
  const width = Math.max(0, ...labels.map((k) => k.length))
  // On a terminal a value is cut to the line; piped, it is kept whole.
  const room = style.width === undefined ? Number.POSITIVE_INFINITY : Math.max(10, style.width - width - GAP)
  const cutKeys: string[] = []
  const lines = keys.map((k, i) => {
    const cell = escapedCell(cellFor(k, record[k], style.statuses))
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
