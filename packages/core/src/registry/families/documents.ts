/** Document-like families: invoices, quotes, credits, purchase orders and the recurring ones. */
import {emailOperation} from '../operations/document-ops.js'
import {previewOperation} from '../operations/preview.js'
import {
  AMOUNT_PAID,
  APPROVE,
  AUTO_BILL,
  CANCEL,
  CONVERT,
  MARK_PAID,
  MARK_SENT,
  PAID,
  REFERENCE,
  SEND_EMAIL,
  START,
  STOP,
} from '../operations/save-effects.js'
import type {Entries} from '../types.js'
import {
  ARCHIVABLE,
  COMMON,
  DOC_COLUMNS,
  documentExample,
  NUMBER_KEY,
  RECURRING_CODES,
  RECURRING_STATUSES,
} from './shared.js'

const recurringColumns = (client: string) => `id number ${client} amount status_id frequency_id next_send_date`
const examples = {create: documentExample('--client-id'), update: 'public_notes'}
// A recurring document needs its frequency (5: monthly).
const recurringExamples = {
  create: documentExample('--client-id').replace(' --dry-run', ' --field frequency_id=5 --dry-run'),
  update: 'public_notes',
}

/**
 * A document sent to its party: line items, `email` with the entity's own template, the PDF by invitation key, and
 * the PDF of an unsaved one (`preview`).
 */
const emailed = (word: string, entity: string, template?: string) => ({
  documentLike: true,
  download: entity,
  operations: [emailOperation(word, entity, template), previewOperation(word, entity)],
})

export const DOCUMENT_FAMILIES: Entries = {
  credits: () => ({
    description: 'Credits',
    keys: NUMBER_KEY,
    group: 'documents',
    sample: 'Cr6dL1qWe3',
    sampleInvitation: 'crekey0001acmeQ7fK2mW9xR4tB8nL3p',
    everyday: ['email 0001 --yes'],
    verbs: `${COMMON} bulk upload download`,
    ...emailed('credits', 'credit'),
    serverGetActions: true,
    saveEffects: [SEND_EMAIL, MARK_SENT, MARK_PAID],
    actions:
      `${ARCHIVABLE} email send_email mark_paid mark_sent clone_to_credit download bulk_print bulk_download ` +
      'template',
    pack: {range: 'from,to', include: 'client', files: 'pdf', ledger: 'tax'},
    columns: DOC_COLUMNS,
    statuses: '1 Draft, 2 Sent, 3 Partial, 4 Applied',
    examples,
  }),
  invoices: () => ({
    description: 'Invoices',
    keys: NUMBER_KEY,
    group: 'documents',
    sample: 'WJxbojagwO',
    sampleInvitation: 'invkey0001acmeQ7fK2mW9xR4tB8nL3p',
    everyday: [
      "list --filter client_status=unpaid --sort 'due_date|asc'",
      'email 0001 --template email_template_reminder1 --yes',
      'update 0001 --amount-paid 50 --reference CHQ-1001 --yes',
      'update 0001 --paid --yes',
      'download 0001 --output-file .',
      'list --all --output csv > invoices.csv',
    ],
    importAs: 'invoice',
    // BulkInvoiceRequest and DestroyInvoiceRequest (5.10.42): the same action, or the same invoice deleted.
    repeatGuard: {bulk: ['action'], delete: ['id']},
    verbs: `${COMMON} bulk upload download`,
    ...emailed('invoices', 'invoice'),
    serverGetActions: true,
    saveEffects: [SEND_EMAIL, MARK_SENT, PAID, AMOUNT_PAID, REFERENCE, AUTO_BILL, CANCEL],
    actions:
      `${ARCHIVABLE} mark_paid mark_sent cancel email send_email auto_bill download bulk_print bulk_download ` +
      'template set_payment_link',
    pack: {range: 'from,to', include: 'client', files: 'pdf', ledger: 'tax'},
    columns: DOC_COLUMNS,
    statuses: '1 Draft, 2 Sent, 3 Partial, 4 Paid, 5 Cancelled, 6 Reversed, -1 Overdue, -2 Unpaid',
    examples,
  }),
  'purchase-orders': () => ({
    description: 'Purchase orders',
    keys: NUMBER_KEY,
    group: 'documents',
    sample: 'Po5sD9fGh1',
    sampleInvitation: 'pokey0001paperQ7fK2mW9xR4tB8nL3p',
    everyday: ['email 0001 --yes'],
    verbs: `${COMMON} bulk action upload download`,
    ...emailed('purchase-orders', 'purchase_order'),
    getActions: 'server',
    saveEffects: [SEND_EMAIL, MARK_SENT],
    actions:
      `${ARCHIVABLE} email send_email mark_sent download bulk_print bulk_download add_to_inventory expense cancel ` +
      'template',
    columns: 'id number vendor.display_name amount balance status_id date due_date',
    statuses: '1 Draft, 2 Sent, 3 Accepted, 4 Received, 5 Cancelled',
    examples: {create: documentExample('--vendor-id'), update: 'public_notes'},
  }),
  quotes: () => ({
    description: 'Quotes',
    keys: NUMBER_KEY,
    group: 'documents',
    sample: 'Xy9kqR2mLb',
    sampleInvitation: 'quokey0001acmeQ7fK2mW9xR4tB8nL3p',
    everyday: ['email 0001 --yes', 'update 0001 --approve --yes'],
    importAs: 'quote',
    verbs: `${COMMON} bulk action upload download`,
    ...emailed('quotes', 'quote'),
    getActions: 'server',
    saveEffects: [SEND_EMAIL, MARK_SENT, APPROVE, CONVERT],
    actions:
      'approve convert_to_invoice convert_to_project clone_to_invoice mark_sent email send_email download ' +
      `bulk_print bulk_download ${ARCHIVABLE} template`,
    columns: DOC_COLUMNS,
    statuses: '1 Draft, 2 Sent, 3 Approved, 4 Converted, -1 Expired',
    examples,
  }),
  'recurring-invoices': () => ({
    description: 'Recurring invoices',
    keys: NUMBER_KEY,
    group: 'documents',
    sample: 'Ri4zX8cVb3',
    everyday: ['bulk --action stop --id 0001 --yes', 'bulk --action start --id 0001 --yes'],
    importAs: 'recurring_invoice',
    verbs: `${COMMON} bulk action upload download`,
    ...emailed('recurring-invoices', 'recurring_invoice', 'email_template_invoice'),
    getActions: 'document',
    server: {
      lacks: {download: 'download an invoice it generated: cli invoices download INVITATION_KEY --output-file PATH'},
    },
    // The server reads ?start=true / ?stop=true on create and update (the schedule).
    saveEffects: [START, STOP],
    actions: `${ARCHIVABLE} start stop send_now increase_prices update_prices set_payment_link bulk_update`,
    columns: recurringColumns('client.display_name'),
    statuses: RECURRING_STATUSES,
    codes: RECURRING_CODES,
    examples: recurringExamples,
  }),
  'recurring-quotes': () => ({
    description: 'Recurring quotes',
    keys: NUMBER_KEY,
    group: 'documents',
    sample: 'Rq6nM1bVc5',
    verbs: `${COMMON} bulk action`,
    documentLike: true,
    getActions: 'document',
    actions: ARCHIVABLE,
    // The server's recurring quotes cannot include their client: its id it is.
    columns: recurringColumns('client_id'),
    statuses: RECURRING_STATUSES,
    codes: RECURRING_CODES,
    examples: recurringExamples,
  }),
}
