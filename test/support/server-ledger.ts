/**
 * A client's amounts as the server keeps them when its documents move: an invoice marked sent books its amount
 * (MarkSent: the invoice's balance becomes its amount, then ClientService::calculateBalance sums what the client's
 * sent and partial invoices owe), and a payment lowers the client's balance by what it applies and raises its
 * paid_to_date by its amount (MarkPaid, PaymentRepository, the bank match: updateBalanceAndPaidToDate).
 */
import type {Store} from './server-store.js'
import {applyPayment, cents, num} from './server-totals.js'
import {nowSeconds, type Rec} from './server-values.js'

const clientOf = (store: Store, id: unknown) => store.collection('clients').find((c) => c.id === id)

/** calculateBalance: the client's balance is the sum of what its live sent and partial invoices owe. */
function calculateBalance(store: Store, clientId: unknown): void {
  const client = clientOf(store, clientId)
  if (!client) return
  const owing = store
    .collection('invoices')
    .filter((i) => i.client_id === clientId && i.is_deleted !== true && (i.status_id === '2' || i.status_id === '3'))
  client.balance = cents(owing.reduce((sum, i) => sum + num(i.balance), 0))
}

/**
 * A draft marked sent (by the action, a save's mark_sent or send_email; any other status stays as it is): an invoice
 * owes its amount now.
 */
export function markSent(store: Store, segment: string, record: Rec): void {
  if (String(record.status_id ?? '1') !== '1' || record.is_deleted === true) return
  record.status_id = '2'
  record.updated_at = nowSeconds()
  if (segment !== 'invoices') return
  record.balance = cents(num(record.amount) - num(record.paid_to_date))
  calculateBalance(store, record.client_id)
}

/** Completed, pending and (partly) refunded payments count toward a client's payment balance. */
const COUNTED = new Set(['1', '4', '5', '6'])

/** ClientService::updatePaymentBalance: what the client's payments hold unapplied (and not refunded). */
function updatePaymentBalance(store: Store, client: Rec): void {
  const payments = store
    .collection('payments')
    .filter((p) => p.client_id === client.id && p.is_deleted !== true && COUNTED.has(String(p.status_id)))
  client.payment_balance = cents(payments.reduce((sum, p) => sum + num(p.amount) - num(p.applied) - num(p.refunded), 0))
}

/** A payment of `amount` (made already) of which `applied` went to the client's invoices. */
export function bookPayment(store: Store, clientId: unknown, applied: number, amount: number): void {
  const client = clientOf(store, clientId)
  if (!client) return
  client.balance = cents(num(client.balance) - applied)
  client.paid_to_date = cents(num(client.paid_to_date) + amount)
  updatePaymentBalance(store, client)
}

/**
 * A payment made by POST /payments (PaymentRepository::save), its rules passed (server-payment-rules.ts): each of its
 * `invoices` gets what the payment gives it, each of its `credits` gives what is named of it (ApplyCreditPayment: a
 * draft marked sent, its balance lowered, applied when nothing is left, else partial), the payment records what it
 * applied (the invoices' less the credits': applied, paymentables), and the client its amounts (its paid_to_date by
 * the credits too, its credit balance lower). What is not applied stays the client's payment balance.
 */
export function newPayment(store: Store, payment: Rec): void {
  const given = Array.isArray(payment.invoices) ? (payment.invoices as Rec[]) : []
  const paid: Rec[] = []
  for (const {invoice_id: id, amount} of given) {
    const invoice = store.collection('invoices').find((i) => i.id === id)
    if (!invoice || !(num(amount) > 0)) continue
    applyPayment(invoice, num(amount))
    invoice.updated_at = nowSeconds()
    paid.push({invoice_id: id, amount: num(amount), refunded: 0})
  }
  const applied = cents(paid.reduce((sum, p) => sum + num(p.amount), 0))
  const credits = applyCredits(store, payment)
  const fromCredits = cents(credits.reduce((sum, c) => sum + num(c.amount), 0))
  payment.applied = cents(applied - fromCredits)
  payment.paymentables = [...paid, ...credits]
  bookPayment(store, payment.client_id, applied, num(payment.amount) + fromCredits)
  const client = clientOf(store, payment.client_id)
  if (client && fromCredits > 0) client.credit_balance = cents(num(client.credit_balance) - fromCredits)
}

/** The credits a payment applies (ApplyCreditPayment), each as its paymentable. */
function applyCredits(store: Store, payment: Rec): Rec[] {
  const applied: Rec[] = []
  for (const {credit_id: id, amount} of Array.isArray(payment.credits) ? (payment.credits as Rec[]) : []) {
    const credit = store.collection('credits').find((c) => c.id === id)
    if (!credit || !(num(amount) > 0)) continue
    if (String(credit.status_id ?? '1') === '1') credit.balance = num(credit.amount)
    credit.balance = cents(num(credit.balance) - num(amount))
    credit.paid_to_date = cents(num(credit.paid_to_date) + num(amount))
    credit.status_id = num(credit.balance) === 0 ? '4' : '3'
    credit.updated_at = nowSeconds()
    applied.push({credit_id: id, amount: num(amount), refunded: 0})
  }
  return applied
}

/**
 * A refund of `amount` (RefundPayment, no credits): each invoice it names owes again what is refunded of it (sent
 * when it owes its whole amount, else partial) and so does the client, whose paid_to_date falls by as much; a refund
 * that names no invoice lowers only the client's paid_to_date.
 */
export function bookRefund(store: Store, payment: Rec, invoices: Rec[], amount: number): void {
  const client = clientOf(store, payment.client_id)
  const paymentables = Array.isArray(payment.paymentables) ? (payment.paymentables as Rec[]) : []
  for (const {invoice_id: id, amount: given} of invoices) {
    const invoice = store.collection('invoices').find((i) => i.id === id)
    if (!invoice) continue
    const back = num(given)
    invoice.balance = cents(num(invoice.balance) + back)
    invoice.paid_to_date = cents(num(invoice.paid_to_date) - back)
    invoice.status_id = num(invoice.amount) === num(invoice.balance) ? '2' : '3'
    invoice.auto_bill_enabled = false
    invoice.updated_at = nowSeconds()
    for (const p of paymentables) if (p.invoice_id === id) p.refunded = cents(num(p.refunded) + back)
    if (client) client.balance = cents(num(client.balance) + back)
  }
  if (!client) return
  const back = invoices.length > 0 ? invoices.reduce((sum, i) => sum + num(i.amount), 0) : amount
  client.paid_to_date = cents(num(client.paid_to_date) - back)
  updatePaymentBalance(store, client)
}
