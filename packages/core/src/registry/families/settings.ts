/** The account's own settings: companies, API tokens, webhooks and scheduled tasks. */
import type {Entry} from '../types.js'
import {ARCHIVABLE, BULK_ARCHIVABLE, COMMON, NAMED} from './shared.js'

export const SETTINGS_FAMILIES: Record<string, Entry> = {
  companies: {
    description: 'Companies',
    verbs: `${COMMON} upload`,
    columns: 'id settings.name company_key',
    fields: [
      {
        s:
          'size_id industry_id slack_webhook_url google_analytics_key portal_mode subdomain portal_domain logo ' +
          'company_key db first_day_of_week first_month_of_year default_auto_bill matomo_url matomo_id ' +
          'e_invoice_certificate e_invoice_certificate_passphrase',
        i:
          'enabled_tax_rates enabled_modules enabled_item_tax_rates session_timeout default_password_timeout ' +
          'inventory_notification_threshold enabled_expense_tax_rates',
        b:
          'fill_products convert_products update_products show_product_details show_product_cost ' +
          'enable_product_cost enable_product_quantity default_quantity custom_surcharge_taxes1 ' +
          'custom_surcharge_taxes2 custom_surcharge_taxes3 custom_surcharge_taxes4 client_can_register is_large ' +
          'mark_expenses_invoiceable mark_expenses_paid invoice_expense_documents auto_start_tasks ' +
          'invoice_task_timelog invoice_task_documents show_tasks_table is_disabled default_task_is_date_based ' +
          'enable_product_discount calculate_expense_tax_by_amount expense_inclusive_taxes oauth_password_required ' +
          'invoice_task_datelog show_task_end_date markdown_enabled report_include_drafts stop_on_unpaid_recurring ' +
          'use_quote_terms_on_conversion enable_applying_payments track_inventory stock_notification ' +
          'invoice_task_project report_include_deleted invoice_task_lock convert_payment_currency ' +
          'convert_expense_currency notify_vendor_when_paid invoice_task_hours calculate_taxes ' +
          'invoice_task_project_header invoice_task_item_description',
        o: 'custom_fields client_registration_fields tax_data origin_tax_data settings',
      },
    ],
    examples: {create: `--data '{"settings":{"name":"Example"}}' --dry-run`, update: 'subdomain'},
  },
  'task-schedulers': {
    description: 'Scheduled tasks',
    verbs: 'list show template create update delete bulk',
    actions: ARCHIVABLE,
    columns: 'id name template frequency_id next_run',
    // name, template, frequency_id, next_run: the list columns show them; the published schema omits them.
    fields: [
      {
        s: 'repeat_every job date_range date_key start_date end_date name template next_run',
        sn: 'frequency_id',
        b: 'paused',
        i: 'start_from',
        ls: 'report_keys',
      },
    ],
    examples: NAMED,
  },
  tokens: {
    description: 'API tokens',
    ...BULK_ARCHIVABLE,
    columns: 'id name is_system',
    fields: [{s: 'name token', b: 'is_system'}],
    examples: NAMED,
  },
  webhooks: {
    description: 'Webhooks',
    ...BULK_ARCHIVABLE,
    columns: 'id event_id target_url format',
    fields: [{s: 'event_id target_url format'}],
    examples: {
      create: `--data '{"target_url":"https://example.test/hook","event_id":"1"}' --dry-run`,
      update: 'target_url',
    },
  },
}
