/**
 * Read-only logs: activities, the company ledger, system logs.
 * Read from the Invoice Ninja server's source, 5.10.42, by scripts/server-facts.ts: run it again to change
 * this file (its overrides and meanings are where judgement goes), never edit it by hand.
 */
import type {FamilyFactsMakers} from './types.js'

export const LOGS_FACTS: FamilyFactsMakers = {
  activities: () => ({
    answer: `id activity_type_id client_id recurring_invoice_id recurring_expense_id purchase_order_id vendor_id
      vendor_contact_id company_id user_id invoice_id quote_id payment_id credit_id updated_at created_at expense_id
      is_system contact_id task_id token_id notes ip`,
    includes: `history user client contact recurring_invoice invoice credit quote payment expense task purchase_order
      vendor vendor_contact`,
    filters: {
      rows: {means: 'how many entries, newest first (default 75)'},
      reactv2: {means: "any value: each entry as the web UI's sentence, not the record"},
    },
  }),
  'company-ledger': () => ({answer: 'notes balance adjustment activity_id created_at updated_at archived_at'}),
  'system-logs': () => ({
    answer: 'id company_id user_id client_id event_id category_id type_id log updated_at created_at',
    filters: {
      type_id: {means: 'exactly this type id'},
      category_id: {means: 'exactly this category id'},
      event_id: {means: 'exactly this event id'},
      filter: {means: 'accepted and ignored: it filters nothing'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: 'created_at updated_at with client_id filter_deleted_clients without_deleted_clients',
  }),
}
