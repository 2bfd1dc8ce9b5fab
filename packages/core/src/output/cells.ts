/**
 * Values as people read them. Tables and record views: the names of coded values (a status, a recurring document's
 * frequency: the family's codes from the registry), Unix timestamps as local date and time, lists as counts, one line
 * each. CSV: those names and timestamps in UTC ISO 8601, everything else as the upstream has it. Both have the
 * record's state (active, archived, deleted) as a column of its own. json, ndjson and yaml never pass through here:
 * they keep the upstream's values.
 */
import type {Tone} from './color.js'
import {getPath} from './records.js'

/** The names of coded fields' values, by field: `status_id` → `4` → `Paid`. */
export type Codes = ReadonlyMap<string, ReadonlyMap<string, string>>

/** Fields whose values' names are a list of the server's statics, by field: `type_id` → `payment_types`. */
export type StaticCodes = Readonly<Record<string, 'payment_types'>>

/** The name of a coded field's value, if it has one. */
const codeName = (codes: Codes | undefined, field: string, value: unknown): string | undefined =>
  value === null || value === undefined ? undefined : codes?.get(field)?.get(String(value))

export interface Cell {
  text: string
  tone?: Tone
  /** Free text that may be cut with an ellipsis to fit a terminal; ids, numbers, dates, statuses are not. */
  textLike: boolean
  /** An amount: right-aligned, so that its decimal points line up. */
  amount?: boolean
}

/**
 * Fields that hold money in the server's answers (its transformers): printed to the currency's precision. Quantities,
 * rates and counts are not money and keep the server's digits.
 */
const MONEY_FIELDS = new Set([
  'amount',
  'balance',
  'paid_to_date',
  'refunded',
  'applied',
  'adjustment',
  'partial',
  'total_taxes',
  'price',
  'cost',
  'net',
  'tax',
  'gross',
  'credit_balance',
  'payment_balance',
])

/** A column's last field: `client.balance` is balance. */
export const fieldOf = (column: string): string => column.split('.').at(-1) ?? column

/** Decimals of an amount when the currency's own are not known: what most currencies use. */
export const DEFAULT_PRECISION = 2

/** An amount to `precision` decimals (`80.5` → `80.50`); undefined when the value is not a number. */
export function moneyText(value: unknown, precision = DEFAULT_PRECISION): string | undefined {
  if (typeof value !== 'number' && !(typeof value === 'string' && /^-?\d+(?:\.\d+)?$/.test(value))) return undefined
  const n = Number(value)
  return Number.isFinite(n) ? n.toFixed(precision) : undefined
}

/** Whether a column holds money (by its last field: `client.balance` too; a ledger's `tax GST 10%`). */
export const isMoneyColumn = (column: string): boolean => MONEY_FIELDS.has(fieldOf(column)) || column.startsWith('tax ')

/** A bank transaction's base_type as people read it: money in (CREDIT) or out (DEBIT). */
const BASE_TYPES: Record<string, string> = {CREDIT: 'in', DEBIT: 'out'}

// The colour of a status by what it means, whatever the family.
const STATUS_TONES: Record<string, Tone> = {
  Draft: 'dim',
  Sent: 'cyan',
  Paid: 'green',
  Applied: 'green',
  Completed: 'green',
  Approved: 'green',
  Converted: 'green',
  Matched: 'green',
  Unmatched: 'yellow',
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

/** Unix seconds → `2024-01-15T09:30:00Z` (UTC): what a spreadsheet or a script reads unambiguously. */
export const isoDateTime = (seconds: number): string => new Date(seconds * 1000).toISOString().replace(/\.\d+Z$/, 'Z')

/** `*_at` fields hold Unix seconds (FACTS.md); 0 means never. */
const isTimestamp = (field: string, value: unknown): value is number =>
  field.endsWith('_at') && typeof value === 'number'

/**
 * A record the server embedded (`include=client`, an expense's `category`): its name (a client's or vendor's
 * display_name), as a list's CLIENT column shows it. Undefined for any other value.
 */
export function relationName(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined
  const {id, display_name: displayName, name} = value as Record<string, unknown>
  if (typeof id !== 'string') return undefined
  return typeof displayName === 'string' ? displayName : typeof name === 'string' ? name : undefined
}

/** One value of a column (a dotted path): what people read. */
export function cellFor(column: string, value: unknown, codes?: Codes, precision = DEFAULT_PRECISION): Cell {
  const field = fieldOf(column)
  if (value === null || value === undefined) return {text: '', textLike: false}
  const name = codeName(codes, field, value)
  if (name !== undefined)
    return {text: name, tone: field === 'status_id' ? STATUS_TONES[name] : undefined, textLike: false}
  if (column === RECORD_STATE && isState(value))
    // An active row is the usual case: blank, so the archived and deleted ones stand out.
    return {text: value === 'active' ? '' : value, tone: STATE_TONES[value], textLike: false}
  if (isTimestamp(field, value)) return {text: value === 0 ? '' : localDateTime(value), textLike: false}
  if (isMoneyColumn(column)) {
    const text = moneyText(value, precision)
    if (text !== undefined) return {text, textLike: false, amount: true}
  }
  if (field === 'base_type' && typeof value === 'string' && Object.hasOwn(BASE_TYPES, value))
    return {text: BASE_TYPES[value], textLike: false}
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object'))
      return {text: oneLine(value.join(', ')), textLike: true}
    return {text: `${value.length} item${value.length === 1 ? '' : 's'}`, textLike: false}
  }
  const related = relationName(value)
  if (related !== undefined) return {text: oneLine(related), textLike: true}
  if (typeof value === 'object') return {text: oneLine(JSON.stringify(value)), textLike: true}
  return {text: oneLine(String(value)), textLike: typeof value === 'string'}
}

/**
 * One value of a column in CSV: a coded value's name, a timestamp in ISO 8601 (UTC), an amount to the currency's
 * precision, else the upstream's value.
 */
export function csvValue(column: string, value: unknown, codes?: Codes, precision = DEFAULT_PRECISION): unknown {
  const field = fieldOf(column)
  const name = codeName(codes, field, value)
  if (name !== undefined) return name
  if (isTimestamp(field, value)) return value === 0 ? '' : isoDateTime(value)
  if (isMoneyColumn(column)) return moneyText(value, precision) ?? value
  return value
}

export type RecordState = 'active' | 'archived' | 'deleted'
const STATES: readonly unknown[] = ['active', 'archived', 'deleted']
const isState = (value: unknown): value is RecordState => STATES.includes(value)

/**
 * The column that says whether a record is active, archived or deleted (what `--status` selects). No record of the
 * server has a field of this name (`state` is a client's or vendor's address), so it cannot hide one.
 */
export const RECORD_STATE = 'record_state'

/**
 * FACTS.md: deleted when is_deleted is true; archived when archived_at is non-zero and it is not deleted; active
 * otherwise. Undefined for a record that carries neither field (a log entry): it has no such state.
 */
export function stateOf(record: unknown): RecordState | undefined {
  if (record === null || typeof record !== 'object') return undefined
  const r = record as {is_deleted?: unknown; archived_at?: unknown}
  if (!Object.hasOwn(r, 'is_deleted') && !Object.hasOwn(r, 'archived_at')) return undefined
  if (r.is_deleted === true) return 'deleted'
  return r.archived_at && r.archived_at !== '0' ? 'archived' : 'active'
}

/** A column's value in a record: a dotted path into it, or the record's state for RECORD_STATE. */
export function columnValue(record: unknown, column: string): unknown {
  if (column === RECORD_STATE && !(record !== null && typeof record === 'object' && Object.hasOwn(record, column)))
    return stateOf(record)
  return getPath(record, column)
}

export const STATE_TONES: Record<RecordState, Tone | undefined> = {active: undefined, archived: 'dim', deleted: 'red'}

/** `text` cut to `width` characters, the last one an ellipsis when cut. */
export const cut = (text: string, width: number): string =>
  text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text
