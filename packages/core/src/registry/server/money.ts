/**
 * Money in and out: payments, expenses, recurring expenses, their categories, terms and tax rates.
 * Read from the Invoice Ninja server's source, 5.10.42, by scripts/server-facts.ts: run it again to change
 * this file (its overrides and meanings are where judgement goes), never edit it by hand.
 */
import type {FamilyFactsMakers} from './types.js'

export const MONEY_FACTS: FamilyFactsMakers = {
  'expense-categories': () => ({
    fields: {str: 'color name'},
    required: {create: 'name'},
    answer: 'id user_id name color is_deleted updated_at archived_at created_at',
    filters: {
      filter: {means: 'text found (partial match) in any of the columns under search', search: 'name'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: 'status created_at updated_at is_deleted with_trashed with',
  }),
  expenses: () => ({
    fields: {
      hid: 'assigned_user_id category_id client_id invoice_id project_id transaction_id vendor_id',
      iid: 'bank_id currency_id invoice_currency_id payment_type_id',
      num: 'amount exchange_rate foreign_amount tax_amount1 tax_amount2 tax_amount3 tax_rate1 tax_rate2 tax_rate3',
      bool: 'calculate_tax_by_amount invoice_documents should_be_invoiced uses_inclusive_taxes',
      date: 'date payment_date',
      str: `custom_value1 custom_value2 custom_value3 custom_value4 number private_notes public_notes tax_name1
        tax_name2 tax_name3 transaction_reference`,
    },
    strict: 'amount date payment_date',
    refilled: {update: 'currency_id'},
    answer: `id user_id assigned_user_id vendor_id invoice_id client_id bank_id invoice_currency_id
      expense_currency_id currency_id category_id payment_type_id recurring_expense_id is_deleted should_be_invoiced
      invoice_documents amount foreign_amount exchange_rate tax_name1 tax_rate1 tax_name2 tax_rate2 tax_name3
      tax_rate3 private_notes public_notes transaction_reference transaction_id date number payment_date custom_value1
      custom_value2 custom_value3 custom_value4 updated_at archived_at created_at project_id tax_amount1 tax_amount2
      tax_amount3 uses_inclusive_taxes calculate_tax_by_amount entity_type e_invoice documents`,
    includes: 'documents client vendor category invoice project',
    filters: {
      filter: {
        means: 'text found (partial match) in any of the columns under search',
        search: `category.name vendor.name client.name number amount public_notes custom_value1 custom_value2
          custom_value3 custom_value4`,
      },
      client_status: {
        means: 'states, comma-separated; all: no filter',
        values: 'all logged pending invoiced uninvoiced paid unpaid uncategorized',
      },
      has_invoices: {means: 'client,<id> or project,<id>: expenses on an open invoice of that client or project'},
      match_transactions: {means: 'true: records not yet matched to a bank transaction', values: 'true'},
      categories: {means: 'in these expense categories (hashed ids, comma-separated)'},
      amount: {means: 'exactly this amount'},
      number: {means: 'exactly this number'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: `status created_at updated_at is_deleted with_trashed with client_id filter_deleted_clients
      without_deleted_clients vendor_id without_deleted_vendors date_range`,
  }),
  'payment-terms': () => ({
    fields: {int: 'num_days'},
    required: {update: 'num_days'},
    answer: 'id num_days name is_deleted created_at updated_at archived_at',
    filters: {
      filter: {means: 'text found (partial match) in any of the columns under search', search: 'name'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: 'status created_at updated_at is_deleted with_trashed with',
  }),
  payments: () => ({
    fields: {
      hid: 'assigned_user_id client_id',
      iid: 'category_id exchange_currency_id type_id',
      num: 'amount exchange_rate',
      date: 'date',
      str: `custom_value1 custom_value2 custom_value3 custom_value4 idempotency_key number private_notes
        transaction_reference`,
      objs: 'credits invoices',
    },
    strict: 'amount idempotency_key invoices',
    required: {create: 'client_id'},
    fixed: 'client_id',
    ignored: {update: 'amount'},
    items: {
      invoices: {hid: 'invoice_id', num: 'amount'},
      credits: {hid: 'credit_id', num: 'amount'},
    },
    answer: `id user_id assigned_user_id amount refunded applied transaction_reference transaction_id date is_manual
      created_at updated_at archived_at is_deleted type_id invitation_id private_notes number custom_value1
      custom_value2 custom_value3 custom_value4 client_id client_contact_id company_gateway_id gateway_type_id
      status_id project_id vendor_id currency_id exchange_rate exchange_currency_id paymentables documents`,
    includes: 'paymentables documents client invoices type credits',
    filters: {
      filter: {
        means: 'text found (partial match) in any of the columns under search',
        search: `client.name client.contacts.first_name client.contacts.last_name client.contacts.email amount date
          number transaction_reference custom_value1 custom_value2 custom_value3 custom_value4`,
      },
      client_status: {
        means: 'states, comma-separated; all: no filter',
        values: 'all pending cancelled failed completed partially_refunded refunded partially_unapplied',
      },
      match_transactions: {means: 'true: records not yet matched to a bank transaction', values: 'true'},
      number: {means: 'exactly this number'},
      sort: {means: 'column|asc or column|desc; an unknown column is ignored'},
      date_range: {means: 'a date column between two dates: date,<start>,<end>'},
    },
    generic: `status created_at updated_at is_deleted with_trashed with client_id filter_deleted_clients
      without_deleted_clients vendor_id without_deleted_vendors`,
  }),
  'recurring-expenses': () => ({
    fields: {
      hid: 'assigned_user_id category_id client_id invoice_id project_id transaction_id vendor_id',
      iid: 'bank_id currency_id frequency_id invoice_currency_id payment_type_id',
      num: 'amount exchange_rate foreign_amount tax_amount1 tax_amount2 tax_amount3 tax_rate1 tax_rate2 tax_rate3',
      int: 'remaining_cycles',
      bool: 'calculate_tax_by_amount invoice_documents should_be_invoiced uses_inclusive_taxes',
      date: 'date last_sent_date next_send_date next_send_date_client payment_date',
      str: `custom_value1 custom_value2 custom_value3 custom_value4 number private_notes public_notes tax_name1
        tax_name2 tax_name3 transaction_reference`,
    },
    strict: 'currency_id frequency_id tax_amount1 tax_amount2 tax_amount3',
    required: {create: 'frequency_id'},
    refilled: {update: 'currency_id'},
    answer: `id user_id assigned_user_id status_id vendor_id invoice_id client_id bank_id invoice_currency_id
      recurring_expense_currency_id currency_id category_id payment_type_id is_deleted should_be_invoiced
      invoice_documents amount foreign_amount exchange_rate tax_name1 tax_rate1 tax_name2 tax_rate2 tax_name3
      tax_rate3 private_notes public_notes transaction_reference transaction_id date number payment_date custom_value1
      custom_value2 custom_value3 custom_value4 updated_at archived_at created_at project_id tax_amount1 tax_amount2
      tax_amount3 uses_inclusive_taxes calculate_tax_by_amount entity_type frequency_id remaining_cycles
      last_sent_date next_send_date recurring_dates documents`,
    includes: 'documents client vendor',
    filters: {
      filter: {
        means: 'text found (partial match) in any of the columns under search',
        search: `category.name vendor.name number amount public_notes custom_value1 custom_value2 custom_value3
          custom_value4`,
      },
      number: {means: 'exactly this number'},
      client_status: {
        means: 'states, comma-separated; all: no filter',
        values: 'all logged pending invoiced paid unpaid',
      },
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: `status created_at updated_at is_deleted with_trashed with client_id filter_deleted_clients
      without_deleted_clients vendor_id without_deleted_vendors date_range`,
  }),
  'tax-rates': () => ({
    fields: {num: 'rate', str: 'name'},
    strict: 'rate',
    required: {create: 'name rate'},
    answer: 'id name rate is_deleted updated_at archived_at created_at',
    filters: {
      filter: {means: 'text found (partial match) in any of the columns under search', search: 'name'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: 'status created_at updated_at is_deleted with_trashed with',
  }),
}
