/**
 * The keys of the feature corpus the server never reads, by the command that warns on them: a request that carries
 * one is sent unchanged with a warning naming it, which the rule allows ("no warning on a key the server
 * reads"). Each was checked in the server's source (v5-develop): no validation rule names it, its model's $fillable
 * does not list it, and neither the controller nor the repository reads it from the input.
 */

import {calculatedFields, ignoredFields} from '../../packages/core/src/registry/server/facts.js'

/** Command (`invoices create`, `payments refund`) → key → why the server never reads it. */
export const UNREAD_KEYS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'invoices create': {status: 'status_id is the field: no rule names status, Invoice::$fillable lacks it'},
  'invoices update': {status: 'as on create'},
  'credits create': {status: 'status_id is the field: no rule names status, Credit::$fillable lacks it'},
  'credits update': {status: 'as on create'},
  'purchase-orders create': {status: 'status_id is the field: no rule names status, PurchaseOrder::$fillable lacks it'},
  'purchase-orders update': {status: 'as on create'},
  'tasks create': {
    assigned_user: 'assigned_user_id is the field: no rule, not in Task::$fillable, TaskRepository never reads it',
    timelog: 'time_log is the field: the repository reads time_log only',
    company_id: "the record takes the token's company (TaskFactory); not in Task::$fillable",
    user: 'the base request skips `user` by name; not in Task::$fillable',
  },
  'tasks update': {assigned_user: 'as on create', timelog: 'as on create', user: 'as on create'},
  'products create': {
    vendor_id: 'no rule in StoreProductRequest, not in Product::$fillable',
    qty: 'quantity is the field: no rule names qty, Product::$fillable lacks it',
  },
  'bank-transaction-rules create': {
    assigned_user_id: 'the rule requests never call the shared rules that name it; not in $fillable',
  },
  'bank-transaction-rules update': {
    assigned_user_id: 'as on create',
    isChanged: 'a flag of the web UI: no rule, not in BankTransactionRule::$fillable',
  },
  'payments refund': {client_id: 'RefundPayment takes the client from the payment; the request has no rule for it'},
}

/**
 * Notices that are no field warning: a client update carrying contacts replaces them all (the server deletes the
 * contacts the PUT leaves out), which a person must hear before it happens.
 */
const NOTICES: Readonly<Record<string, RegExp>> = {
  'clients update': /^Warning: this update replaces all contacts of clients \S+ with the \d+ contacts? sent /,
}

/**
 * A list that only reads sends a value of a comma-separated set the server does not know (`client_status=sentX`):
 * the server reads the key, never that value (it matches none of its in_array checks, so it filters nothing).
 */
const IGNORED_VALUE = /^Warning: --filter client_status="[^"]*" is not a value the server acts on: .*\(sent as given\)$/

/** A key the request sets aside for this verb (the facts' `ignored`): read, and then never used. */
const SET_ASIDE = /^Warning: (\w+): the server sets it aside when /
/** A key every save works out itself (the facts' `calculated`): checked, and then replaced. */
const CALCULATED = /^Warning: (\w+): the server works it out from the line items when saving /

/** Why a warning line is allowed for `command`, or undefined when it names a key the server reads. */
export function allowedWarning(command: string, line: string): string | undefined {
  if (NOTICES[command]?.test(line)) return 'notice'
  if (command.endsWith(' list') && IGNORED_VALUE.test(line)) return 'a value the server ignores'
  const [word, verb] = command.split(' ')
  const aside = SET_ASIDE.exec(line)?.[1]
  if (aside !== undefined && (verb === 'create' || verb === 'update') && ignoredFields(word, verb).includes(aside))
    return 'set aside by the request before its rules'
  const worked = CALCULATED.exec(line)?.[1]
  if (worked !== undefined && (verb === 'create' || verb === 'update') && calculatedFields(word).includes(worked))
    return 'worked out by the save'
  const key = /^Warning: (\S+) is not (?:a|an) /.exec(line)?.[1]
  return key === undefined ? undefined : UNREAD_KEYS[command]?.[key]
}
