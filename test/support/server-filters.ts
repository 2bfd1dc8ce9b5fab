/**
 * The list filters the server reads from a record's own columns, beyond the common ones server-lists.ts applies
 * (QueryFilters, InvoiceFilters, ClientFilters, ExpenseFilters, RecurringInvoiceFilters, TaskFilters): each as the
 * server's query compares, with MySQL's casts where they change the answer. Only names the family's facts list reach
 * here (server-lists.ts drops the others, as the server ignores them); a filter the stand-in does not model is ignored
 * too, and test/upstream/list-filters.test.ts says which.
 */
import {num} from './server-totals.js'
import {isBlank, type Rec, sameText} from './server-values.js'

type Test = (record: Rec) => boolean
/** The record another segment's id names: the store's, for the filters that look at a record's client or vendor. */
export type Lookup = (segment: string, id: unknown) => Rec | undefined

const all: Test = () => true
const list = (raw: string) => raw.split(',').filter((s) => s !== '')

/** MySQL compares a number column with a string by the string's leading number: 'true', 'x' and '' are 0. */
const mysqlNumber = (raw: string) => Number(/^\s*-?\d+(?:\.\d+)?/.exec(raw)?.[0] ?? 0)

/** A date column's value as the instant MySQL compares (its midnight, UTC), or NaN when it has none. */
export const at = (value: unknown) => (typeof value === 'string' && value !== '' ? Date.parse(value) : Number.NaN)

/** `date >= X`: X a Unix time (Carbon::createFromTimestamp) or a date or time (Carbon::parse); unreadable: nothing. */
const onOrAfter = (column: string, raw: string): Test => {
  const from = /^\d+$/.test(raw) ? Number(raw) * 1000 : Date.parse(raw)
  return Number.isNaN(from) ? all : (r) => at(r[column]) >= from
}

/** `start,end` (Carbon::parse of each): the column between them, both ends included; any other shape: nothing. */
export function between(column: string, raw: string): Test {
  const parts = raw.split(',')
  const [from, to] = parts.map((p) => Date.parse(p))
  if (parts.length !== 2 || Number.isNaN(from) || Number.isNaN(to)) return all
  return (r) => at(r[column]) >= from && at(r[column]) <= to
}

const owing = (r: Rec) => r.is_deleted !== true && num(r.balance) > 0
export const sentOrPartial = (r: Rec) => r.status_id === '2' || r.status_id === '3'

/** Each filter by name: what it keeps, given its value (and the store's other records). */
const FILTERS: Record<string, (raw: string, segment: string, lookup: Lookup) => Test> = {
  // QueryFilters
  vendor_id: (raw) => (r) => r.vendor_id === raw,
  is_deleted: (raw) => (r) => (r.is_deleted === true ? 1 : 0) === mysqlNumber(raw),
  with_trashed: (raw) => (raw === 'false' ? (r) => r.is_deleted !== true : all),
  due_date_range: (raw) => between('due_date', raw),
  // The record's client (archived ones too: the relation reads them) is not deleted.
  filter_deleted_clients: (raw, _segment, lookup) =>
    raw === 'true' ? (r) => lookup('clients', r.client_id)?.is_deleted === false : all,
  without_deleted_clients: (_raw, _segment, lookup) => (r) => {
    const client = lookup('clients', r.client_id)
    return r.client_id === undefined || (client !== undefined && client.is_deleted === false && !client.archived_at)
  },
  without_deleted_vendors: (_raw, _segment, lookup) => (r) => {
    const vendor = lookup('vendors', r.vendor_id)
    return r.vendor_id === undefined || (vendor !== undefined && vendor.is_deleted === false && !vendor.archived_at)
  },
  // InvoiceFilters
  status_id: (raw) => (r) => list(raw).includes(String(r.status_id)),
  date: (raw) => onOrAfter('date', raw),
  due_date: (raw) => onOrAfter('due_date', raw),
  private_notes: (raw) => (r) =>
    typeof r.private_notes === 'string' && r.private_notes.toLowerCase().includes(raw.toLowerCase()),
  payable: (raw) => (r) => r.client_id === raw && ['1', '2', '3'].includes(String(r.status_id)) && owing(r),
  // due_date < now(): a date is its midnight, so an invoice due today is overdue already.
  overdue: () => {
    const now = Date.now()
    return (r) => sentOrPartial(r) && owing(r) && (at(r.due_date) < now || at(r.partial_due_date) < now)
  },
  upcoming: () => {
    const today = new Date().toISOString().slice(0, 10)
    const ahead = (d: unknown) => typeof d === 'string' && d >= today
    return (r) =>
      sentOrPartial(r) &&
      owing(r) &&
      (!r.due_date || (ahead(r.due_date) && !num(r.partial)) || (ahead(r.partial_due_date) && num(r.partial) > 0))
  },
  // ClientFilters
  id_number: (raw) => (r) => sameText(r.id_number, raw),
  group: (raw) => (r) => r.group_settings_id === raw,
  between_balance: (raw) => {
    const parts = raw.split(':')
    if (parts.length !== 2) return all
    const [low, high] = parts.map(mysqlNumber)
    return (r) => num(r.balance) >= low && num(r.balance) <= high
  },
  // TaskFilters: a task status's own tasks are those not yet invoiced.
  project_tasks: (raw) => (r) => r.project_id === raw,
  hash: (raw) => (r) => r.hash === raw,
  user_id: (raw) => (r) => r.user_id === raw,
  assigned_user: (raw) => (r) => r.assigned_user_id === raw,
  task_status: (raw) => (r) => list(raw).includes(String(r.status_id)) && isBlank(r.invoice_id),
  // ExpenseFilters, RecurringInvoiceFilters
  amount: (raw) => (r) => num(r.amount) === mysqlNumber(raw),
  categories: (raw) => (r) => list(raw).includes(String(r.category_id)),
  frequency_id: (raw) => (r) => list(raw).includes(String(r.frequency_id)),
}

/**
 * Filters the server applies whatever their value, the empty one too (QueryFilters::apply calls the method without
 * its argument, so it takes its default: is_deleted's is 'true').
 */
const EVEN_EMPTY: Record<string, string> = {
  overdue: '',
  upcoming: '',
  without_deleted_clients: '',
  without_deleted_vendors: '',
  is_deleted: 'true',
}

/** The record test of every filter given that this module models; an empty value filters nothing but EVEN_EMPTY's. */
export function columnFilters(query: Record<string, string>, segment: string, lookup: Lookup): Test {
  const tests = Object.entries(query)
    .filter(([name, raw]) => Object.hasOwn(FILTERS, name) && (raw !== '' || Object.hasOwn(EVEN_EMPTY, name)))
    .map(([name, raw]) => FILTERS[name](raw === '' ? EVEN_EMPTY[name] : raw, segment, lookup))
  return (record) => tests.every((test) => test(record))
}

/** The names this module models (the tests name the rest). */
export const MODELLED_FILTERS: readonly string[] = Object.keys(FILTERS)
