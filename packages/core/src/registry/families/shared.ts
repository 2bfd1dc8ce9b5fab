/** What several family entries share: verb sets, actions, columns, statuses, record lists, examples. */
import type {RecordList} from '../types.js'

// Verb sets as published upstream. `common` is list show template edit-template create update delete.
export const COMMON = 'list show template edit-template create update delete'
export const ARCHIVABLE = 'archive restore delete'
/** The common verbs, bulk, and upload: files attach to these records. */
export const ATTACHABLE = `${COMMON} bulk upload`
/** A document's columns: its party by name (the server's include=client fills client.display_name). */
export const DOC_COLUMNS = 'id number client.display_name amount balance status_id date due_date'
// Statuses as FACTS.md's last section gives them.
export const RECURRING_STATUSES = '1 Draft, 2 Active, 3 Paused, 4 Completed, -1 Pending'
/** How often a recurring document is sent: its `frequency_id` (the server's RecurringInvoice::FREQUENCY_*). */
export const RECURRING_CODES = {
  frequency_id:
    '1 Daily, 2 Weekly, 3 Two weeks, 4 Four weeks, 5 Monthly, 6 Two months, 7 Three months, 8 Four months, ' +
    '9 Six months, 10 Annually, 11 Two years, 12 Three years',
}

/** Records found by their number: the server's exact `number=` filter. */
export const NUMBER_KEY = 'number: number'

export const LINE_ITEMS: RecordList = {field: 'line_items', flag: 'line-item', noun: 'line item'}
export const CONTACTS: RecordList = {field: 'contacts', flag: 'contact', noun: 'contact'}

/** The create example of a family whose records have a name. */
export const NAME_EXAMPLE = `--data '{"name":"Example"}' --dry-run`
/** The help examples of a family whose records have a name: create one, rename one. */
export const NAMED = {create: NAME_EXAMPLE, update: 'name'}
/** The common verbs with bulk, and bulk archive, restore and delete: what most families have. */
export const BULK_ARCHIVABLE = {verbs: `${COMMON} bulk`, actions: ARCHIVABLE}
/** The create example of a document-like family: its party flag with a sample of the party, one line item. */
export const documentExample = (party: '--client-id' | '--vendor-id'): string =>
  `${party} {${party === '--client-id' ? 'clients' : 'vendors'}} ` +
  '--line-item product_key=WIDGET,quantity=2,cost=10 --dry-run'
