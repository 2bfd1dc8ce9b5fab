/** Money in and out: payments, expenses, banking, gateways, terms and tax rates. */
import {emailOperation, refundOperation} from '../operations/document-ops.js'
import type {Entry} from '../types.js'
import {custom, taxNames, taxRates} from '../schema/groups.js'
import {ARCHIVABLE, ATTACHABLE, BULK_ARCHIVABLE, COMMON, NAMED, RECURRING_STATUSES} from './shared.js'

// Both kinds of expense; the document's `transcation_id` is spelled transaction_id.
const EXPENSE =
  'user_id assigned_user_id client_id vendor_id invoice_id bank_id invoice_currency_id invoice_category_id ' +
  `payment_type_id private_notes public_notes transaction_reference transaction_id ${custom} ${taxNames} date ` +
  'payment_date'
const EXPENSE_EXAMPLE =
  '--vendor-id VolejRejNm --amount 35.90 --date 2024-01-20 --public-notes "Printer paper" --dry-run'

export const MONEY_FAMILIES: Record<string, Entry> = {
  'bank-integrations': {
    description: 'Bank integrations',
    ...BULK_ARCHIVABLE,
    fields: [
      {
        s:
          'user_id provider_bank_name bank_account_name bank_account_number bank_account_status bank_account_type ' +
          'currency',
        sn: 'bank_account_id',
        n: 'balance',
      },
    ],
    examples: {create: `--data '{"bank_account_name":"Example"}' --dry-run`, update: 'bank_account_name'},
  },
  'bank-transaction-rules': {
    description: 'Bank transaction rules',
    ...BULK_ARCHIVABLE,
    fields: [
      {
        s: 'user_id name applies_to client_id vendor_id category_id',
        b: 'auto_convert matches_on_all',
        lists: {rules: 'rule'},
      },
    ],
    examples: NAMED,
  },
  'bank-transactions': {
    description: 'Bank transactions',
    importAs: 'bank_transaction',
    ...BULK_ARCHIVABLE,
    columns: 'id date amount description status_id',
    fields: [
      {
        s: 'user_id currency_id account_type description category_type base_type date',
        sn: 'transaction_id category_id bank_account_id',
        n: 'amount',
      },
    ],
    examples: {
      create: '--amount 100 --date 2024-02-10 --field description="Office rent" --dry-run',
      update: 'description',
    },
  },
  'company-gateways': {
    description: 'Company payment gateways',
    ...BULK_ARCHIVABLE,
    columns: 'id label gateway_key',
    // label: the list columns show it; the published schema omits it.
    fields: [
      {
        s: 'gateway_key config label',
        i: 'accepted_credit_cards',
        b: 'require_billing_address require_shipping_address update_details',
        lists: {fees_and_limits: 'fees_and_limits'},
      },
    ],
    examples: {create: `--data '{"gateway_key":"Example"}' --dry-run`, update: 'label'},
  },
  'expense-categories': {
    description: 'Expense categories',
    ...BULK_ARCHIVABLE,
    fields: [{s: 'name user_id'}],
    examples: NAMED,
  },
  expenses: {
    description: 'Expenses',
    importAs: 'expense',
    verbs: ATTACHABLE,
    actions: `${ARCHIVABLE} bulk_categorize`,
    columns: 'id number vendor_id amount date public_notes',
    fields: [
      {
        s: `${EXPENSE} project_id currency_id category_id recurring_expense_id`,
        n: `tax_amount ${taxRates} amount foreign_amount exchange_rate`,
        b: 'should_be_invoiced invoice_documents',
      },
    ],
    examples: {create: EXPENSE_EXAMPLE, update: 'private_notes'},
  },
  'payment-terms': {
    description: 'Payment terms',
    ...BULK_ARCHIVABLE,
    columns: 'id name num_days',
    fields: [{s: 'name', i: 'num_days'}],
    examples: NAMED,
  },
  payments: {
    description: 'Payments',
    importAs: 'payment',
    verbs: `${COMMON} bulk action upload`,
    getActions: 'document',
    operations: [emailOperation('payments', 'payment'), refundOperation],
    actions: `${ARCHIVABLE} email email_receipt template`,
    columns: 'id number client_id amount refunded status_id date',
    statuses: '1 Pending, 2 Cancelled, 3 Failed, 4 Completed, 5 Partially refunded, 6 Refunded',
    fields: [
      {
        s:
          'client_id invitation_id client_contact_id user_id type_id date transaction_reference assigned_user_id ' +
          'private_notes company_gateway_id number',
        n: 'amount refunded',
        b: 'is_manual',
        o: 'paymentables',
        lists: {invoices: 'paid_invoice', credits: 'paid_credit'},
      },
    ],
    examples: {create: '--client-id VolejRejNm --amount 100 --date 2024-02-10 --dry-run', update: 'private_notes'},
  },
  'recurring-expenses': {
    description: 'Recurring expenses',
    verbs: ATTACHABLE,
    actions: ARCHIVABLE,
    columns: 'id number vendor_id amount frequency_id next_send_date',
    statuses: RECURRING_STATUSES,
    // number and vendor_id: the list columns show them, as for expenses.
    fields: [
      {
        s: `${EXPENSE} expense_currency_id last_sent_date next_send_date number`,
        sn: 'frequency_id',
        n: `${taxRates} amount remaining_cycles foreign_amount exchange_rate`,
        b: 'should_be_invoiced invoice_documents',
      },
    ],
    examples: {create: EXPENSE_EXAMPLE, update: 'private_notes'},
  },
  'tax-rates': {
    description: 'Tax rates',
    verbs: 'list show template edit-template update delete bulk',
    server: {adds: 'create'},
    actions: ARCHIVABLE,
    columns: 'id name rate',
    fields: [{s: 'name', n: 'rate'}],
    examples: {create: `--name "VAT" --field rate=20 --dry-run`, update: 'name'},
  },
}
