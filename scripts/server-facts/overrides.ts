/**
 * Where a regex-level reading of the server's PHP cannot decide, a person did, and says why in one
 * line. Keys are `family:field`, `family:field.key` for a key of a list or object field's items, or
 * `element:key` for the line item and contact tables. `type` sets the type, `drop` leaves the field
 * out, `add` adds a field none of the sources the script reads names, `aside` lists it as one the
 * verb's request sets aside. The script reports an override that the source already agrees with, or
 * that no field uses, so this table stays short.
 */
import type {ServerType} from '../../packages/core/src/registry/server/types.js'

export interface Override {
  type?: ServerType
  drop?: true
  add?: true
  /** Validated by the verb's request, then never filled nor read: listed as set aside (`ignored`) for that verb. */
  aside?: 'create' | 'update'
  why: string
}

export const OVERRIDES: Readonly<Record<string, Override>> = {
  // A PHP array is a list or an object; the rules do not always say which.
  'companies:client_registration_fields': {type: 'objs', why: 'a list of {key, required, visible}'},
  'subscriptions:webhook_configuration.post_purchase_headers': {type: 'obj', why: 'HTTP headers keyed by name'},
  'webhooks:headers': {type: 'obj', why: 'HTTP headers keyed by name'},
  'task-schedulers:parameters.clients': {type: 'strs', why: 'hashed client ids (a rule object checks them)'},

  // Types the rules leave to a rule object or to code out of a regex's reach.
  'payments:credits.amount': {type: 'num', why: 'an amount; a rule object sums it, the rules give no type'},
  'task-schedulers:parameters.entity_id': {type: 'hid', why: 'a hashed id the request decodes through $this'},
  'users:language_id': {type: 'iid', why: 'a statics language id, though the users table keeps it as a string'},

  // Keys of objects that the rules name only in part.
  'designs:design.product': {type: 'str', add: true, why: 'the store request fills it in when missing'},
  'designs:design.task': {type: 'str', add: true, why: 'the store request fills it in when missing'},

  // Rule keys that are no field: the model has no such attribute and nothing reads the value.
  'clients:id': {drop: true, why: "where a hosted plan's limit rule is hung, not a field"},
  'users:id': {drop: true, why: "where a hosted plan's limit rule is hung, not a field"},
  'companies:name': {type: 'str', why: "a create reads it into the new company's settings.name (an update ignores it)"},
  'companies:country_id': {drop: true, why: 'validated, never stored: the country lives in settings'},
  'companies:work_email': {drop: true, why: 'validated, never stored'},
  'recurring-expenses:contacts': {drop: true, why: 'a rule copied from another request; the record has no contacts'},
  'recurring-expenses:country_id': {drop: true, why: 'a rule copied from another request; the record has no country'},
  'subscriptions:is_recurring': {drop: true, why: 'validated, never stored'},
  'subscriptions:per_set_enabled': {
    drop: true,
    why: 'a misspelt rule key (per_seat_enabled is the field); never stored',
  },

  // Fields a request's rules check that nothing then saves or reads.
  'invoices:status_id': {
    aside: 'update',
    why: "ruled (not 5), never filled: an invoice's status moves by its actions (mark_sent, mark_paid, cancel)",
  },

  // Fields the repository reads that neither the model nor the rules name.
  'tasks:action': {type: 'str', add: true, why: "the repository starts or stops the timer on 'start' or 'stop'"},
  'users:company_user': {type: 'obj', add: true, why: "the user's permissions and settings in this company"},
  'companies:smtp_username': {type: 'str', add: true, why: 'not fillable; the repository sets it (kept encrypted)'},
  'companies:smtp_password': {type: 'str', add: true, why: 'not fillable; the repository sets it (kept encrypted)'},

  // The line item (app/DataMapper/InvoiceItem.php): every value is cast when saved, these to strings.
  'line_item:type_id': {
    type: 'iid',
    why: '1 product, 2 service, 3/4 gateway fee, 5 late fee, 6 expense; kept as a string',
  },
  'line_item:tax_id': {type: 'iid', why: 'a tax category number; kept as a string'},
  'line_item:task_id': {type: 'hid', why: 'the task the line invoices'},
  'line_item:expense_id': {type: 'hid', why: 'the expense the line invoices'},

  // Contacts: the repository keeps a contact by its id and removes those not sent.
  'client_contact:id': {type: 'hid', add: true, why: 'the contact to keep; the others are removed on update'},
  'vendor_contact:id': {type: 'hid', add: true, why: 'the contact to keep; the others are removed on update'},
  'payments:category_id': {
    type: 'iid',
    why: 'kept as sent: the base request decodes it only when it is a string, no rule checks it',
  },
}
