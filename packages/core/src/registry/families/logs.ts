/** Read-only logs: activities, the company ledger, system logs. */
import type {Entries} from '../types.js'

export const LOG_FAMILIES: Entries = {
  activities: () => ({
    description: 'Activity log entries',
    group: 'logs',
    verbs: 'list',
    noBackup: 'the server lists only the newest entries, with no filter to page through the rest',
    columns: 'id activity_type_id client.display_name invoice.number user_id created_at',
  }),
  'company-ledger': () => ({
    description: 'Company ledger entries',
    group: 'logs',
    verbs: 'list',
    columns: 'activity_id notes balance adjustment created_at',
    // activity_id: the list columns show it; the published schema omits it.
  }),
  'system-logs': () => ({
    description: 'System logs',
    group: 'logs',
    sample: 'Sl1qW5eRt9',
    verbs: 'list show',
    columns: 'id category_id event_id type_id client_id created_at',
  }),
}
