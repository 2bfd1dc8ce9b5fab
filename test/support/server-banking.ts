/**
 * Bank transactions and system logs as the server has them (5.10): the bank transactions' client_status and
 * bank_integration_ids filters, the system logs' exact id filters, and POST /bank_transactions/match with invoice
 * ids (the MatchBankTransactions job: a payment per transaction, the invoices' balances down, the transaction
 * converted).
 */
import {bookPayment} from './server-ledger.js'
import {applyPayment} from './server-totals.js'
import {invalid, serverError} from './server-reply.js'
import {jsonBody, type RecordedRequest} from './server-request.js'
import type {Store} from './server-store.js'
import {isBlank, isObject, nowSeconds, type Rec} from './server-values.js'

/** BankTransaction::STATUS_*: 1 unmatched, 2 matched, 3 converted. */
const BANK_STATUSES: Record<string, string> = {unmatched: '1', matched: '2', converted: '3'}
const BASE_TYPES: Record<string, string> = {deposits: 'CREDIT', withdrawals: 'DEBIT'}

/**
 * `client_status=unmatched,deposits`: status_id among the statuses named OR base_type among the types named (the
 * server ORs them: `unmatched,deposits` also lists matched deposits); `all` or nothing known filters nothing.
 */
function bankStatus(raw: string | undefined): (r: Rec) => boolean {
  const names = (raw ?? '').split(',')
  if (names.includes('all')) return () => true
  const statuses = names.map((n) => BANK_STATUSES[n]).filter(Boolean)
  const types = names.map((n) => BASE_TYPES[n]).filter(Boolean)
  if (statuses.length === 0 && types.length === 0) return () => true
  return (r) => statuses.includes(String(r.status_id)) || types.includes(String(r.base_type))
}

/** The filters of these two segments beyond the generic ones (server-lists.ts applies the rest). */
export function bankingFilter(segment: string, query: Record<string, string>): (r: Rec) => boolean {
  if (segment === 'bank_transactions') {
    const status = bankStatus(query.client_status)
    const accounts = query.bank_integration_ids ? query.bank_integration_ids.split(',') : undefined
    return (r) => status(r) && (accounts === undefined || accounts.includes(String(r.bank_integration_id)))
  }
  if (segment === 'system_logs') {
    const exact = (['category_id', 'event_id', 'type_id'] as const).filter((k) => query[k])
    return (r) => exact.every((k) => String(r[k]) === query[k])
  }
  return () => true
}

/** Invoice::isPayable after markSent: not deleted, draft, sent or partial. */
const payable = (i: Rec) => i.is_deleted !== true && ['1', '2', '3'].includes(String(i.status_id))

/** One transaction matched to its invoices: paid in the order given, up to the transaction's amount. */
function matchInvoices(store: Store, bt: Rec, invoiceIds: string): boolean {
  const ids = invoiceIds.split(',').filter((id) => id.length > 1)
  const invoices = store.collection('invoices').filter((i) => ids.includes(String(i.id)))
  if (invoices.length === 0) return false
  for (const i of invoices)
    if (String(i.status_id) === '1') {
      i.status_id = '2' // markSent: the draft's amount is now owed
      i.balance = i.amount
    }
  if (!invoices.every(payable)) return false
  let left = Number(bt.amount)
  const paid: Array<{invoice: Rec; amount: number}> = []
  for (const invoice of invoices) {
    if (left <= 0) break
    const amount = Math.min(Number(invoice.balance), left)
    left = Math.round((left - amount) * 100) / 100
    paid.push({invoice, amount})
    applyPayment(invoice, amount)
    invoice.updated_at = nowSeconds()
  }
  const last = invoices.at(-1)!
  const applied = paid.reduce((sum, p) => sum + p.amount, 0)
  const payment = store.create('payments', {
    client_id: last.client_id,
    amount: Number(bt.amount),
    applied,
    status_id: '4',
    type_id: '1',
    date: bt.date,
    transaction_reference: bt.description ?? '',
    transaction_id: bt.id,
    paymentables: paid.map((p) => ({invoice_id: p.invoice.id, amount: p.amount, refunded: 0})),
  })
  bookPayment(store, last.client_id, applied, Number(bt.amount))
  bt.invoice_ids = paid.map((p) => p.invoice.id).join(',')
  bt.status_id = '3'
  bt.payment_id = payment.id
  bt.updated_at = nowSeconds()
  return true
}

/**
 * POST /bank_transactions/match {transactions: [{id, invoice_ids}]}. The rules: each id required and a live
 * transaction of the company, invoice_ids a string; a body without the list is the server's 500. A converted
 * transaction, or invoices of which one is not payable, are skipped quietly: the answer lists only the matched
 * (the caller answers them as the server's list response does).
 */
export function matchTransactions(store: Store, request: RecordedRequest): Rec[] {
  const {transactions} = jsonBody(request)
  if (!Array.isArray(transactions)) throw serverError()
  const errors: Rec = {}
  const live = store.collection('bank_transactions').filter((t) => t.is_deleted !== true)
  for (const [n, t] of transactions.entries()) {
    const input = isObject(t) ? t : {}
    if (isBlank(input.id)) errors[`transactions.${n}.id`] = [`The transactions.${n}.id field is required.`]
    else if (!live.some((b) => b.id === input.id))
      errors[`transactions.${n}.id`] = [`The selected transactions.${n}.id is invalid.`]
    if (input.invoice_ids !== undefined && input.invoice_ids !== null && typeof input.invoice_ids !== 'string')
      errors[`transactions.${n}.invoice_ids`] = [`The transactions.${n}.invoice_ids must be a string.`]
  }
  if (Object.keys(errors).length > 0) throw invalid(errors)
  const matched: Rec[] = []
  for (const input of transactions as Rec[]) {
    const bt = live.find((b) => b.id === input.id)!
    if (String(bt.status_id) === '3' || typeof input.invoice_ids !== 'string' || input.invoice_ids === '') continue
    if (matchInvoices(store, bt, input.invoice_ids)) matched.push(bt)
  }
  return matched
}
