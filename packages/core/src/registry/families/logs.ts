/** Read-only logs: activities, the company ledger, system logs. */
import type {Entry} from '../types.js'

export const LOG_FAMILIES: Record<string, Entry> = {
  activities: {
    description: 'Activity log entries',
    verbs: 'list',
    columns: 'id activity_type_id client_id invoice_id user_id created_at',
    fields: [
      {
        s:
          'activity_type_id client_id company_id user_id invoice_id payment_id credit_id expense_id contact_id ' +
          'task_id notes token_id ip',
        b: 'is_system',
        o:
          'user client contact recurring_invoice invoice credit quote payment expense task purchase_order vendor ' +
          'vendor_contact',
      },
    ],
  },
  'company-ledger': {
    description: 'Company ledger entries',
    verbs: 'list',
    columns: 'activity_id notes balance adjustment created_at',
    // activity_id: the list columns show it; the published schema omits it.
    fields: [{s: 'entity_id notes activity_id', n: 'balance adjustment'}],
  },
  'system-logs': {
    description: 'System logs',
    verbs: 'list show',
    columns: 'id category_id event_id type_id client_id created_at',
    fields: [{s: 'user_id client_id', i: 'event_id category_id type_id', o: 'log'}],
  },
}
