/**
 * The stand-in keeps a client's amounts as the server does when its invoices move (server-ledger.ts): marked sent, an
 * invoice owes its amount and the client's balance sums what its sent invoices owe; marked paid, a payment lowers the
 * client's balance and raises its paid_to_date, and what it does not apply is the client's payment balance; a refund
 * undoes it.
 */
import {expect} from 'chai'

import {callJson, up, useStandIn} from './helpers.js'

const line = (cost: number) => [{product_key: 'A', quantity: 1, cost}]

describe('upstream stand-in: a client ledger', () => {
  useStandIn()

  beforeEach(() => {
    up.seed('clients', [{id: 'c1', name: 'Acme', balance: 40, paid_to_date: 0, contacts: []}])
    up.seed('invoices', [
      {id: 'i1', client_id: 'c1', status_id: '2', amount: 40, balance: 40, line_items: line(40)},
      {id: 'i2', client_id: 'c1', status_id: '1', amount: 25, balance: 0, line_items: line(25)},
    ])
    up.seed('payments', [])
  })
  const client = () => up.records('clients')[0]
  const invoice = (id: string) => up.records('invoices').find((i) => i.id === id)

  it('marked sent, a draft owes its amount and the client owes it too; a sent one is left as it is', async () => {
    await callJson('/api/v1/invoices/i2/mark_sent')
    expect(invoice('i2')).to.include({status_id: '2', balance: 25})
    expect(client()).to.include({balance: 65, paid_to_date: 0})
    await callJson('/api/v1/invoices/bulk', {method: 'POST', body: {action: 'mark_sent', ids: ['i1', 'i2']}})
    expect(client()).to.include({balance: 65})
    expect(up.records('payments')).to.have.length(0)
  })

  it('marked paid, a payment of its balance: the client owes less and has paid more', async () => {
    await callJson('/api/v1/invoices/i1/mark_paid')
    expect(invoice('i1')).to.include({status_id: '4', balance: 0, paid_to_date: 40})
    expect(client()).to.include({balance: 0, paid_to_date: 40})
    expect(up.records('payments').map((p) => p.amount)).to.deep.equal([40])
  })

  it('a draft marked paid is marked sent first: paid in full, the client owes what it owed', async () => {
    await callJson('/api/v1/invoices/bulk', {method: 'POST', body: {action: 'mark_paid', ids: ['i2']}})
    expect(invoice('i2')).to.include({status_id: '4', balance: 0, paid_to_date: 25})
    expect(client()).to.include({balance: 40, paid_to_date: 25})
    expect(up.records('payments').map((p) => p.amount)).to.deep.equal([25])
  })

  it("a payment made applies to the invoices it names; what it does not apply is the client's payment balance", async () => {
    const made = await callJson('/api/v1/payments', {
      method: 'POST',
      body: {client_id: 'c1', amount: 50, invoices: [{invoice_id: 'i1', amount: 40}]},
    })
    expect(made.body.data).to.include({amount: 50, applied: 40})
    expect(made.body.data.paymentables).to.deep.equal([{invoice_id: 'i1', amount: 40, refunded: 0}])
    expect(invoice('i1')).to.include({status_id: '4', balance: 0, paid_to_date: 40})
    expect(client()).to.include({balance: 0, paid_to_date: 50, payment_balance: 10})
    await callJson('/api/v1/payments', {method: 'POST', body: {client_id: 'c1', amount: 30}})
    expect(client()).to.include({balance: 0, paid_to_date: 80, payment_balance: 40})
    // Marked paid, a payment applies all it is: the payment balance stays.
    await callJson('/api/v1/invoices/i2/mark_paid')
    expect(client()).to.include({balance: 0, paid_to_date: 105, payment_balance: 40})
  })

  it('a refund of an invoice reopens it and the client owes it again; one that names no invoice lowers paid_to_date', async () => {
    await callJson('/api/v1/invoices/i1/mark_paid')
    const [payment] = up.records('payments')
    const refund = (body: object) =>
      callJson('/api/v1/payments/refund', {method: 'POST', body: {id: payment!.id, date: '2024-03-01', ...body}})
    await refund({invoices: [{invoice_id: 'i1', amount: 15}]})
    expect(invoice('i1')).to.include({status_id: '3', balance: 15, paid_to_date: 25, auto_bill_enabled: false})
    expect(client()).to.include({balance: 15, paid_to_date: 25})
    expect(up.records('payments')[0]).to.include({refunded: 15, status_id: '5'})
    expect(up.records('payments')[0]!.paymentables).to.deep.equal([{invoice_id: 'i1', amount: 40, refunded: 15}])
    await refund({invoices: [{invoice_id: 'i1', amount: 25}]})
    expect(invoice('i1')).to.include({status_id: '2', balance: 40, paid_to_date: 0})
    expect(client()).to.include({balance: 40, paid_to_date: 0})
    await callJson('/api/v1/payments', {method: 'POST', body: {client_id: 'c1', amount: 30}})
    const advance = up.records('payments')[1]!
    await callJson('/api/v1/payments/refund', {method: 'POST', body: {id: advance.id, date: '2024-03-01', amount: 10}})
    // The server's sum of amount − applied − refunded: a refunded payment that was applied counts below zero.
    expect(client()).to.include({balance: 40, paid_to_date: 20, payment_balance: -20})
  })

  it('a save that marks the invoice sent (or e-mails a draft) books it as the action does', async () => {
    const made = await callJson('/api/v1/invoices?mark_sent=true', {
      method: 'POST',
      body: {client_id: 'c1', line_items: line(10)},
    })
    expect(made.body.data).to.include({status_id: '2', amount: 10, balance: 10})
    expect(client()).to.include({balance: 50})
    await callJson('/api/v1/invoices/i2?send_email=true', {method: 'PUT', body: {}})
    expect(invoice('i2')).to.include({status_id: '2', balance: 25})
    expect(client()).to.include({balance: 75})
  })
})
