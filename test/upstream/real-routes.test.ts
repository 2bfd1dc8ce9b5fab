/** The stand-in keeps the route table of the real server where it differs from the API document (FACTS.md). */
import {expect} from 'chai'

import {CATCH_ALL_MESSAGE, fakeZip} from '../support/upstream.js'
import {call, callJson, up, useStandIn} from './helpers.js'

describe('upstream stand-in', () => {
  useStandIn()

  describe('the route table of the real server (FACTS.md, "The server as it really is")', () => {
    const catchAll = {status: 404, body: {message: CATCH_ALL_MESSAGE}}

    it('GET actions exist for invoices, quotes, credits and purchase_orders only: elsewhere the catch-all 404, and nothing happens', async () => {
      up.seed('payments', [{id: 'P1', amount: 5}])
      up.seed('recurring_invoices', [{id: 'R1', client_id: 'VolejRejNm'}])
      expect(await callJson('/api/v1/payments/P1/archive')).to.deep.equal(catchAll)
      expect(await callJson('/api/v1/recurring_invoices/R1/start')).to.deep.equal(catchAll)
      expect(up.records('payments')[0].archived_at).to.equal(0)
      expect((await callJson('/api/v1/quotes/Xy9kqR2mLb/email')).status).to.equal(200)
      expect(up.outbox()).to.deep.equal([{segment: 'quotes', id: 'Xy9kqR2mLb', action: 'email'}])
    })

    it('routes the document lists but the server lacks: DELETE /users/{id}, GET /users/{id}/edit, the recurring invoice download', async () => {
      const password = {'X-API-PASSWORD': 'secret-pass'}
      expect(await callJson('/api/v1/users/U1', {method: 'DELETE', headers: password})).to.deep.equal(catchAll)
      expect(await callJson('/api/v1/users/U1/edit', {headers: password})).to.deep.equal(catchAll)
      expect(await callJson('/api/v1/recurring_invoice/k1/download')).to.deep.equal(catchAll)
    })

    it('routes the server has beyond the document: POST /tax_rates, documents as a resource with a download', async () => {
      const created = await callJson('/api/v1/tax_rates', {method: 'POST', body: {name: 'VAT', rate: 20}})
      expect(created.status).to.equal(200)
      expect(created.body.data).to.include({name: 'VAT', rate: 20})
      expect((await callJson('/api/v1/documents/Dk3mZ7pQx1')).body.data.name).to.equal('receipt.png')
      const file = await call('/api/v1/documents/Dk3mZ7pQx1/download')
      expect(file.headers.get('content-type')).to.equal('image/png')
      expect(file.headers.get('content-disposition')).to.equal('attachment; filename="receipt.png"')
      expect(await callJson('/api/v1/documents', {method: 'POST', body: {}})).to.deep.equal(catchAll)
    })

    it('an unknown id is a 400 naming the model; an unknown collection is the catch-all', async () => {
      expect(await callJson('/api/v1/tax_rates/nope')).to.deep.equal({
        status: 400,
        body: {message: 'No query results for model [App\\Models\\TaxRate].'},
      })
      expect(await callJson('/api/v1/widgets')).to.deep.equal(catchAll)
    })

    it('a PUT replaces a list whole; contacts sent without an id get a new one', async () => {
      await callJson('/api/v1/clients/VolejRejNm', {method: 'PUT', body: {contacts: [{email: 'new@acme.test'}]}})
      const contacts = up.records('clients')[0].contacts as Array<Record<string, unknown>>
      expect(contacts).to.have.length(1)
      expect(contacts[0].email).to.equal('new@acme.test')
      expect(contacts[0].id).to.be.a('string').and.not.equal('Wpmbk5ezJn')
      await callJson('/api/v1/invoices/WJxbojagwO', {method: 'PUT', body: {line_items: []}})
      expect(up.records('invoices')[0].line_items).to.deep.equal([])
    })

    it('bulk download answers the PDF of one id; clone_to_invoice makes an invoice', async () => {
      const pdf = await call('/api/v1/invoices/bulk', {method: 'POST', body: {action: 'download', ids: ['WJxbojagwO']}})
      expect(pdf.headers.get('content-type')).to.equal('application/pdf')
      await callJson('/api/v1/quotes/Xy9kqR2mLb/clone_to_invoice')
      expect(up.records('invoices')).to.have.length(2)
    })

    it('bulk download and bulk_download of several ids answer a zip; bulk_print of several one PDF', async () => {
      up.seed('invoices', [
        {id: 'A1', client_id: 'VolejRejNm'},
        {id: 'B2', client_id: 'VolejRejNm'},
      ])
      for (const action of ['download', 'bulk_download']) {
        const zip = await call('/api/v1/invoices/bulk', {method: 'POST', body: {action, ids: ['A1', 'B2']}})
        expect(zip.headers.get('content-type')).to.equal('application/zip')
        expect(Buffer.from(await zip.arrayBuffer()).equals(fakeZip(['A1', 'B2']))).to.equal(true)
      }
      const pdf = await call('/api/v1/invoices/bulk', {method: 'POST', body: {action: 'bulk_print', ids: ['A1', 'B2']}})
      expect(pdf.headers.get('content-type')).to.equal('application/pdf')
    })
  })
})
