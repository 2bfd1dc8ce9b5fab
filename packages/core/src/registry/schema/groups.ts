/**
 * The building blocks of the payload field tables: field types, the groups every record or every
 * document shares, and the element tables of list fields. A family's own groups live in its
 * registry entry (families/*.ts); field-table.ts turns them into tables. Conventions:
 * field-table.ts.
 */

/** s string, n number, i integer, b boolean, o object, sn string or number, ls list of strings. */
export type FieldType = 's' | 'n' | 'i' | 'b' | 'o' | 'sn' | 'ls'

/** Field names by type (space-separated), and list fields with the element table of their items. */
export interface FieldGroups {
  s?: string
  n?: string
  i?: string
  b?: string
  o?: string
  sn?: string
  ls?: string
  /** List fields and the ELEMENTS table of their items: `{line_items: 'line_item'}`. */
  lists?: Record<string, string>
}

export const custom = 'custom_value1 custom_value2 custom_value3 custom_value4'
export const taxNames = 'tax_name1 tax_name2 tax_name3'
export const taxRates = 'tax_rate1 tax_rate2 tax_rate3'

/** What every record carries. */
export const RECORD: FieldGroups = {s: 'id', n: 'created_at updated_at archived_at', b: 'is_deleted'}

/** What every document-like family (invoices, quotes, ...) carries. */
export const DOCUMENT: FieldGroups = {
  s:
    `user_id assigned_user_id status_id number terms public_notes private_notes footer ${custom} ${taxNames} date ` +
    'last_sent_date next_send_date partial_due_date due_date',
  n:
    `${taxRates} total_taxes amount balance paid_to_date discount partial last_viewed custom_surcharge1 ` +
    'custom_surcharge2 custom_surcharge3 custom_surcharge4',
  b:
    'is_amount_discount uses_inclusive_taxes custom_surcharge_tax1 custom_surcharge_tax2 custom_surcharge_tax3 ' +
    'custom_surcharge_tax4',
  lists: {line_items: 'line_item', invitations: 'invitation'},
}

/** Element tables of list fields: how messages name one item, and its fields. */
export const ELEMENTS: Readonly<Record<string, [label: string, groups: FieldGroups]>> = {
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
    {
      s: 'id client_contact_id key link sent_date viewed_date opened_date email_error email_status',
      n: 'updated_at archived_at',
    },
  ],
  client_contact: [
    'contact',
    {
      s:
        `id user_id client_id first_name last_name phone ${custom} email accepted_terms_version password ` +
        'confirmation_code token contact_key',
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
  rule: ['rule', {s: 'data_key operator value'}],
  fees_and_limits: [
    'fees and limits',
    {
      s: 'min_limit max_limit fee_tax_name1 fee_tax_name2 fee_tax_name3',
      n: 'fee_amount fee_percent fee_tax_rate1 fee_tax_rate2 fee_tax_rate3 fee_cap',
      b: 'adjust_fee_percent',
    },
  ],
}
