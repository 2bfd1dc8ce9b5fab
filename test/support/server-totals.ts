/**
 * Amounts and balances as the server computes them (its InvoiceSum): each line item's total is
 * quantity × cost less its discount (a percentage unless is_amount_discount); the document's
 * amount is their sum plus the line taxes, rounded to cents. The items are kept as sent (the
 * tests compare them whole). A draft keeps its balance
 * (the server books it when the document is sent); any other status owes amount − paid_to_date.
 */
import type {Rec} from './server-values.js'

export const cents = (n: number) => Math.round(n * 100) / 100
/** An amount as the server reads it: a number, or the number a string starts with; anything else is 0. */
export const num = (v: unknown) => (typeof v === 'number' ? v : Number.parseFloat(String(v ?? 0))) || 0

/** Sets amount, total_taxes, paid_to_date and balance on the document from its line items. */
export function computeTotals(record: Rec): void {
  if (!Array.isArray(record.line_items)) return
  let amount = 0
  let taxes = 0
  for (const item of record.line_items as Rec[]) {
    if (!item || typeof item !== 'object') continue
    const gross = num(item.quantity ?? 1) * num(item.cost)
    const discount = item.is_amount_discount ? num(item.discount) : (gross * num(item.discount)) / 100
    const net = cents(gross - discount)
    const tax = cents((net * (num(item.tax_rate1) + num(item.tax_rate2) + num(item.tax_rate3))) / 100)
    amount += net
    taxes += tax
  }
  const total = cents(amount + taxes)
  const paid = num(record.paid_to_date)
  record.total_taxes = cents(taxes)
  record.amount = total
  record.paid_to_date = paid
  record.balance = String(record.status_id ?? '1') === '1' ? num(record.balance) : cents(total - paid)
}

/** A payment of `amount` applied to a document: paid_to_date up, balance down, paid (4) when nothing is left. */
export function applyPayment(record: Rec, amount: number): void {
  record.paid_to_date = cents(num(record.paid_to_date) + amount)
  record.balance = Math.max(0, cents(num(record.balance) - amount))
  record.status_id = record.balance === 0 ? '4' : '3'
}
