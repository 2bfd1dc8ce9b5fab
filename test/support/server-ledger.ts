/**
 * A client's amounts as the server keeps them when its documents move: an invoice marked sent books its amount
 * (MarkSent: the invoice's balance becomes its amount, then ClientService::calculateBalance sums what the client's
 * sent and partial invoices owe), and a payment lowers the client's balance by what it applies and raises its
 * paid_to_date by its amount (MarkPaid, PaymentRepository, the bank match: updateBalanceAndPaidToDate).
 */
import type {Store} from './server-store.js'
import {nowSeconds, type Rec} from './server-values.js'

const cents = (n: number) => Math.round(n * 100) / 100
const num = (value: unknown) => Number(value ?? 0) || 0

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

/** A payment of `amount` of which `applied` went to the client's invoices. */
export function bookPayment(store: Store, clientId: unknown, applied: number, amount: number): void {
  const client = clientOf(store, clientId)
  if (!client) return
  client.balance = cents(num(client.balance) - applied)
  client.paid_to_date = cents(num(client.paid_to_date) + amount)
}
