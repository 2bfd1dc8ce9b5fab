/** What is sold and worked on: products, projects, tasks, subscriptions, designs, documents. */
import {START, STOP, TIMER_ACTION} from '../operations/save-effects.js'
import type {Entries} from '../types.js'
import {ARCHIVABLE, ATTACHABLE, BULK_ARCHIVABLE, NAMED, NUMBER_KEY} from './shared.js'

export const CATALOG_FAMILIES: Entries = {
  designs: () => ({
    description: 'Invoice designs',
    group: 'catalog',
    sample: 'Dz9fG4hTy7',
    ...BULK_ARCHIVABLE,
    columns: 'id name is_custom is_active updated_at',
    examples: {create: `--name Clean --field design.body='<div class="body"></div>' --dry-run`, update: 'name'},
  }),
  documents: () => ({
    description: 'Documents attached to records',
    group: 'catalog',
    sample: 'Dk3mZ7pQx1',
    verbs: 'list',
    server: {adds: 'show update delete bulk download'},
    download: 'record',
    actions: ARCHIVABLE,
    columns: 'id name type size updated_at',
    // size: the list columns show it; the published schema omits it.
    examples: {update: 'name'},
  }),
  products: () => ({
    description: 'Products',
    keys: 'product_key: product_key',
    group: 'catalog',
    sample: 'Pq4rT7vWx1',
    importAs: 'product',
    verbs: ATTACHABLE,
    actions: `${ARCHIVABLE} set_tax_id`,
    columns: 'id product_key notes price quantity',
    examples: {create: `--field product_key=WIDGET --field notes="Blue widget" --price 10 --dry-run`, update: 'notes'},
  }),
  projects: () => ({
    description: 'Projects',
    keys: NUMBER_KEY,
    group: 'catalog',
    sample: 'Pj6gH8nBv2',
    verbs: ATTACHABLE,
    actions: `${ARCHIVABLE} template`,
    columns: 'id number name client.display_name budgeted_hours due_date',
    examples: {create: '--name Website --client-id {clients} --field task_rate=50 --dry-run', update: 'private_notes'},
  }),
  subscriptions: () => ({
    description: 'Subscriptions',
    group: 'catalog',
    sample: 'Sb8vC3xZa7',
    verbs: BULK_ARCHIVABLE.verbs,
    // assign_invoice: the subscription of an invoice (`--field invoice_id=...`).
    actions: `${ARCHIVABLE} assign_invoice`,
    columns: 'id name price frequency_id',
    // name and price: the list columns show them; the published schema omits them.
    examples: {create: `--name Example --field steps=cart --dry-run`, update: 'name'},
  }),
  'task-statuses': () => ({
    description: 'Task statuses',
    group: 'catalog',
    sample: 'Tt5gH9jKl4',
    ...BULK_ARCHIVABLE,
    columns: 'id name color status_order',
    // status_order: the list columns show it; the published schema names task_status_order.
    examples: NAMED,
  }),
  tasks: () => ({
    description: 'Tasks (time tracking)',
    keys: NUMBER_KEY,
    group: 'catalog',
    sample: 'Tk7lZ2xCv6',
    importAs: 'task',
    verbs: ATTACHABLE,
    actions: `${ARCHIVABLE} template start stop`,
    // The server reads ?start=true / ?stop=true on create and update (the timer), and `action` from the whole input.
    saveEffects: [START, STOP, TIMER_ACTION],
    columns: 'id number description client.display_name project.name status.name',
    examples: {create: `--client-id {clients} --field description="Design review" --dry-run`, update: 'description'},
  }),
}
