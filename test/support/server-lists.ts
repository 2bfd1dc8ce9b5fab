/**
 * GET /{segment}: the list filters the server honours and its paging (meta.pagination with links that drop per_page
 * and the filters); its sort=field|direction is server-sort.ts's.
 */
import {listFilters, names, serverFacts} from '../../packages/core/src/registry/server/facts.js'
import {bankingFilter} from './server-banking.js'
import {between, columnFilters, type Lookup} from './server-filters.js'
import {clone, type Rec} from './server-values.js'

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

/** A column compared with a filter's value: exactly (`number=`, `product_key=`), or in part (`name=`). */
const exactly = (value: unknown, wanted: string | undefined) => !wanted || value === wanted
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
    exactly(record.number, query.number) &&
    exactly(record.product_key, query.product_key) &&
    inPart(record.name, name) &&
    // clients' email=: a contact has exactly this address.
    (!query.email || valuesAt(record.contacts, ['email']).includes(query.email)) &&
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

/** `client_status=unpaid,overdue` by status_id (FACTS.md "Statuses"); `all` and unknown names filter nothing. */
const CLIENT_STATUSES: Record<string, Record<string, (r: Rec, today: string) => boolean>> = {
  invoices: {
    draft: (r) => r.status_id === '1',
    paid: (r) => r.status_id === '4',
    unpaid: (r) => r.status_id === '2' || r.status_id === '3',
    overdue: (r, today) =>
      (r.status_id === '2' || r.status_id === '3') &&
      typeof r.due_date === 'string' &&
      r.due_date !== '' &&
      r.due_date < today,
    cancelled: (r) => r.status_id === '5',
  },
  quotes: {
    draft: (r) => r.status_id === '1',
    sent: (r) => r.status_id === '2',
    approved: (r) => r.status_id === '3',
    converted: (r) => r.status_id === '4',
    expired: (r, today) =>
      r.status_id === '2' && typeof r.due_date === 'string' && r.due_date !== '' && r.due_date < today,
  },
}

function clientStatusFilter(segment: string, raw: string | undefined): (record: Rec) => boolean {
  const known = CLIENT_STATUSES[segment] ?? {}
  const tests = (raw ?? '')
    .split(',')
    .map((name) => known[name])
    .filter(Boolean)
  if (tests.length === 0) return () => true
  const today = new Date().toISOString().slice(0, 10)
  return (record) => tests.some((test) => test(record, today))
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
