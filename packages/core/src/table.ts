/** Plain-text tables and key/value views for people; JSON output never passes through here. */
import {escapeControls} from './terminal.js'

export interface Style {
  color: boolean
}

const MAX_CELL = 40

/** Colour only for a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function styleFor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv = process.env): Style {
  return {color: Boolean(stream.isTTY) && env.NO_COLOR === undefined && env.TERM !== 'dumb'}
}

const bold = (s: string, style: Style): string => (style.color ? `\u001B[1m${s}\u001B[22m` : s)

export function getPath(record: unknown, path: string): unknown {
  let node = record
  for (const seg of path.split('.')) {
    // Own properties only: `constructor` or `toString` is a column the record lacks, not a function.
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, seg)) return undefined
    node = (node as Record<string, unknown>)[seg]
  }
  return node
}

export function formatCell(value: unknown, max = MAX_CELL): string {
  let text: string
  if (value === null || value === undefined) text = ''
  else if (Array.isArray(value)) text = value.every((v) => v === null || typeof v !== 'object') ? value.join(', ') : `[${value.length} items]`
  else if (typeof value === 'object') text = JSON.stringify(value)
  else text = String(value)
  // One line per cell: line breaks and tabs (notes) become spaces; any other control is shown escaped.
  text = escapeControls(text.replaceAll(/[\t\n\r]+/g, ' '))
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
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

export function renderTable(records: unknown[], columns: string[], style: Style): string {
  const rows = records.map((r) => columns.map((c) => formatCell(getPath(r, c))))
  // Headers come from the records' keys when no columns are named: escaped like the cells.
  const headers = columns.map((c) => escapeControls(c.toUpperCase()))
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)))
  const line = (cells: string[]): string => cells.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd()
  const header = bold(line(headers), style)
  return [header, ...rows.map((row) => line(row))].join('\n')
}

export function renderRecord(record: Record<string, unknown>, style: Style): string {
  const keys = Object.keys(record)
  const labels = keys.map((k) => escapeControls(k))
  const width = Math.max(0, ...labels.map((k) => k.length))
  return keys.map((k, i) => `${bold(labels[i].padEnd(width), style)}  ${formatCell(record[k], 100)}`.trimEnd()).join('\n')
}
