/**
 * POST /payments refuses what the server's store request refuses (server-payment-rules.ts): one 422 naming every
 * attribute that fails, and nothing stored, no invoice or client touched.
 */
import {expect} from 'chai'

import {callJson, up, useStandIn} from './helpers.js'

describe('upstream stand-in: the rules of a payment made', () => {
  useStandIn()

  beforeEach(() => {
    // Each rule is read by payments sent back to back: the guard against a repeat would refuse them
    // (repeat-guard.test.ts holds it).
    up.setRepeatWindow(0)
    up.seed('clients', [
      {id: 'c1', name: 'Acme', balance: 40, paid_to_date: 0, contacts: []},
      {id: 'c2', name: 'Globex', balance: 10, paid_to_date: 0, contacts: []},
      {id: 'c3', name: 'Gone', is_deleted: true, contacts: []},
    ])
    up.seed('invoices', [
      {id: 'i1', client_id: 'c1', status_id: '2', amount: 40, balance: 40},
      {id: 'i2', client_id: 'c1', status_id: '1', amount: 25, balance: 0},
      {id: 'i3', client_id: 'c1', status_id: '4', amount: 5, balance: 0},
      {id: 'g1', client_id: 'c2', status_id: '2', amount: 10, balance: 10},
    ])
    up.seed('payments', [{id: 'p0', client_id: 'c1', number: '0007', amount: 1}])
  })
  const pay = (body: Record<string, unknown>) => callJson('/api/v1/payments', {method: 'POST', body})
  /** The 422's attributes and messages; the store as it was. */
  async function refused(body: Record<string, unknown>): Promise<Record<string, string[]>> {
    const before = JSON.stringify([up.records('clients'), up.records('invoices'), up.records('payments')])
    const r = await pay(body)
    expect(r.status, JSON.stringify(r.body)).to.equal(422)
    expect(r.body.message).to.equal('The given data was invalid.')
    expect(JSON.stringify([up.records('clients'), up.records('invoices'), up.records('payments')])).to.equal(before)
    return r.body.errors
  }

  it('a client that is missing, unknown or deleted', async () => {
    expect(await refused({amount: 5})).to.deep.equal({client_id: ['The client id field is required.']})
    for (const client_id of ['nope', 'c3'])
      expect(await refused({client_id, amount: 5})).to.deep.equal({client_id: ['The selected client id is invalid.']})
  })

  it("an invoice of another client, an unknown one, more than its balance, or more than a draft's amount", async () => {
    const one = (invoice_id: string, amount: number) => refused({client_id: 'c1', invoices: [{invoice_id, amount}]})
    expect(await one('g1', 5)).to.deep.equal({
      'invoices.0.invoice_id': ["The invoices are not all the payment's client's"],
    })
    expect(await one('zz', 5)).to.deep.equal({'invoices.0.invoice_id': ['No invoice has the id zz']})
    expect(await one('i1', 41)).to.deep.equal({
      'invoices.0.invoice_id': ["The amount is more than the invoice's balance"],
    })
    expect(await one('i2', 26)).to.deep.equal({
      'invoices.0.invoice_id': ["The amount is more than the draft invoice's amount"],
    })
  })

  it('a paid invoice, an invoice named twice, an amount missing, an amount below what the invoices take', async () => {
    expect(await refused({client_id: 'c1', invoices: [{invoice_id: 'i3', amount: 0}]})).to.have.keys('invoices')
    expect(
      await refused({
        client_id: 'c1',
        invoices: [
          {invoice_id: 'i1', amount: 5},
          {invoice_id: 'i1', amount: 5},
        ],
      }),
    ).to.deep.equal({
      'invoices.0.invoice_id': ['The invoices.0.invoice_id field has a duplicate value.'],
      'invoices.1.invoice_id': ['The invoices.1.invoice_id field has a duplicate value.'],
    })
    expect(await refused({client_id: 'c1', invoices: [{invoice_id: 'i1'}]})).to.deep.equal({
      'invoices.0.amount': ['The invoices.0.amount field is required.'],
      'invoices.0.invoice_id': ['Each invoice of a payment needs an amount'],
    })
    expect(await refused({client_id: 'c1', amount: 10, invoices: [{invoice_id: 'i1', amount: 20}]})).to.deep.equal({
      amount: ['The amount is less than the invoices of the payment take'],
    })
    expect(await refused({client_id: 'c1', amount: 'ten'})).to.deep.equal({
      amount: ['The amount field must be a number.'],
    })
    expect(await refused({client_id: 'c1', amount: 3, number: '0007'})).to.deep.equal({
      number: ['The number has already been taken.'],
    })
  })

  it('an amount missing or 0 is what the invoices take; a payment the rules pass is stored and applied', async () => {
    const r = await pay({client_id: 'c1', invoices: [{invoice_id: 'i1', amount: 15}]})
    expect(r.status).to.equal(200)
    expect(r.body.data).to.include({client_id: 'c1', amount: 15, applied: 15})
    expect(up.records('invoices').find((i) => i.id === 'i1')).to.include({balance: 25, status_id: '3'})
    expect(up.records('clients')[0]).to.include({balance: 25, paid_to_date: 15})
  })
})
