/**
 * GET /{segment}?sort=column|direction, as each family's *Filters::sort reads it: exactly two parts (else no order),
 * `asc` or else descending (a few families hand the direction to the query as given, which refuses anything but asc
 * and desc with a 500), `number` by its digits and `client_id` by the client's name where the server orders so, and an
 * unknown column a 500 (a SQL error) but where the family checks its columns first and ignores it (the facts say
 * which).
 */
import {listFilters, serverFacts} from '../../packages/core/src/registry/server/facts.js'
import type {Lookup} from './server-filters.js'
import {serverError} from './server-reply.js'
import type {Rec} from './server-values.js'

/** Sortable even on an empty collection (where "present on some record" cannot tell). */
const COMMON_COLUMNS = new Set([
  'id',
  'created_at',
  'updated_at',
  'archived_at',
  'is_deleted',
  'name',
  'number',
  'balance',
  'amount',
  'date',
  'due_date',
  'status_id',
  'client_id',
])
/** ProductFilters, ExpenseCategoryFilters, PaymentTermFilters: orderBy(column, direction as given). */
const RAW_DIRECTION = new Set(['products', 'expense_categories', 'payment_terms'])
/** REGEXP_REPLACE(number, '[^0-9]+', '') + 0: INV-10 after INV-9. */
const NUMBER_BY_DIGITS = new Set(
  'clients credits expenses invoices payments projects purchase_orders quotes recurring_invoices tasks vendors'.split(
    ' ',
  ),
)
/** orderBy(the client's name): the records of one client together, in its name's order. */
const CLIENT_BY_NAME = new Set(
  'credits expenses invoices payments projects quotes recurring_expenses recurring_invoices tasks'.split(' '),
)

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  const x = String(a ?? '')
  const y = String(b ?? '')
  return x < y ? -1 : x > y ? 1 : 0
}

/** Whether the family's sort leaves an unknown column out (it checks the table's columns) rather than failing. */
function ignoresUnknown(segment: string): boolean {
  const word = segment.replaceAll('_', '-')
  return serverFacts(word) !== undefined && listFilters(word).get('sort')?.means.endsWith('ignored') === true
}

export function sortRecords(
  records: Rec[],
  sort: string | undefined,
  all: Rec[],
  segment = '',
  lookup: Lookup = () => undefined,
): Rec[] {
  const parts = (sort ?? '').split('|')
  if (parts.length !== 2) return records
  const [given, direction] = parts
  // ClientFilters orders display_name by name.
  const field = segment === 'clients' && given === 'display_name' ? 'name' : given
  if (RAW_DIRECTION.has(segment) && !['asc', 'desc'].includes(direction.toLowerCase())) throw serverError()
  const descending = RAW_DIRECTION.has(segment) ? direction.toLowerCase() === 'desc' : direction !== 'asc'
  // Hashed ids sort by the hidden numeric id upstream, i.e. creation order: collection order here.
  if (field === 'id') return descending ? [...records].reverse() : records
  if (!COMMON_COLUMNS.has(field) && !all.some((r) => field in r)) {
    if (ignoresUnknown(segment)) return records
    throw serverError()
  }
  const key = (r: Rec): unknown => {
    if (field === 'number' && NUMBER_BY_DIGITS.has(segment)) return Number(String(r.number ?? '').replaceAll(/\D/g, ''))
    if (field === 'client_id' && CLIENT_BY_NAME.has(segment)) return lookup('clients', r.client_id)?.name ?? ''
    return r[field]
  }
  const sign = descending ? -1 : 1
  return [...records].sort((a, b) => sign * compareValues(key(a), key(b)))
}
