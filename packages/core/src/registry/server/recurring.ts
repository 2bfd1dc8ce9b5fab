/**
 * Documents sent on a schedule: recurring invoices and recurring quotes.
 * Read from the Invoice Ninja server's source, 5.10.42, by scripts/server-facts.ts: run it again to change
 * this file (its overrides and meanings are where judgement goes), never edit it by hand.
 */
import type {FamilyFactsMakers} from './types.js'

export const RECURRING_FACTS: FamilyFactsMakers = {
  'recurring-invoices': () => ({
    fields: {
      hid: 'assigned_user_id client_id design_id project_id vendor_id',
      iid: 'frequency_id',
      num: `amount custom_surcharge1 custom_surcharge2 custom_surcharge3 custom_surcharge4 discount exchange_rate
        partial tax_rate1 tax_rate2 tax_rate3`,
      int: 'remaining_cycles',
      bool: `auto_bill_enabled custom_surcharge_tax1 custom_surcharge_tax2 custom_surcharge_tax3 custom_surcharge_tax4
        is_amount_discount uses_inclusive_taxes`,
      date: 'date due_date next_send_date next_send_date_client',
      str: `auto_bill client_contacts custom_value1 custom_value2 custom_value3 custom_value4 due_date_days footer
        number po_number private_notes public_notes tax_name1 tax_name2 tax_name3 terms`,
      objs: 'invitations line_items',
    },
    strict: `amount due_date_days exchange_rate frequency_id invitations next_send_date tax_name1 tax_name2 tax_name3
      tax_rate1 tax_rate2 tax_rate3`,
    required: {create: 'client_id frequency_id'},
    fixed: 'client_id',
    ignored: {create: 'amount'},
    refilled: {update: 'next_send_date'},
    calculated: 'amount',
    items: {
      line_items: 'line_item',
      invitations: {hid: 'client_contact_id'},
    },
    answer: `id user_id project_id assigned_user_id amount balance client_id vendor_id status_id design_id created_at
      updated_at archived_at is_deleted number discount po_number date last_sent_date next_send_date
      next_send_datetime due_date terms public_notes private_notes uses_inclusive_taxes tax_name1 tax_rate1 tax_name2
      tax_rate2 tax_name3 tax_rate3 total_taxes is_amount_discount footer partial partial_due_date custom_value1
      custom_value2 custom_value3 custom_value4 has_tasks has_expenses custom_surcharge1 custom_surcharge2
      custom_surcharge3 custom_surcharge4 exchange_rate custom_surcharge_tax1 custom_surcharge_tax2
      custom_surcharge_tax3 custom_surcharge_tax4 line_items entity_type frequency_id remaining_cycles recurring_dates
      auto_bill auto_bill_enabled due_date_days paid_to_date subscription_id invitations documents`,
    includes: 'invitations documents activities client',
    filters: {
      filter: {
        means: 'text found (partial match) in any of the columns under search',
        search: `client.name client.contacts.first_name client.contacts.last_name client.contacts.email date amount
          number custom_value1 custom_value2 custom_value3 custom_value4 line_items.notes line_items.product_key`,
      },
      client_status: {means: 'states, comma-separated; all: no filter', values: 'all active paused completed'},
      number: {means: 'exactly this number'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
      product_key: {means: 'a line item has one of these product keys (comma-separated)'},
      next_send_between: {means: 'next send date between two Unix times or dates: <start>|<end>'},
      frequency_id: {means: 'these frequency ids, comma-separated'},
    },
    generic: `status created_at updated_at is_deleted with_trashed with client_id filter_deleted_clients
      without_deleted_clients vendor_id without_deleted_vendors date_range due_date_range`,
  }),
  'recurring-quotes': () => ({
    fields: {
      hid: 'assigned_user_id client_id project_id',
      iid: 'frequency_id',
      num: `amount custom_surcharge1 custom_surcharge2 custom_surcharge3 custom_surcharge4 discount exchange_rate
        partial tax_rate1 tax_rate2 tax_rate3`,
      int: 'remaining_cycles',
      bool: `auto_bill_enabled custom_surcharge_tax1 custom_surcharge_tax2 custom_surcharge_tax3 custom_surcharge_tax4
        is_amount_discount`,
      date: 'date due_date next_send_date',
      str: `auto_bill custom_value1 custom_value2 custom_value3 custom_value4 due_date_days footer number po_number
        private_notes public_notes tax_name1 tax_name2 tax_name3 terms`,
      objs: 'invitations line_items',
    },
    strict: 'frequency_id',
    required: {create: 'client_id frequency_id'},
    items: {
      line_items: 'line_item',
      invitations: {hid: 'client_contact_id'},
    },
    answer: `id user_id project_id assigned_user_id amount balance client_id vendor_id status_id design_id created_at
      updated_at archived_at is_deleted number discount po_number date last_sent_date next_send_date due_date terms
      public_notes private_notes uses_inclusive_taxes tax_name1 tax_rate1 tax_name2 tax_rate2 tax_name3 tax_rate3
      total_taxes is_amount_discount footer partial partial_due_date custom_value1 custom_value2 custom_value3
      custom_value4 has_tasks has_expenses custom_surcharge1 custom_surcharge2 custom_surcharge3 custom_surcharge4
      exchange_rate custom_surcharge_tax1 custom_surcharge_tax2 custom_surcharge_tax3 custom_surcharge_tax4 line_items
      entity_type frequency_id remaining_cycles recurring_dates auto_bill auto_bill_enabled due_date_days paid_to_date
      subscription_id invitations documents`,
    includes: 'invitations documents activities',
    filters: {
      filter: {
        means: 'text found (partial match) in any of the columns under search',
        search: 'custom_value1 custom_value2 custom_value3 custom_value4',
      },
      number: {means: 'exactly this number'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: `status created_at updated_at is_deleted with_trashed with client_id filter_deleted_clients
      without_deleted_clients vendor_id without_deleted_vendors date_range due_date_range`,
  }),
}
