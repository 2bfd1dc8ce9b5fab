/**
 * Cells as people read them in tables and record views: status names (the family's statuses
 * from the registry), Unix timestamps as local date and time, lists as counts, one line each.
 * csv, json and yaml never pass through here: they keep the upstream's values.
 */
import type {Tone} from './color.js'

export interface Cell {
  text: string
  tone?: Tone
  /** Free text that may be cut with an ellipsis to fit a terminal; ids, numbers, dates, statuses are not. */
  textLike: boolean
}

// The colour of a status by what it means, whatever the family.
const STATUS_TONES: Record<string, Tone> = {
  Draft: 'dim',
  Sent: 'cyan',
  Paid: 'green',
  Applied: 'green',
  Completed: 'green',
  Approved: 'green',
  Converted: 'green',
  Received: 'green',
  Accepted: 'green',
  Active: 'green',
  Partial: 'yellow',
  'Partially refunded': 'yellow',
  Paused: 'yellow',
  Pending: 'yellow',
  Unpaid: 'yellow',
  Cancelled: 'red',
  Failed: 'red',
  Reversed: 'red',
  Overdue: 'red',
  Expired: 'red',
}

const pad = (n: number): string => String(n).padStart(2, '0')

/** Unix seconds → `2024-01-15 09:30`, in the local time zone (TZ). */
export function localDateTime(seconds: number): string {
  const d = new Date(seconds * 1000)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}

// Line breaks and tabs become spaces; any other control stays, for the table to show it escaped (terminal.ts).
const oneLine = (text: string): string => text.replaceAll(/[\t\n\r]+/g, ' ')

/** One value of a column (a dotted path): what people read. */
export function cellFor(column: string, value: unknown, statuses?: ReadonlyMap<string, string>): Cell {
  const field = column.split('.').at(-1) ?? column
  if (value === null || value === undefined) return {text: '', textLike: false}
  if (field === 'status_id' && statuses?.has(String(value))) {
    const name = statuses.get(String(value))!
    return {text: name, tone: STATUS_TONES[name], textLike: false}
  }
  if (field.endsWith('_at') && typeof value === 'number')
    return {text: value === 0 ? '' : localDateTime(value), textLike: false}
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object'))
      return {text: oneLine(value.join(', ')), textLike: true}
    return {text: `${value.length} item${value.length === 1 ? '' : 's'}`, textLike: false}
  }
  if (typeof value === 'object') return {text: oneLine(JSON.stringify(value)), textLike: true}
  return {text: oneLine(String(value)), textLike: typeof value === 'string'}
}

export type RecordState = 'archived' | 'deleted'

/** FACTS.md: deleted when is_deleted is true; archived when archived_at is non-zero and it is not deleted. */
export function stateOf(record: unknown): RecordState | undefined {
  if (record === null || typeof record !== 'object') return undefined
  const r = record as {is_deleted?: unknown; archived_at?: unknown}
  if (r.is_deleted === true) return 'deleted'
  return r.archived_at && r.archived_at !== '0' ? 'archived' : undefined
}

export const STATE_TONES: Record<RecordState, Tone> = {archived: 'dim', deleted: 'red'}

/** `text` cut to `width` characters, the last one an ellipsis when cut. */
export const cut = (text: string, width: number): string =>
  text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text
