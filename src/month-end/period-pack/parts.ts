/**
 * What a period pack holds: the families whose registry entry has a `pack` part, each with its ledger (CSV and a sheet
 * of ledgers.xlsx: ledger-columns.ts) and its records' files. How each list
 * narrows to the period is the server's, and data on the entry: `date_range=FROM,TO` (QueryFilters), or
 * `date_range=date,FROM,TO` where the family's own filter names the column (PaymentFilters).
 */
import {
  ALL_PER_PAGE,
  FAMILIES,
  type Family,
  type PackPart,
  type RequestSpec,
  routes,
} from '@invoicing-cli/core/internal'

export type PackFamily = Family & {pack: PackPart}

export const packFamilies = (): PackFamily[] => FAMILIES.filter((f): f is PackFamily => f.pack !== undefined)

/**
 * The period's records of one family: active and archived (a deleted record is not in the books), in a stable order.
 */
export function periodRequest(f: PackFamily, from: string, to: string): RequestSpec {
  const range = f.pack.range === 'date,from,to' ? `date,${from},${to}` : `${from},${to}`
  return routes.listRequest(f, {
    perPage: ALL_PER_PAGE,
    sort: 'id|asc',
    filters: ['status=active,archived', `date_range=${range}`],
    include: f.pack.include,
  })
}
