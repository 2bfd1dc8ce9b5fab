/**
 * What is sold and worked on: designs, documents, products, projects, subscriptions, tasks.
 * Read from the Invoice Ninja server's source, 5.10.42, by scripts/server-facts.ts: run it again to change
 * this file (its overrides and meanings are where judgement goes), never edit it by hand.
 */
import type {FamilyFactsMakers} from './types.js'

export const CATALOG_FACTS: FamilyFactsMakers = {
  designs: () => ({
    fields: {bool: 'is_active is_template', str: 'entities name', obj: 'design'},
    strict: 'design entities is_template',
    required: {create: 'name'},
    items: {
      design: {str: 'body footer header includes product task'},
    },
    answer: `id name is_custom is_active is_template design updated_at archived_at created_at is_deleted is_free
      entities`,
    filters: {
      filter: {means: 'text found (partial match) in any of the columns under search', search: 'name'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
      entities: {means: 'templates for this one entity (statement: client)'},
      template: {means: 'true: templates only; anything else: designs that are not templates', values: 'true'},
      custom: {means: 'true: custom designs only; false: built-in designs only'},
    },
    generic: 'status created_at updated_at is_deleted with_trashed with',
  }),
  documents: () => ({
    fields: {bool: 'is_default is_public', str: 'name'},
    answer: `id user_id assigned_user_id project_id vendor_id url preview name type disk hash size width height
      is_default updated_at archived_at created_at is_deleted is_public link`,
    filters: {
      filter: {means: 'text found (partial match) in any of the columns under search', search: 'name'},
      client_id: {
        means: 'documents of this client and of its records: its hashed id, or its name, number or e-mail',
        record: 'clients',
      },
      type: {means: 'kinds of file, comma-separated', values: 'private public pdf image other'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
      company_documents: {means: 'true: documents of the company itself', values: 'true'},
    },
    generic: 'created_at updated_at with vendor_id without_deleted_vendors',
  }),
  products: () => ({
    fields: {
      iid: 'tax_id',
      num: 'cost in_stock_quantity price quantity stock_notification_threshold tax_rate1 tax_rate2 tax_rate3',
      int: 'max_quantity',
      bool: 'stock_notification',
      str: `custom_value1 custom_value2 custom_value3 custom_value4 notes product_image product_key tax_name1
        tax_name2 tax_name3 update_in_stock_quantity`,
    },
    strict: `cost in_stock_quantity price quantity stock_notification stock_notification_threshold tax_rate1 tax_rate2
      tax_rate3`,
    ignored: {update: 'in_stock_quantity'},
    keptWith: {in_stock_quantity: 'update_in_stock_quantity'},
    refilled: {update: 'quantity'},
    answer: `id user_id assigned_user_id product_key notes cost price quantity tax_name1 tax_rate1 tax_name2 tax_rate2
      tax_name3 tax_rate3 created_at updated_at archived_at custom_value1 custom_value2 custom_value3 custom_value4
      is_deleted in_stock_quantity stock_notification stock_notification_threshold max_quantity product_image tax_id
      documents`,
    includes: 'documents company user',
    filters: {
      filter: {
        means: 'text found (partial match) in any of the columns under search',
        search: 'product_key notes custom_value1 custom_value2 custom_value3 custom_value4',
      },
      product_key: {means: 'exactly this product key'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
      with: {means: 'also answer the product with this product key, first'},
    },
    generic: 'status created_at updated_at is_deleted with_trashed vendor_id without_deleted_vendors',
  }),
  projects: () => ({
    fields: {
      hid: 'assigned_user_id client_id',
      num: 'budgeted_hours task_rate',
      date: 'due_date',
      str: 'color custom_value1 custom_value2 custom_value3 custom_value4 name number private_notes public_notes',
    },
    strict: 'budgeted_hours task_rate',
    required: {create: 'client_id name'},
    ignored: {update: 'client_id'},
    answer: `id user_id assigned_user_id client_id name number created_at updated_at archived_at is_deleted task_rate
      due_date private_notes public_notes budgeted_hours custom_value1 custom_value2 custom_value3 custom_value4 color
      current_hours documents`,
    includes: 'documents client tasks invoices expenses quotes',
    filters: {
      filter: {
        means: 'text found (partial match) in any of the columns under search',
        search: 'client.name name public_notes private_notes',
      },
      number: {means: 'exactly this number'},
      sort: {means: 'column|asc or column|desc; an unknown column is ignored'},
    },
    generic: `status created_at updated_at is_deleted with_trashed with client_id filter_deleted_clients
      without_deleted_clients due_date_range`,
  }),
  subscriptions: () => ({
    fields: {
      hid: 'assigned_user_id group_id',
      iid: 'currency_id frequency_id',
      num: 'max_seats_limit min_seats_limit price promo_discount refund_period trial_duration',
      int: 'remaining_cycles',
      bool: `allow_cancellation allow_plan_changes allow_query_overrides is_amount_discount per_seat_enabled
        registration_required trial_enabled use_inventory_management`,
      str: `auto_bill name optional_product_ids optional_recurring_product_ids product_ids promo_code
        recurring_product_ids steps`,
      obj: 'webhook_configuration',
    },
    strict: `allow_cancellation allow_plan_changes allow_query_overrides auto_bill is_amount_discount max_seats_limit
      min_seats_limit optional_product_ids optional_recurring_product_ids product_ids promo_code promo_discount
      recurring_product_ids refund_period registration_required trial_duration trial_enabled use_inventory_management
      webhook_configuration`,
    required: {create: 'name steps', update: 'steps'},
    items: {
      webhook_configuration: {str: 'post_purchase_rest_method post_purchase_url', obj: 'post_purchase_headers'},
    },
    answer: `id user_id group_id product_ids name recurring_product_ids assigned_user_id company_id price promo_price
      frequency_id auto_bill promo_code promo_discount is_amount_discount allow_cancellation per_seat_enabled
      max_seats_limit trial_enabled trial_duration allow_query_overrides allow_plan_changes refund_period
      webhook_configuration purchase_page currency_id is_deleted created_at updated_at archived_at plan_map
      use_inventory_management optional_recurring_product_ids optional_product_ids registration_required steps
      remaining_cycles`,
    filters: {
      filter: {means: 'text found (partial match) in any of the columns under search', search: 'name'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: 'status created_at updated_at is_deleted with_trashed with',
  }),
  'task-statuses': () => ({
    fields: {int: 'status_order', str: 'color name'},
    required: {create: 'name'},
    answer: 'id name color is_deleted created_at updated_at archived_at status_order',
    filters: {
      filter: {means: 'text found (partial match) in any of the columns under search', search: 'name'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: 'status created_at updated_at is_deleted with_trashed with',
  }),
  tasks: () => ({
    fields: {
      hid: 'assigned_user_id client_id invoice_id project_id status_id',
      num: 'rate',
      int: 'status_order status_sort_order',
      bool: 'invoice_documents is_date_based is_running',
      str: 'action custom_value1 custom_value2 custom_value3 custom_value4 description hash number time_log',
      obj: 'meta',
    },
    strict: 'hash',
    answer: `id user_id assigned_user_id number description duration rate created_at updated_at archived_at invoice_id
      client_id project_id is_deleted time_log is_running custom_value1 custom_value2 custom_value3 custom_value4
      status_id status_sort_order is_date_based status_order date documents project`,
    includes: 'documents project client status user invoice assigned_user',
    filters: {
      filter: {
        means: 'text found (partial match) in any of the columns under search',
        search: `project.name client.name client.contacts.first_name client.contacts.last_name client.contacts.email
          description time_log custom_value1 custom_value2 custom_value3 custom_value4`,
      },
      client_status: {means: 'states, comma-separated; all: no filter', values: 'all invoiced uninvoiced is_running'},
      project_tasks: {means: "this project's tasks: its hashed id or number", record: 'projects'},
      hash: {means: 'exactly this hash'},
      number: {means: 'exactly this number'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
      user_id: {means: 'created by this user (hashed id)'},
      assigned_user: {means: 'assigned to this user (hashed id)'},
      task_status: {means: 'uninvoiced tasks in these task statuses (hashed ids, comma-separated)'},
    },
    generic: `status created_at updated_at is_deleted with_trashed with client_id filter_deleted_clients
      without_deleted_clients`,
  }),
}
