/**
 * The stand-in follows the server's facts (registry/server): its request rules answer 422 in the
 * server's shape, filters a list does not know are ignored, amounts follow the line items, and
 * the import reads CSV as RFC 4180 has it.
 */
import {expect} from 'chai'

import {parseCsv} from '../support/server-csv.js'
import {callJson, up, useStandIn} from './helpers.js'

describe('upstream stand-in: the server facts', () => {
  useStandIn()

  it('422 for a missing required field and for a value a rule refuses', async () => {
    const r = await callJson('/api/v1/webhooks', {method: 'POST', body: {event_id: 'one', target_url: 'nowhere'}})
    expect(r).to.deep.equal({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: {target_url: ['The target url field must be a valid URL.']},
      },
    })
    const projects = await callJson('/api/v1/projects', {method: 'POST', body: {name: 'Website'}})
    expect(projects.body.errors).to.deep.equal({client_id: ['The client id field is required.']})
    // Filled in before the rules run when missing: a design's parts, a project's task_rate.
    const designs = await callJson('/api/v1/designs', {method: 'POST', body: {name: 'Clean'}})
    expect(designs.status).to.equal(200)
  })

  it('takes what the rules take: integer ids as 1 or "1", numeric strings', async () => {
    for (const id of [1, '1']) {
      const r = await callJson('/api/v1/webhooks', {
        method: 'POST',
        body: {event_id: id, target_url: 'https://example.test/h'},
      })
      expect(r.status).to.equal(200)
    }
  })

  it('ignores a filter the list does not know, and acts on one it knows', async () => {
    const all = await callJson('/api/v1/invoices')
    const typo = await callJson('/api/v1/invoices?clinet_id=nobody')
    expect(typo.body.data).to.deep.equal(all.body.data)
    const none = await callJson('/api/v1/invoices?client_id=nobody')
    expect(none.body.data).to.deep.equal([])
    const rich = await callJson('/api/v1/clients?balance=100:gt')
    expect(rich.body.data.map((c: {name: string}) => c.name)).to.deep.equal(['Acme Ltd'])
  })

  it("works out a document's amount and total_taxes from its lines on every save, whatever was sent", async () => {
    const sent = await callJson('/api/v1/invoices/WJxbojagwO', {method: 'PUT', body: {amount: 99, total_taxes: 9}})
    expect(sent.status).to.equal(200)
    expect(sent.body.data).to.include({amount: 150, balance: 150, total_taxes: 0})
    const lines = await callJson('/api/v1/invoices/WJxbojagwO', {
      method: 'PUT',
      body: {amount: 99, line_items: [{quantity: 2, cost: 30, tax_rate1: 10}]},
    })
    expect(lines.body.data).to.include({amount: 66, balance: 66, total_taxes: 6})
    // A credit's store request keeps the amount sent; its save works it out all the same: no lines, nothing.
    const credit = await callJson('/api/v1/credits', {method: 'POST', body: {client_id: 'VolejRejNm', amount: 40}})
    expect(credit.body.data).to.include({amount: 0, balance: 0, total_taxes: 0})
    // An invoice's store request zeroes the amount before its rules; a credit's rules see the amount sent.
    const invoice = await callJson('/api/v1/invoices', {method: 'POST', body: {client_id: 'VolejRejNm', amount: 'x'}})
    expect([invoice.status, invoice.body.data?.amount]).to.deep.equal([200, 0])
    const refused = await callJson('/api/v1/credits', {method: 'POST', body: {client_id: 'VolejRejNm', amount: 'x'}})
    expect(refused.status).to.equal(422)
    expect(up.records('invoices')[0]).to.include({amount: 66})
  })

  it("moves a product's stock on update only when update_in_stock_quantity is true, in the body or the query", async () => {
    up.seed('products', [{id: 'p1', product_key: 'WIDGET', in_stock_quantity: 10}])
    const stock = async (path: string, body: unknown) =>
      (await callJson(path, {method: 'PUT', body})).body.data.in_stock_quantity
    expect(await stock('/api/v1/products/p1', {in_stock_quantity: 5})).to.equal(10)
    expect(await stock('/api/v1/products/p1', {in_stock_quantity: 5, update_in_stock_quantity: false})).to.equal(10)
    expect(await stock('/api/v1/products/p1?update_in_stock_quantity=true', {in_stock_quantity: 6})).to.equal(6)
    expect(await stock('/api/v1/products/p1', {in_stock_quantity: 7, update_in_stock_quantity: 'true'})).to.equal(7)
    expect(up.records('products')[0]).to.not.have.property('update_in_stock_quantity')
  })

  it('parses CSV with quoted commas, line breaks, doubled quotes, CRLF and a byte-order mark', () => {
    expect(parseCsv('\uFEFFname,notes\r\n"Acme, Ltd","two\nlines"\r\n"say ""hi""",\r\n\r\n')).to.deep.equal([
      ['name', 'notes'],
      ['Acme, Ltd', 'two\nlines'],
      ['say "hi"', ''],
    ])
  })
})
