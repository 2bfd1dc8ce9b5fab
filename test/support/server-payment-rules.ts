/**
 * POST /payments as the server's store request reads it (5.10.42, StorePaymentRequest): first the body is prepared
 * (an amount missing or 0 becomes what the invoices named add up to), then each attribute's rules run, each stopping
 * at its first failure, and every failing attribute answers in one 422:
 * - client_id: required, a client of the company that is not deleted;
 * - invoices: every invoice named (deleted ones too) payable: not deleted, not paid, no negative balance, and a
 *   draft, sent or partial invoice;
 * - invoices.N.amount: required;
 * - invoices.N.invoice_id: required, not twice, and the whole list sound (each with an amount, found, the client's,
 *   at most its balance, or at most its amount for a draft, and not deleted): one message, on every element;
 * - amount: a number, and with invoices, with the credits at least what the invoices take
 *   (PaymentAmountsBalanceRule);
 * - credits.N.credit_id: required, not twice, and the whole list sound (ValidCreditsRules: a client_id, a total above
 *   0, each credit found, the client's, its balance at least its amount (a draft's is its amount: the rule marks it
 *   sent), and some invoice to apply them to);
 * - credits.N.amount: required, and the credits together no more than the invoices (CreditsSumRule);
 * - number: not a number another payment has.
 * The messages of the server's own rules are in our words; Laravel's are Laravel's. Not modelled: documents, the
 * idempotency key, and the one-second guard against the same amount for the same client (a 429).
 */
import {invalid} from './server-reply.js'
import {cents, num} from './server-totals.js'
import type {Store} from './server-store.js'
import {isBlank, type Rec} from './server-values.js'

/** PHP's is_numeric, for the plain forms a JSON body holds. */
const numeric = (value: unknown) => typeof value === 'number' || /^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(String(value))
const given = (body: Rec): Rec[] => (Array.isArray(body.invoices) ? (body.invoices as Rec[]) : [])
const credited = (body: Rec): Rec[] => (Array.isArray(body.credits) ? (body.credits as Rec[]) : [])
/** The sum of a list's numeric amounts. */
const total = (list: Rec[]) =>
  cents(list.filter((i) => numeric(i.amount)).reduce((sum, i) => sum + Number(i.amount), 0))

/** The body as the request prepares it: a list that is not one is dropped, and a missing or 0 amount filled in. */
function preparePayment(body: Rec): Rec {
  const out = {...body}
  if (!isBlank(out.invoices) && !Array.isArray(out.invoices)) out.invoices = null
  if (!isBlank(out.credits) && !Array.isArray(out.credits)) out.credits = null
  // What the invoices take, less what the credits give.
  if (isBlank(out.amount) || (numeric(out.amount) && Number(out.amount) === 0))
    out.amount = cents(total(given(out)) - total(credited(out)))
  return out
}

/** Invoice::isPayable. */
const payable = (invoice: Rec) =>
  invoice.is_deleted !== true && num(invoice.balance) >= 0 && ['1', '2', '3'].includes(String(invoice.status_id))

/** What is wrong with the list as a whole (ValidInvoicesRules), or undefined. */
function listProblem(store: Store, body: Rec): string | undefined {
  if (!('client_id' in body)) return 'A payment of invoices needs its client_id'
  const invoices = store.collection('invoices')
  for (const entry of given(body)) {
    if (!('amount' in entry)) return 'Each invoice of a payment needs an amount'
    const invoice = invoices.find((i) => i.id === entry.invoice_id)
    if (!invoice) return `No invoice has the id ${String(entry.invoice_id)}`
    if (invoice.client_id !== body.client_id) return "The invoices are not all the payment's client's"
    const draft = String(invoice.status_id) === '1'
    if (draft && num(entry.amount) > num(invoice.amount)) return "The amount is more than the draft invoice's amount"
    if (!draft && num(entry.amount) > num(invoice.balance)) return "The amount is more than the invoice's balance"
    if (!draft && invoice.is_deleted === true) return 'An invoice of the payment has been deleted'
  }
  const ids = given(body).map((i) => i.invoice_id)
  if (new Set(ids).size !== ids.length) return 'An invoice is named twice'
  return undefined
}

/** What is wrong with the credits as a whole (ValidCreditsRules), or undefined. */
function creditsProblem(store: Store, body: Rec): string | undefined {
  if (!('client_id' in body)) return 'A payment of credits needs its client_id'
  if (total(credited(body)) <= 0) return 'Total of credits must be more than zero.'
  for (const entry of credited(body)) {
    const credit = store.collection('credits').find((c) => c.id === entry.credit_id)
    if (!credit) return `No credit has the id ${String(entry.credit_id)}`
    if (credit.client_id !== body.client_id) return "The credits are not all the payment's client's"
    const balance = String(credit.status_id ?? '1') === '1' ? num(credit.amount) : num(credit.balance)
    if (balance < num(entry.amount)) return "The amount is more than the credit's balance"
  }
  const ids = credited(body).map((c) => c.credit_id)
  if (new Set(ids).size !== ids.length) return 'A credit is named twice'
  if (given(body).length === 0) return 'Credits need an invoice of the payment to apply them to'
  return undefined
}

/** Each item's id rules ('bail', 'required', 'distinct', then the list's own rule): the first that fails, per item. */
function idErrors(errors: Record<string, string[]>, list: Rec[], field: string, key: string, problem?: string): void {
  list.forEach((entry, n) => {
    const at = `${field}.${n}.${key}`
    if (isBlank(entry[key])) errors[at] = [`The ${at} field is required.`]
    else if (list.filter((other) => other[key] === entry[key]).length > 1)
      errors[at] = [`The ${at} field has a duplicate value.`]
    else if (problem) errors[at] = [problem]
  })
}

/** The body as the server stores it, prepared; or its 422 naming every attribute a rule refuses. */
export function checkedPayment(store: Store, body: Rec): Rec {
  const prepared = preparePayment(body)
  const errors = paymentErrors(store, prepared)
  if (Object.keys(errors).length > 0) throw invalid(errors)
  return prepared
}

/** The 422's errors for a prepared body, by attribute; empty when the server would store it. */
function paymentErrors(store: Store, body: Rec): Record<string, string[]> {
  const errors: Record<string, string[]> = {}
  if (isBlank(body.client_id)) errors.client_id = ['The client id field is required.']
  else if (!store.collection('clients').some((c) => c.id === body.client_id && c.is_deleted !== true))
    errors.client_id = ['The selected client id is invalid.']
  const invoices = store.collection('invoices')
  const named = given(body).flatMap((entry) => invoices.filter((i) => i.id === entry.invoice_id))
  if (named.some((i) => !payable(i))) errors.invoices = ['An invoice of the payment is paid, deleted or cancelled']
  const problem = given(body).length > 0 ? listProblem(store, body) : undefined
  // Laravel expands each wildcard rule in turn: every amount, then every invoice_id.
  given(body).forEach((entry, n) => {
    if (isBlank(entry.amount)) errors[`invoices.${n}.amount`] = [`The invoices.${n}.amount field is required.`]
  })
  idErrors(errors, given(body), 'invoices', 'invoice_id', problem)
  idErrors(
    errors,
    credited(body),
    'credits',
    'credit_id',
    credited(body).length > 0 ? creditsProblem(store, body) : undefined,
  )
  credited(body).forEach((entry, n) => {
    const at = `credits.${n}.amount`
    if (isBlank(entry.amount)) errors[at] = [`The ${at} field is required.`]
    else if (total(credited(body)) > total(given(body)))
      errors[at] = ['The credits applied are more than the invoices of the payment take']
  })
  if (!numeric(body.amount)) errors.amount = ['The amount field must be a number.']
  else if (given(body).length > 0 && num(body.amount) !== 0) {
    if (cents(num(body.amount) + total(credited(body))) < total(given(body)))
      errors.amount = ['The amount is less than the invoices of the payment take']
  }
  if (!isBlank(body.number) && store.collection('payments').some((p) => p.number === body.number))
    errors.number = ['The number has already been taken.']
  return errors
}
