/**
 * The registry of resource families. Commands, help, docs and the route checks are all derived
 * from this one table: adding a family is adding one entry.
 */

import {emailOperation, refundOperation, statementOperation} from './operations/document-ops.js'
import type {Operation} from './operations/operation.js'
import {AMOUNT_PAID, APPROVE, AUTO_BILL, CANCEL, CONVERT, MARK_PAID, MARK_SENT, PAID, REFERENCE, type SaveEffect, SEND_EMAIL} from './operations/save-effects.js'

export const VERBS = [
  'list',
  'show',
  'template',
  'edit-template',
  'create',
  'update',
  'delete',
  'bulk',
  'action',
  'upload',
  'download',
] as const
export type Verb = (typeof VERBS)[number]

/** Verbs that change upstream records: they need --yes unless --dry-run is given. */
export const MUTATING_VERBS: ReadonlySet<Verb> = new Set(['create', 'update', 'delete', 'bulk', 'action', 'upload'])

export interface Family {
  /** Command word, kebab-case: `purchase-orders`. */
  readonly word: string
  /** Upstream path segment: the word with `-` turned into `_`. */
  readonly segment: string
  /** Verbs the upstream publishes for this family (and so the commands that exist). */
  readonly verbs: ReadonlySet<Verb>
  /** Takes `--line-item` (invoices, quotes, credits, ...). */
  readonly documentLike: boolean
  /** How `action` is sent: a GET on /{seg}/{id}/{action} (bulk when the server answers 404), or the bulk route with one id. */
  readonly actionRoute?: 'get' | 'bulk'
  /** Whether the server itself routes the GET action, or only the published document lists it. */
  readonly actionGet?: 'server' | 'document'
  /** How `download` reaches the file: an invitation key on a singular segment (`quote`), or the record's id. */
  readonly download?: {kind: 'invitation'; segment: string} | {kind: 'record'}
  /** Lists inside a record that update can edit item by item (`line_items`, `contacts`). */
  readonly lists: readonly RecordList[]
  /** Verbs the published document lists that the server does not route, and the command that does it instead. */
  readonly documentOnly: ReadonlyMap<Verb, string>
  /** Verbs the server routes that the published document omits. */
  readonly serverOnly: ReadonlySet<Verb>
  /** Operations beyond the verbs (`payments refund`, `invoices email`): commands of their own. */
  readonly operations: readonly Operation[]
  /** Parameters create and update may send to act after saving (`send_email`, `mark_sent`, ...). */
  readonly saveEffects: readonly SaveEffect[]
  /** Actions the upstream implements for bulk/action: the only ones accepted (help, completion, known-action.ts). */
  readonly actions: readonly string[]
  /** Every route of the family needs X-API-PASSWORD. */
  readonly passwordProtected: boolean
  /** Columns of the list table, as dotted paths into a record. */
  readonly columns?: readonly string[]
  /** Names of the family's `status_id` values (FACTS.md "Statuses"), for tables people read. */
  readonly statuses?: ReadonlyMap<string, string>
  readonly description: string
}

/** A list inside a record that `update` edits item by item: `--add-line-item`, `--remove-line-item N`. */
export interface RecordList {
  /** The record's key: `line_items`. */
  readonly field: string
  /** The flag stem: `line-item` → --line-item, --add-line-item, --remove-line-item. */
  readonly flag: string
  /** For messages: `line item`. */
  readonly noun: string
}

const LINE_ITEMS: RecordList = {field: 'line_items', flag: 'line-item', noun: 'line item'}
const CONTACTS: RecordList = {field: 'contacts', flag: 'contact', noun: 'contact'}

/**
 * Actions whose answer is a file, and what the file must be: a PDF (`%PDF`), or for several ids a
 * zip (`PK`). They need --output-file, and an answer that is not the file (an HTML login page, a
 * JSON message) is an error, never saved.
 */
export const FILE_ACTIONS: Readonly<Record<string, FileKind>> = {download: 'pdf', bulk_print: 'pdf', bulk_download: 'pdf-or-zip'}
export type FileKind = 'pdf' | 'pdf-or-zip' | 'xml' | 'any'

interface Entry {
  description: string
  /** Verbs as the published document lists them. */
  verbs: string
  documentLike?: boolean
  /** Spec rule 3: `action` is a GET on /{seg}/{id}/{action}; 'document' where only the document has that route. */
  getActions?: 'server' | 'document'
  /** The invitation-key download segment, or 'record' for GET /{seg}/{id}/download. */
  download?: string
  /** Where the server differs from the published document (FACTS.md, "The server as it really is"). */
  server?: {lacks?: Partial<Record<Verb, string>>; adds?: string}
  lists?: RecordList[]
  operations?: Operation[]
  saveEffects?: SaveEffect[]
  actions?: string
  passwordProtected?: boolean
  columns?: string
  /** `status_id` values and names: '1 Draft, 2 Sent, ...'. */
  statuses?: string
}

// Verb sets as published upstream. `common` is list show template edit-template create update delete.
const COMMON = 'list show template edit-template create update delete'
const ARCHIVABLE = 'archive restore delete'
const DOC_COLUMNS = 'id number client_id amount balance status_id date due_date'
// Statuses as FACTS.md's last section gives them.
const RECURRING_STATUSES = '1 Draft, 2 Active, 3 Paused, 4 Completed, -1 Pending'

const ENTRIES: Record<string, Entry> = {
  activities: {description: 'Activity log entries', verbs: 'list', columns: 'id activity_type_id client_id invoice_id user_id created_at'},
  'bank-integrations': {description: 'Bank integrations', verbs: `${COMMON} bulk`, actions: ARCHIVABLE},
  'bank-transactions': {description: 'Bank transactions', verbs: `${COMMON} bulk`, actions: ARCHIVABLE, columns: 'id date amount description status_id'},
  'bank-transaction-rules': {description: 'Bank transaction rules', verbs: `${COMMON} bulk`, actions: ARCHIVABLE},
  'client-gateway-tokens': {description: 'Stored client payment tokens', verbs: COMMON},
  clients: {
    description: 'Clients (customers)',
    verbs: `${COMMON} bulk upload`,
    lists: [CONTACTS],
    operations: [statementOperation],
    actions: `${ARCHIVABLE} template assign_group bulk_update`,
    columns: 'id number name balance paid_to_date updated_at',
  },
  companies: {description: 'Companies', verbs: `${COMMON} upload`, columns: 'id settings.name company_key'},
  'company-gateways': {description: 'Company payment gateways', verbs: `${COMMON} bulk`, actions: ARCHIVABLE, columns: 'id label gateway_key'},
  'company-ledger': {description: 'Company ledger entries', verbs: 'list', columns: 'activity_id notes balance adjustment created_at'},
  credits: {
    description: 'Credits',
    verbs: `${COMMON} bulk upload download`,
    documentLike: true,
    download: 'credit',
    operations: [emailOperation('credits', 'credit', 'email_template_credit')],
    saveEffects: [SEND_EMAIL, MARK_SENT, MARK_PAID],
    actions: `${ARCHIVABLE} email send_email mark_paid mark_sent clone_to_credit download bulk_print bulk_download template`,
    columns: DOC_COLUMNS,
    statuses: '1 Draft, 2 Sent, 3 Partial, 4 Applied',
  },
  designs: {description: 'Invoice designs', verbs: `${COMMON} bulk`, actions: ARCHIVABLE},
  documents: {
    description: 'Documents attached to records',
    verbs: 'list',
    server: {adds: 'show update delete bulk download'},
    download: 'record',
    actions: ARCHIVABLE,
    columns: 'id name type size updated_at',
  },
  'expense-categories': {description: 'Expense categories', verbs: `${COMMON} bulk`, actions: ARCHIVABLE},
  expenses: {
    description: 'Expenses',
    verbs: `${COMMON} bulk upload`,
    actions: `${ARCHIVABLE} bulk_categorize`,
    columns: 'id number vendor_id amount date public_notes',
  },
  'group-settings': {description: 'Client group settings', verbs: `${COMMON} bulk upload`, actions: ARCHIVABLE},
  invoices: {
    description: 'Invoices',
    verbs: `${COMMON} bulk upload download`,
    documentLike: true,
    download: 'invoice',
    operations: [emailOperation('invoices', 'invoice', 'email_template_invoice')],
    saveEffects: [SEND_EMAIL, MARK_SENT, PAID, AMOUNT_PAID, REFERENCE, AUTO_BILL, CANCEL],
    actions: `${ARCHIVABLE} mark_paid mark_sent cancel email send_email auto_bill download bulk_print bulk_download template set_payment_link`,
    columns: DOC_COLUMNS,
    statuses: '1 Draft, 2 Sent, 3 Partial, 4 Paid, 5 Cancelled, 6 Reversed, -1 Overdue, -2 Unpaid',
  },
  'payment-terms': {description: 'Payment terms', verbs: `${COMMON} bulk`, actions: ARCHIVABLE, columns: 'id name num_days'},
  payments: {
    description: 'Payments',
    verbs: `${COMMON} bulk action upload`,
    getActions: 'document',
    operations: [emailOperation('payments', 'payment', 'email_template_payment'), refundOperation],
    actions: `${ARCHIVABLE} email email_receipt template`,
    columns: 'id number client_id amount refunded status_id date',
    statuses: '1 Pending, 2 Cancelled, 3 Failed, 4 Completed, 5 Partially refunded, 6 Refunded',
  },
  products: {
    description: 'Products',
    verbs: `${COMMON} bulk upload`,
    actions: `${ARCHIVABLE} set_tax_id`,
    columns: 'id product_key notes price quantity',
  },
  projects: {description: 'Projects', verbs: `${COMMON} bulk upload`, actions: `${ARCHIVABLE} template`, columns: 'id number name client_id budgeted_hours due_date'},
  'purchase-orders': {
    description: 'Purchase orders',
    verbs: `${COMMON} bulk action upload download`,
    documentLike: true,
    getActions: 'server',
    download: 'purchase_order',
    operations: [emailOperation('purchase-orders', 'purchase_order', 'email_template_purchase_order')],
    saveEffects: [SEND_EMAIL, MARK_SENT],
    actions: `${ARCHIVABLE} email send_email mark_sent download bulk_print bulk_download add_to_inventory expense cancel template`,
    columns: 'id number vendor_id amount balance status_id date due_date',
    statuses: '1 Draft, 2 Sent, 3 Accepted, 4 Received, 5 Cancelled',
  },
  quotes: {
    description: 'Quotes',
    verbs: `${COMMON} bulk action upload download`,
    documentLike: true,
    getActions: 'server',
    download: 'quote',
    operations: [emailOperation('quotes', 'quote', 'email_template_quote')],
    saveEffects: [SEND_EMAIL, MARK_SENT, APPROVE, CONVERT],
    actions: `approve convert_to_invoice convert_to_project clone_to_invoice mark_sent email send_email download bulk_print bulk_download ${ARCHIVABLE} template`,
    columns: DOC_COLUMNS,
    statuses: '1 Draft, 2 Sent, 3 Approved, 4 Converted, -1 Expired',
  },
  'recurring-expenses': {description: 'Recurring expenses', verbs: `${COMMON} bulk upload`, actions: ARCHIVABLE, columns: 'id number vendor_id amount frequency_id next_send_date', statuses: RECURRING_STATUSES},
  'recurring-invoices': {
    description: 'Recurring invoices',
    verbs: `${COMMON} bulk action upload download`,
    documentLike: true,
    getActions: 'document',
    download: 'recurring_invoice',
    operations: [emailOperation('recurring-invoices', 'recurring_invoice', 'email_template_invoice')],
    server: {lacks: {download: 'download an invoice it generated: cli invoices download INVITATION_KEY --output-file PATH'}},
    actions: `${ARCHIVABLE} start stop send_now increase_prices update_prices set_payment_link`,
    columns: 'id number client_id amount status_id frequency_id next_send_date',
    statuses: RECURRING_STATUSES,
  },
  'recurring-quotes': {
    description: 'Recurring quotes',
    verbs: `${COMMON} bulk action`,
    documentLike: true,
    getActions: 'document',
    actions: ARCHIVABLE,
    columns: 'id number client_id amount status_id frequency_id next_send_date',
    statuses: RECURRING_STATUSES,
  },
  subscriptions: {description: 'Subscriptions', verbs: `${COMMON} bulk`, actions: ARCHIVABLE, columns: 'id name price frequency_id'},
  'system-logs': {description: 'System logs', verbs: 'list show', columns: 'id category_id event_id type_id client_id created_at'},
  'task-schedulers': {description: 'Scheduled tasks', verbs: 'list show template create update delete bulk', actions: ARCHIVABLE, columns: 'id name template frequency_id next_run'},
  'task-statuses': {description: 'Task statuses', verbs: `${COMMON} bulk`, actions: ARCHIVABLE, columns: 'id name color status_order'},
  tasks: {
    description: 'Tasks (time tracking)',
    verbs: `${COMMON} bulk upload`,
    actions: `${ARCHIVABLE} template start stop`,
    columns: 'id number description client_id project_id status_id',
  },
  'tax-rates': {
    description: 'Tax rates',
    verbs: 'list show template edit-template update delete bulk',
    server: {adds: 'create'},
    actions: ARCHIVABLE,
    columns: 'id name rate',
  },
  tokens: {description: 'API tokens', verbs: `${COMMON} bulk`, actions: ARCHIVABLE, columns: 'id name is_system'},
  users: {
    description: 'Users (password-protected: set CLI_API_PASSWORD)',
    verbs: `${COMMON} bulk`,
    actions: ARCHIVABLE,
    passwordProtected: true,
    server: {lacks: {delete: 'cli users bulk --action delete --id ID --yes', 'edit-template': 'cli users show ID'}},
    columns: 'id first_name last_name email',
  },
  vendors: {description: 'Vendors (suppliers)', verbs: `${COMMON} bulk upload`, lists: [CONTACTS], actions: ARCHIVABLE, columns: 'id number name balance updated_at'},
  webhooks: {description: 'Webhooks', verbs: `${COMMON} bulk`, actions: ARCHIVABLE, columns: 'id event_id target_url format'},
}

const words = (s?: string): string[] => (s ? s.split(/\s+/).filter(Boolean) : [])

function toFamily(word: string, e: Entry): Family {
  const published = words(e.verbs) as Verb[]
  const lacks = new Map(Object.entries(e.server?.lacks ?? {}) as Array<[Verb, string]>)
  const adds = new Set(words(e.server?.adds) as Verb[])
  for (const v of [...published, ...lacks.keys(), ...adds]) if (!VERBS.includes(v)) throw new Error(`registry: ${word} names unknown verb ${v}`)
  // The commands are the server's routes: the document's, less what the server lacks, plus what it adds.
  const verbs = new Set([...published.filter((v) => !lacks.has(v)), ...adds])
  // `action` exists where the family has a bulk route, or publishes single-record GET actions.
  if (verbs.has('bulk')) verbs.add('action')
  const segment = word.replaceAll('-', '_')
  return {
    word,
    segment,
    verbs,
    documentLike: e.documentLike ?? false,
    actionRoute: verbs.has('action') ? (e.getActions ? 'get' : 'bulk') : undefined,
    actionGet: e.getActions,
    download: e.download === undefined ? undefined : e.download === 'record' ? {kind: 'record'} : {kind: 'invitation', segment: e.download},
    lists: [...(e.documentLike ? [LINE_ITEMS] : []), ...(e.lists ?? [])],
    documentOnly: lacks,
    serverOnly: adds,
    operations: e.operations ?? [],
    saveEffects: e.saveEffects ?? [],
    actions: words(e.actions),
    passwordProtected: e.passwordProtected ?? false,
    columns: e.columns ? words(e.columns) : undefined,
    statuses: e.statuses ? new Map(e.statuses.split(',').map((s) => /^\s*(-?\d+) (.+?)\s*$/.exec(s)!.slice(1, 3) as [string, string])) : undefined,
    description: e.description,
  }
}

export const FAMILIES: readonly Family[] = Object.entries(ENTRIES).map(([word, e]) => toFamily(word, e))

const BY_WORD = new Map(FAMILIES.map((f) => [f.word, f]))

export function family(word: string): Family {
  const f = BY_WORD.get(word)
  if (!f) throw new Error(`unknown family ${word}`)
  return f
}

/** Verbs in the registry's canonical order, for messages and help. */
export const supportedVerbs = (f: Family): Verb[] => VERBS.filter((v) => f.verbs.has(v))
