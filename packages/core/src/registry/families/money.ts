/** Money in and out: payments, expenses, banking, gateways, terms and tax rates. */
import {bankMatchOperation} from '../operations/bank-match.js'
import {emailOperation, refundOperation} from '../operations/document-ops.js'
import {START, STOP} from '../operations/save-effects.js'
import type {Entries} from '../types.js'
import {
  ARCHIVABLE,
  ATTACHABLE,
  BULK_ARCHIVABLE,
  COMMON,
  NAMED,
  NUMBER_KEY,
  RECURRING_CODES,
  RECURRING_STATUSES,
} from './shared.js'

const EXPENSE_EXAMPLE =
  '--vendor-id {vendors} --amount 35.90 --date 2024-01-20 --public-notes "Printer paper" --dry-run'

export const MONEY_FAMILIES: Entries = {
  'bank-integrations': () => ({
    description: 'Bank integrations',
    group: 'money',
    sample: 'Bi7kQ2mXw4',
    ...BULK_ARCHIVABLE,
    columns: 'id bank_account_name provider_name balance currency updated_at',
    examples: {create: `--data '{"bank_account_name":"Example"}' --dry-run`, update: 'bank_account_name'},
  }),
  'bank-transaction-rules': () => ({
    description: 'Bank transaction rules',
    group: 'money',
    sample: 'Br3nV8pLq5',
    ...BULK_ARCHIVABLE,
    columns: 'id name applies_to auto_convert updated_at',
    examples: NAMED,
  }),
  'bank-transactions': () => ({
    description: 'Bank transactions',
    group: 'money',
    sample: 'Bt5hJ9wRz2',
    importAs: 'bank_transaction',
    verbs: BULK_ARCHIVABLE.verbs,
    // convert_matched turns matched transactions into payments and expenses; unlink undoes a match.
    actions: `${ARCHIVABLE} convert_matched unlink`,
    operations: [bankMatchOperation],
    // base_type: CREDIT is money in, DEBIT money out (tables say in/out); statuses as the server's model names them.
    columns: 'id date base_type amount description status_id',
    statuses: '1 Unmatched, 2 Matched, 3 Converted',
    examples: {
      create:
        '--amount 100 --date 2024-02-10 --field description="Office rent" ' +
        '--field bank_integration_id={bank-integrations} ' +
        '--dry-run',
      update: 'description',
    },
  }),
  'company-gateways': () => ({
    description: 'Company payment gateways',
    group: 'money',
    sample: 'Gw8bN3vKs6',
    ...BULK_ARCHIVABLE,
    noBackup: 'payment gateway settings hold the gateway credentials',
    columns: 'id label gateway_key',
    // label: the list columns show it; the published schema omits it.
    examples: {create: `--data '{"gateway_key":"Example"}' --dry-run`, update: 'label'},
  }),
  'expense-categories': () => ({
    description: 'Expense categories',
    group: 'money',
    sample: 'Ec1kR5tUo9',
    ...BULK_ARCHIVABLE,
    columns: 'id name color updated_at',
    examples: NAMED,
  }),
  expenses: () => ({
    description: 'Expenses',
    keys: NUMBER_KEY,
    group: 'money',
    sample: 'Ex9mQ2wLp4',
    importAs: 'expense',
    verbs: ATTACHABLE,
    // bulk_update sets one column (`--field column=... --field new_value=...`) on every expense selected.
    actions: `${ARCHIVABLE} bulk_categorize bulk_update`,
    pack: {range: 'from,to', include: 'vendor,category', files: 'attachments'},
    columns: 'id number vendor.display_name category.name amount date public_notes',
    staticCodes: {payment_type_id: 'payment_types'},
    examples: {create: EXPENSE_EXAMPLE, update: 'private_notes'},
  }),
  'payment-terms': () => ({
    description: 'Payment terms',
    group: 'money',
    sample: 'Pt7wE2rYu4',
    ...BULK_ARCHIVABLE,
    columns: 'id name num_days',
    examples: {create: `--data '{"num_days":30}' --dry-run`, update: '--field num_days=45'},
  }),
  payments: () => ({
    description: 'Payments',
    keys: NUMBER_KEY,
    group: 'money',
    sample: 'Pm8kT3vXc2',
    everyday: [
      'create --invoice 0001:50 --date 2024-03-01 --yes',
      'refund 0001 --amount 5 --date 2024-03-01 --yes',
      'email 0002 --yes',
      'list --filter client_id={clients} --all --output csv > payments.csv',
    ],
    importAs: 'payment',
    // StorePaymentRequest (5.10.42): a payment of the same amount for the same client.
    repeatGuard: {create: ['amount', 'client_id']},
    verbs: `${COMMON} bulk action upload`,
    getActions: 'document',
    operations: [emailOperation('payments', 'payment'), refundOperation],
    actions: `${ARCHIVABLE} email email_receipt template`,
    pack: {range: 'date,from,to', include: 'client,invoices,credits', ledger: 'paid'},
    columns: 'id number client.display_name amount refunded status_id date',
    statuses: '1 Pending, 2 Cancelled, 3 Failed, 4 Completed, 5 Partially refunded, 6 Refunded',
    // The payment types' ids are the server's database rows: its statics name them.
    staticCodes: {type_id: 'payment_types'},
    examples: {create: '--client-id {clients} --amount 100 --date 2024-02-10 --dry-run', update: 'private_notes'},
  }),
  'recurring-expenses': () => ({
    description: 'Recurring expenses',
    keys: NUMBER_KEY,
    group: 'money',
    sample: 'Re2aS6dFg8',
    verbs: ATTACHABLE,
    actions: `${ARCHIVABLE} start stop`,
    // The server reads ?start=true / ?stop=true on create and update (the schedule).
    saveEffects: [START, STOP],
    columns: 'id number vendor.display_name amount frequency_id next_send_date',
    statuses: RECURRING_STATUSES,
    codes: RECURRING_CODES,
    staticCodes: {payment_type_id: 'payment_types'},
    // number and vendor_id: the list columns show them, as for expenses.
    examples: {
      create: EXPENSE_EXAMPLE.replace(' --dry-run', ' --field frequency_id=5 --dry-run'),
      update: 'private_notes',
    },
  }),
  'tax-rates': () => ({
    description: 'Tax rates',
    group: 'money',
    sample: 'Tx9mN4bVq8',
    verbs: 'list show template edit-template update delete bulk',
    server: {adds: 'create'},
    actions: ARCHIVABLE,
    columns: 'id name rate',
    examples: {create: `--name "VAT" --field rate=20 --dry-run`, update: 'name'},
  }),
}
