/**
 * The account's own settings: companies, scheduled tasks, API tokens, webhooks.
 * Read from the Invoice Ninja server's source, 5.10.42, by scripts/server-facts.ts: run it again to change
 * this file (its overrides and meanings are where judgement goes), never edit it by hand.
 */
import type {FamilyFactsMakers} from './types.js'

export const SETTINGS_FACTS: FamilyFactsMakers = {
  companies: () => ({
    fields: {
      iid: 'industry_id matomo_id size_id',
      int: `default_password_timeout enabled_expense_tax_rates enabled_item_tax_rates enabled_modules
        enabled_tax_rates inventory_notification_threshold session_timeout smtp_port`,
      bool: `auto_start_tasks calculate_expense_tax_by_amount calculate_taxes client_can_register
        convert_expense_currency convert_payment_currency convert_products convert_rate_to_client
        custom_surcharge_taxes1 custom_surcharge_taxes2 custom_surcharge_taxes3 custom_surcharge_taxes4
        default_quantity default_task_is_date_based enable_applying_payments enable_product_cost
        enable_product_discount enable_product_quantity enable_shop_api expense_inclusive_taxes expense_mailbox_active
        fill_products inbound_mailbox_allow_clients inbound_mailbox_allow_company_users inbound_mailbox_allow_unknown
        inbound_mailbox_allow_vendors invoice_expense_documents invoice_task_datelog invoice_task_documents
        invoice_task_hours invoice_task_item_description invoice_task_lock invoice_task_project
        invoice_task_project_header invoice_task_timelog is_disabled mark_expenses_invoiceable mark_expenses_paid
        markdown_email_enabled markdown_enabled notify_vendor_when_paid oauth_password_required report_include_deleted
        report_include_drafts show_product_details show_task_end_date show_tasks_table smtp_verify_peer
        stock_notification stop_on_unpaid_recurring track_inventory update_products use_comma_as_decimal_place
        use_quote_terms_on_conversion`,
      email: 'expense_mailbox',
      url: 'portal_domain',
      str: `e_invoice_certificate_passphrase first_day_of_week first_month_of_year google_analytics_key
        google_analytics_url inbound_mailbox_blacklist inbound_mailbox_whitelist matomo_url name portal_mode
        slack_webhook_url smtp_encryption smtp_host smtp_local_domain smtp_password smtp_username subdomain`,
      obj: 'custom_fields e_invoice settings tax_data',
      objs: 'client_registration_fields',
    },
    strict: `expense_mailbox expense_mailbox_active inbound_mailbox_allow_clients inbound_mailbox_allow_company_users
      inbound_mailbox_allow_unknown inbound_mailbox_allow_vendors inbound_mailbox_blacklist inbound_mailbox_whitelist
      industry_id matomo_id portal_domain size_id smtp_encryption smtp_host smtp_local_domain smtp_port`,
    items: {
      settings: {str: 'vat_number'},
    },
    answer: `id company_key update_products fill_products convert_products custom_surcharge_taxes1
      custom_surcharge_taxes2 custom_surcharge_taxes3 custom_surcharge_taxes4 show_product_cost enable_product_cost
      show_product_details enable_product_quantity default_quantity custom_fields size_id industry_id
      first_month_of_year first_day_of_week subdomain portal_mode portal_domain settings enabled_tax_rates
      enabled_modules updated_at archived_at created_at slack_webhook_url google_analytics_url google_analytics_key
      matomo_url matomo_id enabled_item_tax_rates client_can_register is_large is_disabled enable_shop_api
      mark_expenses_invoiceable mark_expenses_paid invoice_expense_documents invoice_task_timelog auto_start_tasks
      invoice_task_documents show_tasks_table use_credits_payment default_task_is_date_based enable_product_discount
      calculate_expense_tax_by_amount hide_empty_columns_on_pdf expense_inclusive_taxes expense_amount_is_pretax
      oauth_password_required session_timeout default_password_timeout invoice_task_datelog show_task_end_date
      markdown_enabled use_comma_as_decimal_place report_include_drafts client_registration_fields
      convert_rate_to_client markdown_email_enabled stop_on_unpaid_recurring use_quote_terms_on_conversion
      stock_notification inventory_notification_threshold track_inventory enable_applying_payments
      enabled_expense_tax_rates invoice_task_project report_include_deleted invoice_task_lock convert_payment_currency
      convert_expense_currency notify_vendor_when_paid invoice_task_hours calculate_taxes tax_data
      has_e_invoice_certificate has_e_invoice_certificate_passphrase invoice_task_project_header
      invoice_task_item_description origin_tax_data expense_mailbox expense_mailbox_active
      inbound_mailbox_allow_company_users inbound_mailbox_allow_vendors inbound_mailbox_allow_clients
      inbound_mailbox_allow_unknown inbound_mailbox_blacklist inbound_mailbox_whitelist smtp_host smtp_port
      smtp_encryption smtp_username smtp_password smtp_local_domain smtp_verify_peer e_invoice has_quickbooks_token
      is_quickbooks_token_active legal_entity_id e_invoicing_token documents`,
    includes: `documents users designs account clients contacts invoices recurring_invoices tax_rates products country
      timezone language expenses vendors payments payment_terms company_user groups company_gateways activities quotes
      credits projects tasks ledger webhooks tokens tokens_hashed system_logs expense_categories task_statuses
      subscriptions recurring_expenses purchase_orders bank_integrations bank_transactions bank_transaction_rules
      task_schedulers schedulers`,
  }),
  'task-schedulers': () => ({
    fields: {
      iid: 'frequency_id',
      int: 'remaining_cycles',
      bool: 'is_paused',
      date: 'next_run next_run_client',
      str: 'name template',
      obj: 'parameters',
    },
    strict: 'frequency_id is_paused name next_run next_run_client parameters template',
    required: {create: 'next_run template', update: 'next_run template'},
    values: {
      'parameters.date_range': `last7_days last30_days last365_days this_month last_month this_quarter last_quarter
        this_year last_year all_time custom all`,
      'parameters.entity': 'invoice credit quote purchase_order',
      'parameters.report_name': `vendor purchase_order_item purchase_order ar_detailed ar_summary client_balance
        tax_summary profitloss client_sales user_sales product_sales activity activities client clients client_contact
        client_contacts credit credits document documents expense expenses invoice invoices invoice_item invoice_items
        quote quotes quote_item quote_items recurring_invoice recurring_invoices payment payments product products
        task tasks`,
    },
    items: {
      parameters: {
        hid: 'entity_id',
        date: 'end_date start_date',
        str: 'date_key date_range entity report_name status',
        strs: 'clients',
      },
    },
    answer: `id name frequency_id next_run template is_paused parameters is_deleted updated_at created_at archived_at
      remaining_cycles`,
    filters: {
      filter: {means: 'text found (partial match) in any of the columns under search', search: 'name'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: 'status created_at updated_at is_deleted with_trashed with',
  }),
  tokens: () => ({
    fields: {str: 'name'},
    required: {create: 'name', update: 'name'},
    answer: 'id user_id token name is_system updated_at archived_at created_at is_deleted',
    filters: {
      filter: {means: 'text found (partial match) in any of the columns under search', search: 'name'},
      is_system: {means: 'false: tokens people made; anything else: system tokens', values: 'false'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: 'status created_at updated_at is_deleted with_trashed with',
  }),
  webhooks: () => ({
    fields: {iid: 'event_id', url: 'target_url', str: 'format rest_method', obj: 'headers'},
    strict: 'target_url',
    required: {create: 'event_id target_url', update: 'event_id target_url'},
    refilled: {update: 'rest_method'},
    values: {format: 'JSON UBL', rest_method: 'post put'},
    answer: `id company_id user_id archived_at updated_at created_at is_deleted target_url event_id format rest_method
      headers`,
    filters: {
      filter: {means: 'text found (partial match) in any of the columns under search', search: 'target_url'},
      sort: {means: 'column|asc or column|desc; an unknown column is ignored'},
    },
    generic: 'status created_at updated_at is_deleted with_trashed with',
  }),
}
