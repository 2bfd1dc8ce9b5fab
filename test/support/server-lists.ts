/**
 * GET /{segment}: the list filters the server honours and its paging (meta.pagination with links that drop per_page
 * and the filters); its sort=field|direction is server-sort.ts's.
 */
import {listFilters, names, serverFacts} from '../../packages/core/src/registry/server/facts.js'
import {bankingFilter} from './server-banking.js'
import {at, between, columnFilters, type Lookup, sentOrPartial} from './server-filters.js'
import {clone, isBlank, type Rec, sameText} from './server-values.js'

type Status = 'active' | 'archived' | 'deleted'
const STATUSES: readonly string[] = ['active', 'archived', 'deleted']

function statusOf(record: Rec): Status {
  if (record.is_deleted === true) return 'deleted'
  return record.archived_at ? 'archived' : 'active'
}

/** Name or number contains the text, in any case (the `filter` parameter and POST /search). */
export function containsText(record: Rec, text: string): boolean {
  const needle = text.toLowerCase()
  return [record.name, record.number].some((v) => typeof v === 'string' && v.toLowerCase().includes(needle))
}

/** The strings at a dotted path of a record, through its lists (`contacts.email`: every contact's). */
function valuesAt(value: unknown, path: string[]): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => valuesAt(item, path))
  if (path.length === 0) return typeof value === 'string' || typeof value === 'number' ? [String(value)] : []
  return value !== null && typeof value === 'object' ? valuesAt((value as Rec)[path[0]], path.slice(1)) : []
}

/**
 * `filter=<text>`: the text in any of the columns the family's filter searches (registry/server facts), in any case,
 * as the server's LIKE; the record's own columns and lists (a relation, `client.name`, is not searched here).
 */
function searches(segment: string, text: string): (record: Rec) => boolean {
  const columns = names(listFilters(segment.replaceAll('_', '-')).get('filter')?.search)
  if (columns.length === 0) return (record) => containsText(record, text)
  const needle = text.toLowerCase()
  return (record) => columns.some((c) => valuesAt(record, c.split('.')).some((v) => v.toLowerCase().includes(needle)))
}

/** A column compared with a filter's value: exactly (an id), as the database compares text (`number=`), or in part. */
const exactly = (value: unknown, wanted: string | undefined) => !wanted || value === wanted
const equalText = (value: unknown, wanted: string | undefined) => !wanted || sameText(value, wanted)
const inPart = (value: unknown, wanted: string | undefined) =>
  !wanted || (typeof value === 'string' && value.toLowerCase().includes(wanted.toLowerCase()))

/**
 * The filters the family's list acts on (registry/server), as the server reads them: any other
 * query parameter is ignored, as it is upstream. A segment the facts lack keeps every parameter.
 */
function knownFilters(query: Record<string, string>, segment: string): Record<string, string> {
  const word = segment.replaceAll('_', '-')
  if (!serverFacts(word)) return query
  const known = listFilters(word)
  return Object.fromEntries(Object.entries(query).filter(([name]) => known.has(name)))
}

export function listFilter(
  given: Record<string, string>,
  segment = '',
  lookup: Lookup = () => undefined,
): (record: Rec) => boolean {
  const query = knownFilters(given, segment)
  // Unknown status names are ignored, like the server; none known means no status filter.
  const statuses = (query.status ?? '').split(',').filter((s) => STATUSES.includes(s))
  const balance = comparison(query.balance)
  const clientStatus = clientStatusFilter(segment, query.client_status)
  const search = query.filter ? searches(segment, query.filter) : () => true
  const banking = bankingFilter(segment, query)
  // name=: part of the record's own name where the server's filter means that (a bank account's name elsewhere).
  const name = listFilters(segment.replaceAll('_', '-')).get('name')?.means === 'part of the name' ? query.name : ''
  const period = dateRange(segment, query.date_range)
  const columns = columnFilters(query, segment, lookup)
  return (record) =>
    banking(record) &&
    columns(record) &&
    period(record) &&
    (statuses.length === 0 || statuses.includes(statusOf(record))) &&
    exactly(record.client_id, query.client_id) &&
    equalText(record.number, query.number) &&
    equalText(record.product_key, query.product_key) &&
    inPart(record.name, name) &&
    // clients' email=: a contact has exactly this address.
    (!query.email || valuesAt(record.contacts, ['email']).some((email) => sameText(email, query.email))) &&
    search(record) &&
    balance(record.balance) &&
    onOrAfter(record.updated_at, query.updated_at) &&
    onOrAfter(record.created_at, query.created_at) &&
    clientStatus(record)
}

/** `balance=1000:gt` (lt, lte, gt, gte, eq; the server's split() reads amount:operator); else nothing. */
function comparison(raw: string | undefined): (value: unknown) => boolean {
  const match = /^(-?\d+(?:\.\d+)?):(lt|lte|gt|gte|eq)$/.exec(raw ?? '')
  if (!match) return () => true
  const [, limit, op] = match
  const n = Number(limit)
  const tests: Record<string, (v: number) => boolean> = {
    lt: (v) => v < n,
    lte: (v) => v <= n,
    gt: (v) => v > n,
    gte: (v) => v >= n,
    eq: (v) => v === n,
  }
  return (value) => typeof value === 'number' && tests[op](value)
}

/** `updated_at=<unix seconds or YYYY-MM-DD>`: records changed on or after it. */
function onOrAfter(value: unknown, raw: string | undefined): boolean {
  if (!raw) return true
  const since = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw) / 1000
  return Number.isNaN(since) || (typeof value === 'number' && value >= since)
}

/**
 * `date_range=start,end` (QueryFilters), or `date_range=date,start,end` where the family's own filter names the column
 * (PaymentFilters): records dated within, both days included. Any other shape filters nothing, as on the server.
 */
function dateRange(segment: string, raw: string | undefined): (record: Rec) => boolean {
  if (!raw) return () => true
  const fact = listFilters(segment.replaceAll('_', '-')).get('date_range')
  const parts = raw.split(',')
  const columned = fact?.means.startsWith('a date column') === true
  if (columned ? parts.length !== 3 || parts[0] !== 'date' : parts.length !== 2) return () => true
  return between('date', (columned ? parts.slice(1) : parts).join(','))
}

/**
 * `client_status=unpaid,overdue` as each family's filter class reads it (invoices, quotes, credits, payments,
 * expenses, purchase orders, recurring invoices, recurring expenses, tasks); `all` and unknown names filter nothing.
 * A family is a list of clauses the server ANDs: the states named within one clause are ORed, a clause with none named
 * drops out. Their SQL is kept, precedence and all: invoices' `overdue` is `status_id IN (2,3) AND due_date < now() OR
 * partial_due_date < now()` (a DATE is its midnight, so due today is overdue, and a past partial due date matches in
 * any status); quotes' and purchase orders' `sent` is `status_id = 2 AND due_date IS NULL OR due_date >= today`,
 * quotes' `converted` any quote with an invoice_id. Payments AND `partially_unapplied` to the statuses named, purchase
 * orders their other states to `sent`, tasks every state to the others. Dates are compared as the server's UTC day;
 * a missing column, or the API's '' for an empty id or date, is NULL (never equal, never compared true).
 */
type StatusTest = (r: Rec, day: {today: string; now: number}) => boolean
const dated = (value: unknown): value is string => typeof value === 'string' && value !== ''
/** A decimal column: NaN, which no comparison takes, for NULL. */
const decimal = (value: unknown) => (isBlank(value) ? Number.NaN : Number(value))
function status(...ids: string[]): StatusTest {
  return (r) => ids.includes(String(r.status_id))
}
const sentOrDueLater: StatusTest = (r, {today}) =>
  (r.status_id === '2' && !dated(r.due_date)) || (dated(r.due_date) && r.due_date >= today)
/** Expenses' and recurring expenses' states; `logged` wants amount >= 0 on the first, > 0 on the second. */
const expenseStates = (logged: (amount: number) => boolean): Record<string, StatusTest> => ({
  logged: (r) =>
    logged(decimal(r.amount)) && isBlank(r.invoice_id) && isBlank(r.payment_date) && r.should_be_invoiced === false,
  pending: (r) => r.should_be_invoiced === true && isBlank(r.invoice_id),
  invoiced: (r) => !isBlank(r.invoice_id),
  paid: (r) => !isBlank(r.payment_date),
  unpaid: (r) => isBlank(r.payment_date),
})
const CLIENT_STATUSES: Record<string, Array<Record<string, StatusTest>>> = {
  invoices: [
    {
      draft: status('1'),
      paid: status('4'),
      unpaid: status('2', '3'),
      overdue: (r, {now}) => (sentOrPartial(r) && at(r.due_date) < now) || at(r.partial_due_date) < now,
      cancelled: status('5'),
    },
  ],
  quotes: [
    {
      sent: sentOrDueLater,
      draft: status('1'),
      approved: status('3'),
      expired: (r, {today}) => r.status_id === '2' && dated(r.due_date) && r.due_date <= today,
      upcoming: (r, {today}) => r.status_id === '2' && dated(r.due_date) && r.due_date >= today,
      converted: (r) => !isBlank(r.invoice_id),
    },
  ],
  credits: [{draft: status('1'), sent: status('2'), partial: status('3'), applied: status('4')}],
  payments: [
    {
      pending: status('1'),
      cancelled: status('2'),
      failed: status('3'),
      completed: status('4'),
      partially_refunded: status('5'),
      refunded: status('6'),
    },
    {partially_unapplied: (r) => decimal(r.amount) > decimal(r.applied) && decimal(r.refunded) === 0},
  ],
  expenses: [
    {
      ...expenseStates((amount) => amount >= 0),
      uninvoiced: (r) => isBlank(r.invoice_id),
      uncategorized: (r) => isBlank(r.category_id),
    },
  ],
  // No uninvoiced or uncategorized here: the server ignores them.
  recurring_expenses: [expenseStates((amount) => amount > 0)],
  purchase_orders: [{sent: sentOrDueLater}, {draft: status('1'), accepted: status('3'), cancelled: status('5')}],
  recurring_invoices: [{active: status('2'), paused: status('3'), completed: status('4')}],
  tasks: [
    {invoiced: (r) => !isBlank(r.invoice_id)},
    {uninvoiced: (r) => isBlank(r.invoice_id)},
    {is_running: (r) => r.is_running === true},
  ],
}

function clientStatusFilter(segment: string, raw: string | undefined): (record: Rec) => boolean {
  const names = (raw ?? '').split(',')
  const clauses = (CLIENT_STATUSES[segment] ?? [])
    .map((clause) => names.filter((name) => Object.hasOwn(clause, name)).map((name) => clause[name]))
    .filter((tests) => tests.length > 0)
  if (clauses.length === 0 || names.includes('all')) return () => true
  const now = Date.now()
  const day = {today: new Date(now).toISOString().slice(0, 10), now}
  return (record) => clauses.every((tests) => tests.some((test) => test(record, day)))
}

function intOr(value: string | undefined, fallback: number): number {
  const n = Number.parseInt(value ?? '', 10)
  return Number.isFinite(n) ? n : fallback
}

export function paginate(records: Rec[], query: Record<string, string>, collectionUrl: string) {
  const perPage = Math.min(5000, Math.max(1, intOr(query.per_page, 20)))
  const page = Math.max(1, intOr(query.page, 1))
  const total = records.length
  // Laravel says total_pages 0 for an empty list; 1 keeps "page 1 of N" true and is simpler for clients.
  const totalPages = Math.max(1, Math.ceil(total / perPage))
  const data = records.slice((page - 1) * perPage, page * perPage)
  // Like the real server, the links drop per_page and filters.
  const links: Record<string, string> = {}
  if (page > 1) links.previous = `${collectionUrl}?page=${page - 1}`
  if (page < totalPages) links.next = `${collectionUrl}?page=${page + 1}`
  const pagination = {total, count: data.length, per_page: perPage, current_page: page, total_pages: totalPages, links}
  return {data: clone(data), meta: {pagination}}
}
