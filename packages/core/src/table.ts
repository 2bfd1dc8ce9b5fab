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
const PREFERRED = ['id', 'number', 'name', 'display_name', 'product_key', 'client_id', 'amount', 'balance', 'status_id', 'date', 'updated_at']

export function chooseColumns(records: unknown[], preferred?: readonly string[]): string[] {
  const present = (col: string): boolean => records.some((r) => getPath(r, col) !== undefined)
  const cols = (preferred ?? PREFERRED).filter(present)
  if (cols.length > 0) return cols
  const first = records.find((r) => r && typeof r === 'object') as Record<string, unknown> | undefined
  return first ? Object.keys(first).filter((k) => first[k] === null || typeof first[k] !== 'object').slice(0, 6) : []
}

const STATE = 'STATE'

export function renderTable(records: unknown[], columns: string[], style: Style): string {
  // Headers come from the records' keys when no columns are named: escaped like the cells.
  const headers = columns.map((c) => escapeControls(c.toUpperCase()))
  const rows: Cell[][] = records.map((r) => columns.map((c) => escapedCell(cellFor(c, getPath(r, c), style.statuses))))
  // Archived and deleted rows say so, in a column right after the first.
  if (records.some((r) => stateOf(r))) {
    const at = Math.min(1, headers.length)
    headers.splice(at, 0, STATE)
    rows.forEach((row, i) => {
      const state = stateOf(records[i])
      row.splice(at, 0, {text: state ?? '', tone: state && STATE_TONES[state], textLike: false})
    })
  }
  const natural = headers.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].text.length)))
  let keep = headers.length
  let widths = natural
  if (style.width !== undefined) {
    const shrinkable = headers.map((_, i) => rows.some((row) => row[i].textLike))
    ;({keep, widths} = fitColumns(natural, shrinkable, style.width))
    const dropped = headers.slice(keep).map((h) => h.toLowerCase())
    if (dropped.length > 0) {
      style.note?.(`note: ${dropped.length === 1 ? 'column' : 'columns'} ${dropped.join(', ')} left out to fit ${style.width} columns (--columns picks them; piped output has them all)`)
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
  const header = paint(line(headers.map((h) => ({text: h, textLike: false}))), 'bold', style.color)
  return [header, ...rows.map((row) => line(row))].join('\n')
}

export function renderRecord(record: Record<string, unknown>, style: Style): string {
  const keys = Object.keys(record)
  const labels = keys.map((k) => escapeControls(k))
  const width = Math.max(0, ...labels.map((k) => k.length))
  // On a terminal a value is cut to the line; piped, it is kept whole.
  const room = style.width === undefined ? Number.POSITIVE_INFINITY : Math.max(10, style.width - width - GAP)
  return keys
    .map((k, i) => {
      const cell = escapedCell(cellFor(k, record[k], style.statuses))
      return `${paint(labels[i].padEnd(width), 'bold', style.color)}  ${paint(cut(cell.text, room), cell.tone, style.color)}`.trimEnd()
    })
    .join('\n')
}
