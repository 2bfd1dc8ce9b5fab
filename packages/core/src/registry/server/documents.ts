/**
 * Documents sent to a party: invoices, quotes, credits, purchase orders.
 * Read from the Invoice Ninja server's source, 5.10.42, by scripts/server-facts.ts: run it again to change
 * this file (its overrides and meanings are where judgement goes), never edit it by hand.
 */
import type {FamilyFactsMakers} from './types.js'

export const DOCUMENTS_FACTS: FamilyFactsMakers = {
  credits: () => ({
    fields: {
      hid: 'assigned_user_id client_id design_id invoice_id project_id subscription_id vendor_id',
      num: `amount custom_surcharge1 custom_surcharge2 custom_surcharge3 custom_surcharge4 discount exchange_rate
        partial tax_rate1 tax_rate2 tax_rate3`,
      bool: 'is_amount_discount',
      date: 'date due_date partial_due_date',
      str: `custom_value1 custom_value2 custom_value3 custom_value4 footer number po_number private_notes public_notes
        tax_name1 tax_name2 tax_name3 terms`,
      objs: 'invitations line_items',
    },
    strict: `amount date discount exchange_rate invitations is_amount_discount line_items tax_name1 tax_name2
      tax_name3 tax_rate1 tax_rate2 tax_rate3`,
    required: {create: 'client_id'},
    fixed: 'client_id',
    calculated: 'amount',
    items: {
      line_items: 'line_item',
      invitations: {hid: 'client_contact_id'},
    },
    answer: `id user_id project_id assigned_user_id vendor_id amount balance client_id status_id design_id created_at
      updated_at archived_at is_deleted number discount po_number date last_sent_date next_send_date reminder1_sent
      reminder2_sent reminder3_sent reminder_last_sent due_date terms public_notes private_notes uses_inclusive_taxes
      tax_name1 tax_rate1 tax_name2 tax_rate2 tax_name3 tax_rate3 total_taxes is_amount_discount footer partial
      partial_due_date custom_value1 custom_value2 custom_value3 custom_value4 has_tasks has_expenses
      custom_surcharge1 custom_surcharge2 custom_surcharge3 custom_surcharge4 custom_surcharge_tax1
      custom_surcharge_tax2 custom_surcharge_tax3 custom_surcharge_tax4 line_items entity_type exchange_rate
      paid_to_date subscription_id invoice_id tax_info e_invoice invitations documents`,
    includes: 'invitations documents activities client',
    filters: {
      client_status: {means: 'states, comma-separated; all: no filter', values: 'all draft sent partial applied'},
      filter: {
        means: 'text found (partial match) in any of the columns under search',
        search: `client.name client.contacts.first_name client.contacts.last_name client.contacts.email number date
          amount balance custom_value1 custom_value2 custom_value3 custom_value4 line_items.notes
          line_items.product_key`,
      },
      applicable: {means: 'any value: sent or partial credits with a balance, not past their due date'},
      number: {means: 'exactly this number'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: `status created_at updated_at is_deleted with_trashed with client_id filter_deleted_clients
      without_deleted_clients vendor_id without_deleted_vendors date_range due_date_range`,
  }),
  invoices: () => ({
    fields: {
      hid: 'assigned_user_id client_id design_id project_id subscription_id vendor_id',
      iid: 'status_id',
      num: `amount custom_surcharge1 custom_surcharge2 custom_surcharge3 custom_surcharge4 discount exchange_rate
        partial tax_rate1 tax_rate2 tax_rate3`,
      bool: 'auto_bill_enabled is_amount_discount uses_inclusive_taxes',
      date: 'date due_date partial_due_date',
      str: `custom_value1 custom_value2 custom_value3 custom_value4 e_invoice footer number po_number private_notes
        public_notes tax_name1 tax_name2 tax_name3 terms`,
      objs: 'invitations line_items',
    },
    strict: `amount date discount due_date exchange_rate invitations is_amount_discount line_items partial
      partial_due_date tax_name1 tax_name2 tax_name3 tax_rate1 tax_rate2 tax_rate3`,
    required: {create: 'client_id'},
    fixed: 'client_id',
    ignored: {create: 'amount', update: 'status_id'},
    calculated: 'amount',
    items: {
      line_items: 'line_item',
      invitations: {hid: 'client_contact_id'},
    },
    answer: `id user_id project_id assigned_user_id amount balance client_id vendor_id status_id design_id
      recurring_id created_at updated_at archived_at is_deleted number discount po_number date last_sent_date
      next_send_date due_date terms public_notes private_notes uses_inclusive_taxes tax_name1 tax_rate1 tax_name2
      tax_rate2 tax_name3 tax_rate3 total_taxes is_amount_discount footer partial partial_due_date custom_value1
      custom_value2 custom_value3 custom_value4 has_tasks has_expenses custom_surcharge1 custom_surcharge2
      custom_surcharge3 custom_surcharge4 exchange_rate custom_surcharge_tax1 custom_surcharge_tax2
      custom_surcharge_tax3 custom_surcharge_tax4 line_items entity_type reminder1_sent reminder2_sent reminder3_sent
      reminder_last_sent paid_to_date subscription_id auto_bill_enabled tax_info e_invoice reminder_schedule is_locked
      invitations documents`,
    includes: 'invitations documents payments client activities',
    filters: {
      client_status: {
        means: 'states, comma-separated; all: no filter',
        values: 'all draft paid cancelled unpaid overdue',
      },
      number: {means: 'exactly this number'},
      filter: {
        means: 'text found (partial match) in any of the columns under search',
        search: `client.name client.contacts.first_name client.contacts.last_name client.contacts.email number
          po_number date amount balance custom_value1 custom_value2 custom_value3 custom_value4 line_items.notes
          line_items.product_key`,
      },
      status_id: {means: 'these status ids, comma-separated'},
      upcoming: {means: 'any value: sent or partial invoices with a balance, not yet due'},
      overdue: {means: 'any value: sent or partial invoices with a balance, past due'},
      payable: {
        means: "this client's draft, sent or partial invoices with a balance (the client as client_id takes it)",
        record: 'clients',
      },
      date: {means: 'dated on or after this Unix time or date'},
      due_date: {means: 'due on or after this Unix time or date'},
      sort: {means: 'column|asc or column|desc; an unknown column is ignored'},
      private_notes: {means: 'text found in the private notes'},
    },
    generic: `status created_at updated_at is_deleted with_trashed with client_id filter_deleted_clients
      without_deleted_clients vendor_id without_deleted_vendors date_range due_date_range`,
  }),
  'purchase-orders': () => ({
    fields: {
      hid: 'assigned_user_id client_id design_id invoice_id project_id vendor_id',
      iid: 'currency_id recurring_id status_id',
      num: `amount balance custom_surcharge1 custom_surcharge2 custom_surcharge3 custom_surcharge4 discount
        exchange_rate paid_to_date partial tax_rate1 tax_rate2 tax_rate3 total_taxes`,
      bool: 'is_amount_discount is_deleted uses_inclusive_taxes',
      date: `date due_date last_sent_date last_viewed next_send_date partial_due_date reminder1_sent reminder2_sent
        reminder3_sent reminder_last_sent`,
      str: `custom_value1 custom_value2 custom_value3 custom_value4 footer number po_number private_notes public_notes
        tax_name1 tax_name2 tax_name3 terms`,
      obj: 'backup',
      objs: 'invitations line_items',
    },
    strict: 'amount discount exchange_rate invitations is_amount_discount line_items status_id',
    required: {create: 'vendor_id'},
    fixed: 'vendor_id',
    ignored: {create: 'amount balance'},
    calculated: 'amount total_taxes',
    values: {status_id: '1 2 3 4 5'},
    items: {
      line_items: 'line_item',
      invitations: {hid: 'vendor_contact_id'},
    },
    answer: `id user_id project_id assigned_user_id vendor_id amount balance client_id status_id design_id created_at
      updated_at archived_at is_deleted number discount po_number date last_sent_date next_send_date reminder1_sent
      reminder2_sent reminder3_sent reminder_last_sent due_date terms public_notes private_notes uses_inclusive_taxes
      tax_name1 tax_rate1 tax_name2 tax_rate2 tax_name3 tax_rate3 total_taxes is_amount_discount footer partial
      partial_due_date custom_value1 custom_value2 custom_value3 custom_value4 has_tasks has_expenses
      custom_surcharge1 custom_surcharge2 custom_surcharge3 custom_surcharge4 custom_surcharge_tax1
      custom_surcharge_tax2 custom_surcharge_tax3 custom_surcharge_tax4 line_items entity_type exchange_rate
      paid_to_date subscription_id expense_id currency_id tax_info e_invoice invitations documents`,
    includes: 'invitations documents expense vendor activities',
    filters: {
      client_status: {means: 'states, comma-separated; all: no filter', values: 'all draft sent accepted cancelled'},
      filter: {
        means: 'text found (partial match) in any of the columns under search',
        search: `vendor.name number date amount balance custom_value1 custom_value2 custom_value3 custom_value4
          line_items.notes line_items.product_key`,
      },
      number: {means: 'exactly this number'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: `status created_at updated_at is_deleted with_trashed with client_id filter_deleted_clients
      without_deleted_clients vendor_id without_deleted_vendors date_range due_date_range`,
  }),
  quotes: () => ({
    fields: {
      hid: 'assigned_user_id client_id design_id project_id subscription_id vendor_id',
      num: `amount custom_surcharge1 custom_surcharge2 custom_surcharge3 custom_surcharge4 discount exchange_rate
        partial tax_rate1 tax_rate2 tax_rate3`,
      bool: 'is_amount_discount uses_inclusive_taxes',
      date: 'date due_date partial_due_date',
      str: `custom_value1 custom_value2 custom_value3 custom_value4 footer number po_number private_notes public_notes
        tax_name1 tax_name2 tax_name3 terms`,
      objs: 'invitations line_items',
    },
    strict: `amount date discount due_date exchange_rate invitations is_amount_discount line_items partial
      partial_due_date tax_name1 tax_name2 tax_name3 tax_rate1 tax_rate2 tax_rate3`,
    required: {create: 'client_id'},
    fixed: 'client_id',
    ignored: {create: 'amount'},
    calculated: 'amount',
    items: {
      line_items: 'line_item',
      invitations: {hid: 'client_contact_id'},
    },
    answer: `id user_id assigned_user_id amount balance client_id status_id design_id invoice_id vendor_id updated_at
      archived_at created_at number discount po_number date last_sent_date next_send_date reminder1_sent
      reminder2_sent reminder3_sent reminder_last_sent due_date terms public_notes private_notes is_deleted
      uses_inclusive_taxes tax_name1 tax_rate1 tax_name2 tax_rate2 tax_name3 tax_rate3 total_taxes is_amount_discount
      footer partial partial_due_date custom_value1 custom_value2 custom_value3 custom_value4 has_tasks has_expenses
      custom_surcharge1 custom_surcharge2 custom_surcharge3 custom_surcharge4 custom_surcharge_tax1
      custom_surcharge_tax2 custom_surcharge_tax3 custom_surcharge_tax4 line_items entity_type exchange_rate
      paid_to_date project_id subscription_id tax_info e_invoice invitations documents`,
    includes: 'invitations documents activities client',
    filters: {
      filter: {
        means: 'text found (partial match) in any of the columns under search',
        search: `client.name client.contacts.first_name client.contacts.last_name client.contacts.email number
          custom_value1 custom_value2 custom_value3 custom_value4 line_items.notes line_items.product_key`,
      },
      client_status: {
        means: 'states, comma-separated; all: no filter',
        values: 'all sent draft approved expired upcoming converted',
      },
      number: {means: 'exactly this number'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: `status created_at updated_at is_deleted with_trashed with client_id filter_deleted_clients
      without_deleted_clients vendor_id without_deleted_vendors date_range due_date_range`,
  }),
}
