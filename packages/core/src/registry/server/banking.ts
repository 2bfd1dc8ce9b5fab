/**
 * Banking and gateways: bank integrations, bank transactions and their rules, company gateways.
 * Read from the Invoice Ninja server's source, 5.10.42, by scripts/server-facts.ts: run it again to change
 * this file (its overrides and meanings are where judgement goes), never edit it by hand.
 */
import type {FamilyFactsMakers} from './types.js'

export const BANKING_FACTS: FamilyFactsMakers = {
  'bank-integrations': () => ({
    fields: {
      num: 'balance',
      bool: 'auto_sync',
      date: 'from_date',
      str: 'bank_account_name bank_account_number bank_account_status bank_account_type currency provider_name',
    },
    strict: 'auto_sync',
    required: {create: 'bank_account_name'},
    answer: `id provider_name provider_id bank_account_id bank_account_name bank_account_number bank_account_status
      bank_account_type nordigen_institution_id balance currency nickname from_date is_deleted disabled_upstream
      auto_sync created_at updated_at archived_at integration_type`,
    includes: 'company account bank_transactions',
    filters: {
      name: {means: 'part of the bank account name'},
      filter: {means: 'text found (partial match) in any of the columns under search', search: 'bank_account_name'},
      status: {means: 'record states, comma-separated: active, archived, deleted', values: 'active archived deleted'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: 'created_at updated_at is_deleted with_trashed with',
  }),
  'bank-transaction-rules': () => ({
    fields: {
      hid: 'category_id client_id vendor_id',
      bool: 'auto_convert matches_on_all',
      str: 'applies_to name on_credit_match',
      objs: 'rules',
    },
    strict: 'applies_to auto_convert matches_on_all name rules',
    required: {create: 'name', update: 'name'},
    values: {on_credit_match: 'create_payment link_payment', applies_to: 'CREDIT DEBIT'},
    items: {
      rules: {str: 'operator search_key value'},
    },
    answer: `id name rules auto_convert matches_on_all applies_to client_id vendor_id category_id is_deleted
      created_at updated_at archived_at`,
    includes: 'company vendor client expense_category',
    filters: {
      name: {means: 'part of the name'},
      filter: {means: 'text found (partial match) in any of the columns under search', search: 'name'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: `status created_at updated_at is_deleted with_trashed with client_id filter_deleted_clients
      without_deleted_clients vendor_id without_deleted_vendors`,
  }),
  'bank-transactions': () => ({
    fields: {
      hid: 'bank_integration_id ninja_category_id vendor_id',
      iid: 'category_id currency_id',
      num: 'amount',
      date: 'date',
      str: 'base_type description expense_id participant participant_name',
    },
    strict: 'amount date',
    required: {create: 'bank_integration_id', update: 'bank_integration_id date'},
    answer: `id user_id bank_integration_id transaction_id amount currency_id account_type category_id
      ninja_category_id category_type date bank_account_id status_id description participant participant_name
      base_type invoice_ids expense_id payment_id vendor_id bank_transaction_rule_id is_deleted
      nordigen_transaction_id created_at updated_at archived_at`,
    includes: 'company payment vendor bank_account',
    filters: {
      name: {means: 'part of the bank account name'},
      filter: {means: 'text found (partial match) in any of the columns under search', search: 'description'},
      client_status: {
        means: 'states, comma-separated; all: no filter',
        values: 'all unmatched matched converted deposits withdrawals',
      },
      active_banks: {
        means: 'true: only transactions of bank integrations neither archived nor deleted',
        values: 'true',
      },
      bank_integration_ids: {means: 'these bank integrations (hashed ids, comma-separated)'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: 'status created_at updated_at is_deleted with_trashed with vendor_id without_deleted_vendors date_range',
  }),
  'company-gateways': () => ({
    fields: {
      int: 'accepted_credit_cards',
      bool: `always_show_required_fields require_billing_address require_client_name require_client_phone
        require_contact_email require_contact_name require_custom_value1 require_custom_value2 require_custom_value3
        require_custom_value4 require_cvv require_postal_code require_shipping_address update_details`,
      str: 'config custom_value1 custom_value2 custom_value3 custom_value4 gateway_key label token_billing',
      obj: 'fees_and_limits',
    },
    required: {create: 'gateway_key'},
    values: {token_billing: 'off always optin optout'},
    answer: `id gateway_key accepted_credit_cards require_cvv require_billing_address require_shipping_address
      require_client_name require_zip require_postal_code require_client_phone require_contact_name
      require_contact_email require_custom_value1 require_custom_value2 require_custom_value3 require_custom_value4
      show_billing_address show_shipping_address update_details config fees_and_limits updated_at archived_at
      created_at is_deleted custom_value1 custom_value2 custom_value3 custom_value4 label token_billing test_mode
      always_show_required_fields`,
    includes: 'system_logs gateway',
    filters: {
      filter: {means: 'text found (partial match) in any of the columns under search', search: 'label'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: 'status created_at updated_at is_deleted with_trashed with',
  }),
}
