/**
 * The payload fields of the main families: names and JSON types, written down by this project
 * from the upstream's published schemas (the request schema where the document has one, else
 * the record schema). Where the document and FACTS.md disagree the table says so:
 *  - `sn` (a string or a number passes): ids the document types as numbers but FACTS.md says
 *    are strings (country_id, ...), amounts it types as strings where FACTS.md says numbers;
 *  - recurring invoices' line_items are a list (FACTS.md: document-like), not an object;
 *  - expenses: the document's `transcation_id` is spelled transaction_id, and vendor_id (the
 *    CLI's --vendor-id, the expenses list columns) and category_id are added;
 *  - documents (quotes, credits, ...) know invitations as invoices do (FACTS.md: documents
 *    carry invitations[].key).
 * Every family also knows id, created_at, updated_at, archived_at (numbers, where products say
 * integers) and is_deleted, so a record read with `show` can be sent back without warnings.
 */
import {withArticle} from '../resource/help.js'

/** s string, n number, i integer, b boolean, o object, sn string or number. */
export type FieldType = 's' | 'n' | 'i' | 'b' | 'o' | 'sn'

/** Field names by type (space-separated), and list fields with the table of their elements. */
export interface FieldGroups {
  s?: string
  n?: string
  i?: string
  b?: string
  o?: string
  sn?: string
  lists?: Record<string, string>
}

export interface FieldTable {
  /** How messages name the table, with its article: "an invoices" (field), "a line item" (field). */
  readonly label: string
  readonly fields: ReadonlyMap<string, FieldType | {list: string}>
}

const custom = 'custom_value1 custom_value2 custom_value3 custom_value4'
const taxNames = 'tax_name1 tax_name2 tax_name3'
const taxRates = 'tax_rate1 tax_rate2 tax_rate3'
const RECORD: FieldGroups = {s: 'id', n: 'created_at updated_at archived_at', b: 'is_deleted'}

const DOCUMENT: FieldGroups = {
  s: `user_id assigned_user_id status_id number terms public_notes private_notes footer ${custom} ${taxNames} date last_sent_date next_send_date partial_due_date due_date`,
  n: `${taxRates} total_taxes amount balance paid_to_date discount partial last_viewed custom_surcharge1 custom_surcharge2 custom_surcharge3 custom_surcharge4`,
  b: 'is_amount_discount uses_inclusive_taxes custom_surcharge_tax1 custom_surcharge_tax2 custom_surcharge_tax3 custom_surcharge_tax4',
  lists: {line_items: 'line_item', invitations: 'invitation'},
}

/** Element tables of list fields. */
const ELEMENTS: Record<string, [label: string, groups: FieldGroups]> = {
  line_item: [
    'line item',
    {
      s: `product_key notes ${taxNames} sort_id date ${custom} type_id tax_id`,
      n: `quantity cost product_cost discount ${taxRates} line_total gross_line_total tax_amount`,
      b: 'is_amount_discount',
    },
  ],
  invitation: [
    'invitation',
    {s: 'id client_contact_id key link sent_date viewed_date opened_date email_error email_status', n: 'updated_at archived_at'},
  ],
  client_contact: [
    'contact',
    {
      s: `id user_id client_id first_name last_name phone ${custom} email accepted_terms_version password confirmation_code token contact_key`,
      n: 'failed_logins email_verified_at last_login created_at updated_at deleted_at',
      b: 'is_primary confirmed is_locked send_email',
    },
  ],
  vendor_contact: [
    'contact',
    {
      s: `id user_id vendor_id first_name last_name contact_key confirmation_code phone ${custom} email password`,
      n: 'email_verified_at created_at updated_at deleted_at',
      b: 'is_primary',
    },
  ],
  paid_invoice: ['paid invoice', {s: 'invoice_id', sn: 'amount'}],
  paid_credit: ['paid credit', {s: 'credit_id', sn: 'amount'}],
}

/** Families (command words) and their fields. */
const FAMILY_FIELDS: Record<string, FieldGroups[]> = {
  clients: [
    {
      s: `user_id assigned_user_id name website private_notes client_hash address1 address2 city state postal_code phone ${custom} vat_number id_number number shipping_address1 shipping_address2 shipping_city shipping_state shipping_postal_code group_settings_id routing_id classification`,
      sn: 'industry_id size_id country_id shipping_country_id',
      n: 'balance paid_to_date credit_balance last_login payment_balance',
      b: 'is_tax_exempt has_valid_vat_number',
      o: 'settings',
      lists: {contacts: 'client_contact'},
    },
  ],
  invoices: [DOCUMENT, {s: 'client_id po_number project_id subscription_id', b: 'auto_bill_enabled', i: 'auto_bill_tries'}],
  quotes: [DOCUMENT, {s: 'client_id po_number', o: 'settings'}],
  credits: [DOCUMENT, {s: 'client_id invoice_id po_number', o: 'settings'}],
  'purchase-orders': [DOCUMENT, {s: 'vendor_id quote_number', o: 'settings'}],
  'recurring-invoices': [DOCUMENT, {s: 'client_id po_number', sn: 'frequency_id', n: 'remaining_cycles', o: 'settings'}],
  payments: [
    {
      s: 'client_id invitation_id client_contact_id user_id type_id date transaction_reference assigned_user_id private_notes company_gateway_id number',
      n: 'amount refunded',
      b: 'is_manual',
      o: 'paymentables',
      lists: {invoices: 'paid_invoice', credits: 'paid_credit'},
    },
  ],
  products: [
    {
      s: `user_id assigned_user_id project_id vendor_id ${custom} product_key notes ${taxNames} product_image tax_id`,
      n: `cost price quantity ${taxRates}`,
      i: 'in_stock_quantity stock_notification_threshold max_quantity',
      b: 'stock_notification',
    },
  ],
  vendors: [
    {
      s: `user_id assigned_user_id name classification website private_notes industry_id size_id address1 address2 city state postal_code phone country_id currency_id ${custom} vat_number id_number number language_id vendor_hash transaction_name display_name`,
      n: 'last_login',
      lists: {contacts: 'vendor_contact'},
    },
  ],
  projects: [
    {
      s: `user_id assigned_user_id client_id name due_date private_notes ${custom} public_notes number color`,
      n: 'task_rate budgeted_hours',
    },
  ],
  expenses: [
    {
      s: `user_id assigned_user_id project_id client_id vendor_id invoice_id bank_id invoice_currency_id currency_id invoice_category_id category_id payment_type_id recurring_expense_id private_notes public_notes transaction_reference transaction_id ${custom} ${taxNames} date payment_date`,
      n: `tax_amount ${taxRates} amount foreign_amount exchange_rate`,
      b: 'should_be_invoiced invoice_documents',
    },
  ],
  tasks: [
    {
      s: `user_id assigned_user_id client_id invoice_id project_id number time_log task_status_id description ${custom} calculated_start_date`,
      i: 'duration task_status_order',
      n: 'rate',
      b: 'is_running is_date_based invoice_documents',
    },
  ],
}

const TYPES: readonly FieldType[] = ['s', 'n', 'i', 'b', 'o', 'sn']

function toTable(label: string, groups: FieldGroups[]): FieldTable {
  const fields = new Map<string, FieldType | {list: string}>()
  const add = (name: string, type: FieldType | {list: string}) => {
    if (fields.has(name)) throw new Error(`field table ${label}: ${name} is listed twice`)
    fields.set(name, type)
  }
  for (const g of groups) {
    for (const type of TYPES) for (const name of (g[type] ?? '').split(/\s+/).filter(Boolean)) add(name, type)
    for (const [name, element] of Object.entries(g.lists ?? {})) add(name, {list: element})
  }
  return {label, fields}
}

/** The field table of a family (by command word), or undefined for families without one. */
export function familyTable(word: string): FieldTable | undefined {
  const groups = FAMILY_FIELDS[word]
  return groups ? toTable(withArticle(word), [RECORD, ...groups]) : undefined
}

/** The table of one element of a list field. */
export function elementTable(name: string): FieldTable {
  const [label, groups] = ELEMENTS[name]
  return toTable(withArticle(label), [groups])
}

export const TABLE_FAMILIES: readonly string[] = Object.keys(FAMILY_FIELDS)
