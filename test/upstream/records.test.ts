/** The stand-in's records: create, show, update, delete, validation errors, bulk and single-record actions. */
import {expect} from 'chai'

import {fakePdf} from '../support/upstream.js'
import {call, callJson, headers, up, useStandIn} from './helpers.js'

describe('upstream stand-in', () => {
  useStandIn()

  describe('records', () => {
    it('creates, shows, edits, updates and soft-deletes a record', async () => {
      const created = await callJson('/api/v1/invoices', {method: 'POST', body: {client_id: 'VolejRejNm', amount: 5}})
      expect(created.status).to.equal(200)
      const record = created.body.data
      expect(record.id).to.be.a('string').and.match(/^Vole/)
      // The store request sets the amount aside: a document's amount is its lines' sum (none here).
      expect(record).to.include({client_id: 'VolejRejNm', amount: 0, is_deleted: false, archived_at: 0})
      expect(record.created_at).to.be.a('number')
      expect(record.invitations[0].key).to.be.a('string')

      expect((await callJson(`/api/v1/invoices/${record.id}`)).body.data).to.deep.equal(record)
      expect((await callJson(`/api/v1/invoices/${record.id}/edit`)).body.data).to.deep.equal(record)
      const updated = await callJson(`/api/v1/invoices/${record.id}`, {
        method: 'PUT',
        body: {public_notes: 'Thanks', id: 'x'},
      })
      expect(updated.body.data).to.include({id: record.id, public_notes: 'Thanks', client_id: 'VolejRejNm'})

      const deleted = await callJson(`/api/v1/invoices/${record.id}`, {method: 'DELETE'})
      expect(deleted.body.data.is_deleted).to.equal(true)
      expect(up.records('invoices').find((r) => r.id === record.id)).to.include({is_deleted: true})
    })

    it("sets aside what the server's requests set aside: a payment's amount and a project's client on update", async () => {
      up.seed('payments', [{client_id: 'VolejRejNm', number: '0001', amount: 20}])
      up.seed('projects', [{client_id: 'VolejRejNm', number: '0001', name: 'Site'}])
      const [payment] = up.records('payments')
      const [project] = up.records('projects')
      const put = (path: string, body: unknown) => callJson(`/api/v1/${path}`, {method: 'PUT', body})
      const paid = await put(`payments/${payment.id}`, {amount: 1234, private_notes: 'checked'})
      expect(paid.body.data).to.include({amount: payment.amount, private_notes: 'checked'})
      const moved = await put(`projects/${project.id}`, {client_id: 'Opnel5aKBz', name: 'Renamed'})
      expect(moved.body.data).to.include({client_id: project.client_id, name: 'Renamed'})
      expect(project.client_id).not.to.equal('Opnel5aKBz')
    })

    it('answers a template for /create without creating anything', async () => {
      const before = up.records('quotes').length
      const template = await callJson('/api/v1/quotes/create')
      expect(template.body.data).to.include({id: '', client_id: ''})
      expect(up.records('quotes')).to.have.length(before)
    })

    it('answers 400 for an unknown id', async () => {
      const expected = {status: 400, body: {message: 'No query results for model [App\\Models\\PurchaseOrder].'}}
      expect(await callJson('/api/v1/purchase_orders/nope')).to.deep.equal(expected)
      expect(await callJson('/api/v1/purchase_orders/nope', {method: 'PUT', body: {}})).to.deep.equal(expected)
    })

    it('answers 422 for validation errors and 400 for bodies that are not JSON', async () => {
      expect(await callJson('/api/v1/quotes', {method: 'POST', body: {amount: 1}})).to.deep.equal({
        status: 422,
        body: {message: 'The given data was invalid.', errors: {client_id: ['The client id field is required.']}},
      })
      const contacts = await callJson('/api/v1/clients', {method: 'POST', body: {name: 'x', contacts: 'ada'}})
      expect(contacts.status).to.equal(422)
      expect(contacts.body.errors).to.deep.equal({contacts: 'The contacts must be an array.'})
      const invalid = {status: 400, body: {message: 'Invalid JSON'}}
      const broken = {'Content-Type': 'application/json'}
      const res = await fetch(`${up.url}/api/v1/clients`, {method: 'POST', headers: headers(broken), body: '{"name":'})
      expect({status: res.status, body: await res.json()}).to.deep.equal(invalid)
      const form = {'Content-Type': 'application/x-www-form-urlencoded'}
      const res2 = await fetch(`${up.url}/api/v1/clients`, {method: 'POST', headers: headers(form), body: 'name=x'})
      expect({status: res2.status, body: await res2.json()}).to.deep.equal(invalid)
    })

    it('applies bulk actions and answers the affected records', async () => {
      // Actions sent back to back, as the guard against a repeat would refuse (repeat-guard.test.ts holds it).
      up.setRepeatWindow(0)
      up.seed('invoices', [
        {number: '1', balance: 10},
        {number: '2', balance: 20},
        {number: '3', balance: 30},
      ])
      const [a, b, c] = up.records('invoices').map((r) => r.id as string)
      const bulk = (action: string, ids: unknown) =>
        callJson('/api/v1/invoices/bulk', {method: 'POST', body: {action, ids}})

      const archived = await bulk('archive', [a, b, 'unknown'])
      expect(archived.body.data.map((r: {id: string}) => r.id)).to.deep.equal([a, b])
      expect(archived.body.data[0].archived_at).to.be.above(0)
      expect((await bulk('restore', [a])).body.data[0]).to.include({archived_at: 0, is_deleted: false})
      expect((await bulk('delete', [a])).body.data[0]).to.include({is_deleted: true})
      expect((await bulk('mark_paid', [b])).body.data[0]).to.include({status_id: '4', balance: 0})
      expect((await bulk('mark_sent', [c])).body.data[0]).to.include({status_id: '2'})
      // A deleted invoice is not marked sent (the server's MarkSent leaves it).
      expect((await bulk('mark_sent', [a])).body.data[0])
        .to.include({is_deleted: true})
        .and.not.have.property('status_id')
      expect((await bulk('email', [b])).body.data[0]).to.include({status_id: '4'})

      const invalid = await callJson('/api/v1/invoices/bulk', {method: 'POST', body: {ids: 'x'}})
      expect(invalid.status).to.equal(422)
      expect(invalid.body.errors).to.have.keys('action', 'ids')
    })

    it('applies a single-record GET action, and answers a PDF for download', async () => {
      const [quote] = up.records('quotes')
      const sent = await callJson(`/api/v1/quotes/${quote!.id}/mark_sent`)
      expect(sent.body.data).to.include({id: quote!.id, status_id: '2'})
      expect((await callJson(`/api/v1/quotes/${quote!.id}/approve`)).body.data.id).to.equal(quote!.id)
      const pdf = await call(`/api/v1/quotes/${quote!.id}/download`)
      expect(pdf.headers.get('content-type')).to.equal('application/pdf')
      expect(Buffer.from(await pdf.arrayBuffer()).equals(fakePdf(quote!.id as string))).to.equal(true)
    })
  })
})
