/** Money in and out: payments, expenses, banking, gateways, terms and tax rates. */
import {emailOperation, refundOperation} from '../operations/document-ops.js'
import type {Entry} from '../types.js'
import {ARCHIVABLE, ATTACHABLE, BULK_ARCHIVABLE, COMMON, NAMED, RECURRING_STATUSES} from './shared.js'

const EXPENSE_EXAMPLE =
  '--vendor-id VolejRejNm --amount 35.90 --date 2024-01-20 --public-notes "Printer paper" --dry-run'

export const MONEY_FAMILIES: Record<string, Entry> = {
  'bank-integrations': {
    description: 'Bank integrations',
    ...BULK_ARCHIVABLE,
    columns: 'id bank_account_name provider_name balance currency updated_at',
    examples: {create: `--data '{"bank_account_name":"Example"}' --dry-run`, update: 'bank_account_name'},
  },
  'bank-transaction-rules': {
    description: 'Bank transaction rules',
    ...BULK_ARCHIVABLE,
    columns: 'id name applies_to auto_convert updated_at',
    examples: NAMED,
  },
  'bank-transactions': {
    description: 'Bank transactions',
    importAs: 'bank_transaction',
    ...BULK_ARCHIVABLE,
    columns: 'id date amount description status_id',
    examples: {
      create:
        '--amount 100 --date 2024-02-10 --field description="Office rent" --field bank_integration_id=Wpmbk5ezJn ' +
        '--dry-run',
      update: 'description',
    },
  },
  'company-gateways': {
    description: 'Company payment gateways',
    ...BULK_ARCHIVABLE,
    columns: 'id label gateway_key',
    // label: the list columns show it; the published schema omits it.
    examples: {create: `--data '{"gateway_key":"Example"}' --dry-run`, update: 'label'},
  },
  'expense-categories': {
    description: 'Expense categories',
    ...BULK_ARCHIVABLE,
    columns: 'id name color updated_at',
    examples: NAMED,
  },
  expenses: {
    description: 'Expenses',
    importAs: 'expense',
    verbs: ATTACHABLE,
    actions: `${ARCHIVABLE} bulk_categorize`,
    columns: 'id number vendor.display_name category.name amount date public_notes',
    examples: {create: EXPENSE_EXAMPLE, update: 'private_notes'},
  },
  'payment-terms': {
    description: 'Payment terms',
    ...BULK_ARCHIVABLE,
    columns: 'id name num_days',
    examples: {create: `--data '{"num_days":30}' --dry-run`, update: '--field num_days=45'},
  },
  payments: {
    description: 'Payments',
    importAs: 'payment',
    verbs: `${COMMON} bulk action upload`,
    getActions: 'document',
    operations: [emailOperation('payments', 'payment'), refundOperation],
    actions: `${ARCHIVABLE} email email_receipt template`,
    columns: 'id number client.display_name amount refunded status_id date',
    statuses: '1 Pending, 2 Cancelled, 3 Failed, 4 Completed, 5 Partially refunded, 6 Refunded',
    examples: {create: '--client-id VolejRejNm --amount 100 --date 2024-02-10 --dry-run', update: 'private_notes'},
  },
  'recurring-expenses': {
    description: 'Recurring expenses',
    verbs: ATTACHABLE,
    actions: ARCHIVABLE,
    columns: 'id number vendor.display_name amount frequency_id next_send_date',
    statuses: RECURRING_STATUSES,
    // number and vendor_id: the list columns show them, as for expenses.
    examples: {
      create: EXPENSE_EXAMPLE.replace(' --dry-run', ' --field frequency_id=5 --dry-run'),
      update: 'private_notes',
    },
  },
  'tax-rates': {
    description: 'Tax rates',
    verbs: 'list show template edit-template update delete bulk',
    server: {adds: 'create'},
    actions: ARCHIVABLE,
    columns: 'id name rate',
    examples: {create: `--name "VAT" --field rate=20 --dry-run`, update: 'name'},
  },
}
