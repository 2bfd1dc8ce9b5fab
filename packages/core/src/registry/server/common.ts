/**
 * The filters every filter class has, the list parameters, and the items of list fields.
 * Read from the Invoice Ninja server's source, 5.10.42, by scripts/server-facts.ts: run it again to change
 * this file (its overrides and meanings are where judgement goes), never edit it by hand.
 */
import type {ElementFacts, FilterFact} from './types.js'

export const SERVER_VERSION = '5.10.42'

export const GENERIC_FILTERS: Record<string, FilterFact> = {
  status: {means: 'record states, comma-separated: active, archived, deleted', values: 'active archived deleted'},
  created_at: {means: 'created on or after this Unix time or date'},
  updated_at: {means: 'changed on or after this Unix time or date'},
  is_deleted: {
    means: 'compared with the deleted flag: 1 deleted only, 0 the others (MySQL reads true as 0)',
    values: '0 1',
  },
  client_id: {means: "this client's records: its hashed id, or its name, number or contact e-mail", record: 'clients'},
  vendor_id: {means: "this vendor's records: its hashed id, or its name, number or contact e-mail", record: 'vendors'},
  filter_deleted_clients: {means: 'true: leave out records of deleted clients', values: 'true'},
  with_trashed: {means: 'false: leave out deleted records', values: 'false'},
  without_deleted_clients: {means: 'any value: leave out records of deleted or archived clients'},
  without_deleted_vendors: {means: 'any value: leave out records of deleted or archived vendors'},
  with: {
    means: 'also answer this record, first: its hashed id, or its number or name where the family has one',
    record: 'itself',
  },
  date_range: {means: 'dated between two dates: start,end'},
  due_date_range: {means: 'due between two dates: start,end'},
}

export const LIST_PARAMS: Record<string, FilterFact> = {
  page: {means: 'page number, from 1'},
  per_page: {means: 'records a page: 20 unless given, at most 5000'},
  include: {means: 'relations to embed, comma-separated; a name the record lacks answers 400'},
  updated_at: {means: 'changed on or after this Unix time'},
}

export const ELEMENT_FACTS: Record<string, ElementFacts> = {
  line_item: {
    fields: {
      hid: 'expense_id task_id',
      iid: 'tax_id type_id',
      num: 'cost discount gross_line_total line_total product_cost quantity tax_amount tax_rate1 tax_rate2 tax_rate3',
      bool: 'is_amount_discount',
      str: `custom_value1 custom_value2 custom_value3 custom_value4 date notes product_key sort_id tax_name1 tax_name2
        tax_name3 unit_code`,
    },
  },
  client_contact: {
    fields: {
      hid: 'id',
      bool: 'is_primary send_email',
      email: 'email',
      str: 'custom_value1 custom_value2 custom_value3 custom_value4 first_name last_name password phone',
    },
    strict: 'email password',
    answer: `id first_name last_name email created_at updated_at archived_at is_primary is_locked phone custom_value1
      custom_value2 custom_value3 custom_value4 contact_key send_email last_login password link`,
  },
  vendor_contact: {
    fields: {
      hid: 'id',
      iid: 'vendor_id',
      bool: 'is_primary send_email',
      email: 'email',
      str: 'custom_value1 custom_value2 custom_value3 custom_value4 first_name last_name password phone',
    },
    strict: 'email password',
    answer: `id first_name last_name send_email email created_at updated_at archived_at is_primary phone custom_value1
      custom_value2 custom_value3 custom_value4 link last_login password`,
  },
}
