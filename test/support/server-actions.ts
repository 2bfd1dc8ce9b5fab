/**
 * What a record action does (bulk actions, GET /{seg}/{id}/{action}, DELETE): its change to the
 * record, the mail it sends and the record it clones.
 */
import {markSent} from './server-ledger.js'
import {recordPayment} from './server-operations.js'
import type {Store} from './server-store.js'
import {clone, nowSeconds, type Rec} from './server-values.js'

/** What bulk actions and single-record GET actions do; other action names change nothing. */
const ACTIONS: Record<string, (record: Rec, now: number) => void> = {
  archive(record, now) {
    record.archived_at = now
  },
  restore(record) {
    record.archived_at = 0
    record.is_deleted = false
  },
  delete(record, now) {
    // The server also soft-deletes the row, which sets archived_at.
    record.is_deleted = true
    record.archived_at ||= now
  },
  mark_paid(record) {
    record.status_id = '4'
    record.balance = 0
  },
  // The status ids of FACTS.md's "Statuses": quotes 3 Approved and 4 Converted, invoices 5 Cancelled, recurring
  // 2 Active and 3 Paused. mark_sent is server-ledger.ts's (a draft only, and an invoice's amount booked).
  ...Object.fromEntries(
    Object.entries({approve: '3', convert_to_invoice: '4', cancel: '5', start: '2', stop: '3'}).map(
      ([action, status]) => [
        action,
        (record: Rec) => {
          record.status_id = status
        },
      ],
    ),
  ),
}

/** Actions that send the record by e-mail: recorded in the outbox, so a test can count the mails. */
const MAILING = new Set(['email', 'send_email', 'email_receipt', 'send_now'])
/** Actions that make a new record of another family from this one. */
const CLONES: Record<string, string> = {
  clone_to_invoice: 'invoices',
  convert_to_invoice: 'invoices',
  clone_to_credit: 'credits',
}

export function applyAction(record: Rec, action: string, store?: Store, segment = '') {
  const now = nowSeconds()
  if (store && MAILING.has(action)) store.outbox.push({segment, id: String(record.id), action})
  const target = CLONES[action]
  if (store && target) {
    const {id: _id, number: _number, invitations: _invitations, ...fields} = clone(record)
    const made = store.create(target, {...fields, status_id: '1'})
    // A quote converted names its invoice (the server's quotes answer invoice_id).
    if (action === 'convert_to_invoice') record.invoice_id = made.id
  }
  // Marking a draft sent books its amount; marking an invoice paid marks a draft sent first, then records a payment
  // for its balance (the server's MarkSent and MarkPaid services).
  if (store && (action === 'mark_sent' || (action === 'mark_paid' && segment === 'invoices')))
    markSent(store, segment, record)
  if (store && action === 'mark_paid' && segment === 'invoices' && Number(record.balance) > 0)
    recordPayment(store, record, Number(record.balance))
  const effect = ACTIONS[action]
  if (!effect) return
  effect(record, now)
  record.updated_at = now
}
