/** What is sold and worked on: products, projects, tasks, subscriptions, designs, documents. */
import type {Entry} from '../types.js'
import {custom, taxNames, taxRates} from '../schema/groups.js'
import {ARCHIVABLE, ATTACHABLE, BULK_ARCHIVABLE, NAME_EXAMPLE, NAMED} from './shared.js'

export const CATALOG_FAMILIES: Record<string, Entry> = {
  designs: {
    description: 'Invoice designs',
    ...BULK_ARCHIVABLE,
    fields: [{s: 'name design', b: 'is_custom is_active', n: 'deleted_at'}],
    examples: NAMED,
  },
  documents: {
    description: 'Documents attached to records',
    verbs: 'list',
    server: {adds: 'show update delete bulk download'},
    download: 'record',
    actions: ARCHIVABLE,
    columns: 'id name type size updated_at',
    // size: the list columns show it; the published schema omits it.
    fields: [
      {
        s: 'user_id assigned_user_id project_id vendor_id name url preview type disk hash',
        b: 'is_default',
        n: 'deleted_at size',
      },
    ],
    examples: {update: 'name'},
  },
  products: {
    description: 'Products',
    importAs: 'product',
    verbs: ATTACHABLE,
    actions: `${ARCHIVABLE} set_tax_id`,
    columns: 'id product_key notes price quantity',
    fields: [
      {
        s: `user_id assigned_user_id project_id vendor_id ${custom} product_key notes ${taxNames} product_image tax_id`,
        n: `cost price quantity ${taxRates}`,
        i: 'in_stock_quantity stock_notification_threshold max_quantity',
        b: 'stock_notification',
      },
    ],
    examples: {create: `--field product_key=WIDGET --field notes="Blue widget" --price 10 --dry-run`, update: 'notes'},
  },
  projects: {
    description: 'Projects',
    verbs: ATTACHABLE,
    actions: `${ARCHIVABLE} template`,
    columns: 'id number name client_id budgeted_hours due_date',
    fields: [
      {
        s: `user_id assigned_user_id client_id name due_date private_notes ${custom} public_notes number color`,
        n: 'task_rate budgeted_hours',
      },
    ],
    examples: {create: NAME_EXAMPLE, update: 'private_notes'},
  },
  subscriptions: {
    description: 'Subscriptions',
    ...BULK_ARCHIVABLE,
    columns: 'id name price frequency_id',
    // name and price: the list columns show them; the published schema omits them.
    fields: [
      {
        s: 'user_id product_id recurring_invoice_id frequency_id auto_bill promo_code webhook_configuration name',
        b:
          'is_recurring is_amount_discount allow_cancellation per_seat_enabled trial_enabled allow_query_overrides ' +
          'allow_plan_changes',
        n: 'promo_discount price',
        sn: 'currency_id',
        i: 'max_seats_limit trial_duration refund_period',
      },
    ],
    examples: NAMED,
  },
  'task-statuses': {
    description: 'Task statuses',
    ...BULK_ARCHIVABLE,
    columns: 'id name color status_order',
    // status_order: the list columns show it; the published schema names task_status_order.
    fields: [{s: 'name color', i: 'task_status_order status_order'}],
    examples: NAMED,
  },
  tasks: {
    description: 'Tasks (time tracking)',
    importAs: 'task',
    verbs: ATTACHABLE,
    actions: `${ARCHIVABLE} template start stop`,
    columns: 'id number description client_id project_id status_id',
    fields: [
      {
        s:
          'user_id assigned_user_id client_id invoice_id project_id number time_log task_status_id ' +
          `description ${custom} calculated_start_date`,
        i: 'duration task_status_order',
        n: 'rate',
        b: 'is_running is_date_based invoice_documents',
      },
    ],
    examples: {create: `--client-id VolejRejNm --field description="Design review" --dry-run`, update: 'description'},
  },
}
