/** The pure rules of bulk batches and skipped ids, and of the summary line of a change (plan/bulk, plan/summary). */
import {expect} from 'chai'

import {answerPage, batches, missingIds, selectionLine, uniqueIds} from '../src/plan/bulk.js'
import {followRequest, type Summary, summaryFor, summaryLine} from '../src/plan/summary.js'
import {family} from '../src/registry/registry.js'

const invoice = (id: string, more: Record<string, unknown> = {}) => ({id, number: id.slice(-4), amount: 10, ...more})
const said = (words: Partial<Summary> & {did: string}, word = 'invoices'): Summary => summaryFor(family(word), words)

describe('bulk batches and skipped ids', () => {
  it('batches of 100, each asking for a page that holds it when the server default (20) would not', () => {
    const ids = Array.from({length: 230}, (_, i) => `id${i}`)
    expect(batches(ids).map((b) => b.length)).to.deep.equal([100, 100, 30])
    expect(batches(ids).flat()).to.deep.equal(ids)
    expect([answerPage(ids.slice(0, 20)), answerPage(ids.slice(0, 21)), answerPage(ids.slice(0, 100))]).to.deep.equal([
      undefined,
      21,
      100,
    ])
  })

  it('each id once, in the order given; the ids no answer holds are the skipped ones', () => {
    expect(uniqueIds(['b', 'a', 'b', 'c', 'a'])).to.deep.equal(['b', 'a', 'c'])
    const answers = [{data: [invoice('a')]}, {data: [invoice('c')]}, {message: 'No Invoices Found'}]
    expect(missingIds(['a', 'b', 'c', 'd'], answers)).to.deep.equal(['b', 'd'])
    expect(missingIds(['a'], [{message: 'No Invoices Found'}])).to.deep.equal(['a'])
  })

  it('a selected record on one line: number, name (its own or its client), amount, id', () => {
    expect(selectionLine(invoice('WJxbojagwO', {client: {display_name: 'Acme Ltd'}, amount: 120}))).to.equal(
      'agwO  Acme Ltd  120.00  (id WJxbojagwO)',
    )
    expect(selectionLine({id: 'VolejRejNm', number: '0001', name: 'Acme Ltd', balance: '150.5'})).to.equal(
      '0001  Acme Ltd  150.50  (id VolejRejNm)',
    )
    expect(selectionLine({id: 'Pq4rT7vWx1', product_key: 'WIDGET'})).to.equal('WIDGET  (id Pq4rT7vWx1)')
  })
})

describe('the summary line', () => {
  it('one record: what was done, the number and id, the party by name where embedded, the amount', () => {
    const answer = {data: invoice('Vole6nQo0J', {number: '0007', amount: 240, client: {name: 'Acme Ltd'}})}
    expect(summaryLine(said({did: 'created'}), [answer])).to.equal(
      'created invoice 0007 (id Vole6nQo0J) for Acme Ltd, 240.00',
    )
    expect(summaryLine(said({did: 'updated'}, 'clients'), [{data: {id: 'C1', number: '0001', name: 'Acme'}}])).to.equal(
      'updated client 0001 Acme (id C1)',
    )
  })

  it('several records: the first ten by number and id, the rest counted; none: no line unless the request names one', () => {
    const two = (i: number) => String(i).padStart(2, '0')
    const answers = [{data: Array.from({length: 12}, (_, i) => invoice(`Id00${two(i)}`))}]
    const shown = Array.from({length: 10}, (_, i) => `00${two(i)} (id Id00${two(i)})`).join(', ')
    expect(summaryLine(said({did: 'archived'}), answers)).to.equal(`archived 12 invoices: ${shown}, and 2 more`)
    expect(summaryLine(said({did: 'archived'}), [{message: 'No Invoices Found'}])).to.equal(undefined)
    const statement = summaryFor(family('clients'), {did: 'e-mailed the statement of', after: ', 2024'}, ['C1'])
    expect(summaryLine(statement, [{message: 'sent'}])).to.equal('e-mailed the statement of client (id C1), 2024')
  })

  it('e-mail: the invited contacts with an address, not deleted; the read is of the client or the vendor', () => {
    const summary = said({did: 'e-mailed', follow: 'contacts'})
    const answer = {
      data: invoice('I1', {client_id: 'C1', invitations: [{client_contact_id: 'k1'}, {client_contact_id: 'k3'}]}),
    }
    expect(followRequest(summary, [answer])).to.include({method: 'GET', path: '/api/v1/clients/C1'})
    const client = {
      contacts: [
        {id: 'k1', email: 'ada@acme.test'},
        {id: 'k2', email: 'not-invited@acme.test'},
        {id: 'k3', email: 'gone@acme.test', is_deleted: true},
      ],
    }
    expect(summaryLine(summary, [answer], client)).to.equal('e-mailed invoice I1 (id I1), 10.00 to ada@acme.test')
    expect(summaryLine(summary, [answer], {contacts: [{id: 'k1', email: ''}]})).to.equal(
      'e-mailed invoice I1 (id I1), 10.00 (no contact with an e-mail address: nobody was e-mailed)',
    )
    const po = {data: {id: 'P1', vendor_id: 'V1', invitations: [{vendor_contact_id: 'v1'}]}}
    expect(followRequest(said({did: 'e-mailed', follow: 'contacts'}, 'purchase-orders'), [po])).to.include({
      path: '/api/v1/vendors/V1',
    })
  })

  it('mark_paid: the newest payment of the invoice; convert: the new invoice; several records: no read', () => {
    const paid = said({did: 'marked paid', follow: 'payment'})
    const answer = {data: invoice('I1')}
    expect(followRequest(paid, [answer])).to.deep.include({
      path: '/api/v1/invoices/I1',
      query: [['include', 'payments']],
    })
    const payments = [
      {id: 'Pnew', number: '0009', amount: 5, created_at: 200},
      {id: 'Pold', number: '0001', amount: 7, created_at: 100},
    ]
    expect(summaryLine(paid, [answer], {payments})).to.equal(
      'marked paid invoice I1 (id I1), 10.00; payment 0009 (id Pnew) of 5.00',
    )
    const converted = said({did: 'converted', follow: 'invoice'}, 'quotes')
    const quote = {data: {id: 'Q1', number: '0001', amount: 90, invoice_id: 'Inew'}}
    expect(followRequest(converted, [quote])).to.include({path: '/api/v1/invoices/Inew'})
    expect(summaryLine(converted, [quote], {id: 'Inew', number: '0004'})).to.equal(
      'converted quote 0001 (id Q1), 90.00; new invoice 0004 (id Inew)',
    )
    expect(followRequest(paid, [{data: [invoice('I1'), invoice('I2')]}])).to.equal(undefined)
    expect(followRequest(converted, [{data: {id: 'Q1', invoice_id: ''}}])).to.equal(undefined)
  })
})

describe('what the summary reads', () => {
  it('the payment only where the family offers include=payments (invoices do, credits do not)', () => {
    expect(summaryFor(family('invoices'), {did: 'marked paid', follow: 'payment'}).follow).to.equal('payment')
    expect(summaryFor(family('credits'), {did: 'marked paid', follow: 'payment'}).follow).to.equal(undefined)
    expect(summaryFor(family('credits'), {did: 'e-mailed', follow: 'contacts'}).follow).to.equal('contacts')
  })
})
