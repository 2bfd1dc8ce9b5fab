/** Which changes the server refuses as repeats within a second, and what makes two of them alike (repeatKey). */
import {expect} from 'chai'

import {repeatKey} from '../src/plan/repeat-guard.js'
import type {Json} from '../src/plan/request.js'

const key = (method: string, path: string, body?: Json) =>
  repeatKey({method: method as 'POST', path: `/api/v1/${path}`, body})

describe('the server guard against repeats', () => {
  it("invoices' bulk actions are alike by action, whatever the ids", () => {
    expect(key('POST', 'invoices/bulk', {action: 'archive', ids: ['a']})).to.equal('invoices bulk archive')
    expect(key('POST', 'invoices/bulk', {action: 'archive', ids: ['b']})).to.equal('invoices bulk archive')
    expect(key('POST', 'invoices/bulk', {action: 'restore', ids: ['a']})).to.equal('invoices bulk restore')
  })

  it('an invoice deleted is alike only to itself deleted', () => {
    expect(key('DELETE', 'invoices/WJxbojagwO')).to.equal('invoices delete WJxbojagwO')
    expect(key('DELETE', 'invoices/Zq3nWx8kPd')).to.equal('invoices delete Zq3nWx8kPd')
  })

  it('payments made are alike by amount and client, as PHP writes them; a missing amount is 0', () => {
    expect(key('POST', 'payments', {client_id: 'c1', amount: 90})).to.equal('payments create 90 c1')
    expect(key('POST', 'payments', {client_id: 'c1', amount: '90'})).to.equal('payments create 90 c1')
    expect(key('POST', 'payments', {client_id: 'c1', amount: 90.5})).to.equal('payments create 90.5 c1')
    expect(key('POST', 'payments', {client_id: 'c1'})).to.equal('payments create 0 c1')
    expect(key('POST', 'payments', {client_id: 'c2', amount: 90})).to.equal('payments create 90 c2')
  })

  it('nothing else is guarded: other families, verbs and routes', () => {
    for (const [method, path, body] of [
      ['POST', 'quotes/bulk', {action: 'archive', ids: ['a']}],
      ['POST', 'invoices', {client_id: 'c1'}],
      ['PUT', 'invoices/WJxbojagwO', {}],
      ['DELETE', 'payments/Pq1x7Yw2Za', undefined],
      ['POST', 'payments/refund', {id: 'Pq1x7Yw2Za', amount: 5}],
      ['POST', 'payments/bulk', {action: 'archive', ids: ['a']}],
      ['GET', 'invoices/WJxbojagwO/mark_paid', undefined],
      ['POST', 'nope', {}],
    ] as Array<[string, string, Json | undefined]>)
      expect(key(method, path, body), `${method} ${path}`).to.equal(undefined)
    expect(repeatKey({method: 'POST', path: '/other/invoices/bulk', body: {action: 'x'}})).to.equal(undefined)
  })
})
