/**
 * The server's guard against repeats (server-repeat-guard.ts): the same bulk action on invoices, the same invoice
 * deleted, a payment of the same amount for the same client, within a second of the last, is refused with 400
 * "Duplicate request" and changes nothing; what is not alike goes through; a refused request leaves no mark.
 */
import {expect} from 'chai'

import {callJson, up, useStandIn} from './helpers.js'

describe('upstream stand-in: the guard against a repeated change', () => {
  useStandIn()
  const post = (path: string, body: unknown) => callJson(`/api/v1/${path}`, {method: 'POST', body})
  const DUPLICATE = {status: 400, body: {message: 'Duplicate request'}}
  beforeEach(() =>
    up.seed('invoices', [
      {client_id: 'VolejRejNm', number: '1'},
      {client_id: 'VolejRejNm', number: '2'},
    ]),
  )

  it("invoices' bulk: the same action again is refused, whatever the ids; another action is not", async () => {
    const [a, b] = up.records('invoices').map((r) => String(r.id))
    expect((await post('invoices/bulk', {action: 'archive', ids: [a]})).status).to.equal(200)
    const before = up.records('invoices')
    expect(await post('invoices/bulk', {action: 'archive', ids: [b]})).to.deep.equal(DUPLICATE)
    expect(up.records('invoices')).to.deep.equal(before)
    expect((await post('invoices/bulk', {action: 'restore', ids: [a]})).status).to.equal(200)
    // Quotes have no such guard.
    const [q] = up.records('quotes').map((r) => String(r.id))
    expect((await post('quotes/bulk', {action: 'archive', ids: [q]})).status).to.equal(200)
    expect((await post('quotes/bulk', {action: 'archive', ids: [q]})).status).to.equal(200)
  })

  it("an invoice deleted twice; an unknown one is the lookup's 400, not a repeat", async () => {
    const [a, b] = up.records('invoices').map((r) => String(r.id))
    const del = (id: string) => callJson(`/api/v1/invoices/${id}`, {method: 'DELETE'})
    expect((await del(a)).status).to.equal(200)
    expect(await del(a)).to.deep.equal(DUPLICATE)
    expect((await del(b)).status).to.equal(200)
    expect((await del('NoSuchId00')).body.message).to.match(/^No query results/)
  })

  it('a payment of the same amount for the same client, even after a 422; another amount or client goes', async () => {
    const count = () => up.records('payments').length
    const start = count()
    // Refused by the rules (no such invoice), yet marked: the server marks before it validates.
    expect(
      (await post('payments', {client_id: 'VolejRejNm', amount: 7, invoices: [{invoice_id: 'zz'}]})).status,
    ).to.equal(422)
    expect(await post('payments', {client_id: 'VolejRejNm', amount: 7})).to.deep.equal(DUPLICATE)
    expect((await post('payments', {client_id: 'VolejRejNm', amount: 8})).status).to.equal(200)
    expect((await post('payments', {client_id: 'Opnel5aKBz', amount: 7})).status).to.equal(200)
    expect(count()).to.equal(start + 2)
  })

  it('the mark stands for its window only; a refusal does not renew it', async () => {
    up.setRepeatWindow(300)
    const pay = () => post('payments', {client_id: 'VolejRejNm', amount: 3})
    expect((await pay()).status).to.equal(200)
    await new Promise((r) => setTimeout(r, 200))
    expect(await pay()).to.deep.equal(DUPLICATE)
    await new Promise((r) => setTimeout(r, 150))
    expect((await pay()).status).to.equal(200)
  })
})
