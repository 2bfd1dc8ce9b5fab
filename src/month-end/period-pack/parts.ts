/**
 * What a period pack holds, family by family: its ledger (the family's list columns as CSV, the same as
 * `cli <family> list --all --output csv`), and the files of each record: the PDF and, where the company has
 * e-invoicing, the e-invoice (XML) by invitation key; the files attached to expenses. How each list is narrowed to the
 * period is the server's: `date_range=start,end` (QueryFilters), but `date_range=date,start,end` for payments
 * (PaymentFilters) — FACTS in registry/server.
 */
import {ALL_PER_PAGE, family, type Family, type RequestSpec, routes} from '@invoicing-cli/core/internal'

export interface PackPart {
  family: Family
  /** The period's filter, as the family's list reads it. */
  range: (from: string, to: string) => string
  /** Relations the ledger's columns name (client.display_name, vendor.display_name, category.name). */
  include: string
  /** The record's PDF, and its e-invoice where the company has e-invoicing. */
  pdf: boolean
  /** The files attached to the record (its `documents`). */
  attachments: boolean
}

const dated = (from: string, to: string) => `date_range=${from},${to}`

export const PACK_PARTS: readonly PackPart[] = [
  {family: family('invoices'), range: dated, include: 'client', pdf: true, attachments: false},
  {family: family('credits'), range: dated, include: 'client', pdf: true, attachments: false},
  {
    family: family('payments'),
    range: (from, to) => `date_range=date,${from},${to}`,
    include: 'client',
    pdf: false,
    attachments: false,
  },
  {family: family('expenses'), range: dated, include: 'vendor,category', pdf: false, attachments: true},
]

/**
 * The period's records of one family: active and archived (a deleted record is not in the books), in a stable order.
 */
export function periodRequest(part: PackPart, from: string, to: string): RequestSpec {
  return routes.listRequest(part.family, {
    perPage: ALL_PER_PAGE,
    sort: 'id|asc',
    filters: ['status=active,archived', part.range(from, to)],
    include: part.include,
  })
}
