/** The query of a list request (page, per_page, sort, filters, include), and include on show, create and update. */
import {expect} from 'chai'

import {family} from '../src/registry/registry.js'
import {createRequest, listRequest, showRequest, updateRequest} from '../src/plan/routes.js'
import {ID} from './routes-helpers.js'
import {usage} from './helpers.js'

describe('routes: the request each family and verb builds', () => {
  describe('list query', () => {
    const clients = family('clients')

    it('page, per_page, sort, raw filters and include', () => {
      const spec = listRequest(clients, {
        page: 2,
        perPage: 50,
        sort: 'number|desc',
        filters: ['balance=gt:1000', 'status=active,archived', 'client_id=VolejRejNm'],
        include: 'activities,documents',
      })
      expect(spec.method).to.equal('GET')
      expect(spec.path).to.equal('/api/v1/clients')
      expect(spec.query).to.have.deep.members([
        ['page', '2'],
        ['per_page', '50'],
        ['sort', 'number|desc'],
        ['balance', 'gt:1000'],
        ['status', 'active,archived'],
        ['client_id', 'VolejRejNm'],
        ['include', 'activities,documents'],
      ])
      expect(spec.query).to.have.length(7)
    })

    it('sends no parameters that were not given', () => {
      expect(listRequest(clients, {}).query).to.deep.equal([])
      expect(listRequest(clients, {filters: []}).query).to.deep.equal([])
    })

    it('passes filter values through untouched', () => {
      expect(listRequest(clients, {filters: ['balance=gt:1000']}).query).to.deep.equal([['balance', 'gt:1000']])
      expect(listRequest(clients, {filters: ['between_balance=10:20']}).query).to.deep.equal([
        ['between_balance', '10:20'],
      ])
      expect(listRequest(clients, {filters: ['filter=a=b c']}).query).to.deep.equal([['filter', 'a=b c']])
      expect(listRequest(clients, {filters: ['number=']}).query).to.deep.equal([['number', '']])
    })

    it('accepts field|asc and field|desc', () => {
      expect(listRequest(clients, {sort: 'id|asc'}).query).to.deep.equal([['sort', 'id|asc']])
      expect(listRequest(clients, {sort: 'updated_at|desc'}).query).to.deep.equal([['sort', 'updated_at|desc']])
    })

    it("rejects 'field', 'field|up', '|asc'", () => {
      usage(() => listRequest(clients, {sort: 'field'}), '--sort "field"')
      usage(() => listRequest(clients, {sort: 'field|up'}), '--sort "field|up"')
      usage(() => listRequest(clients, {sort: '|asc'}), '--sort "|asc"')
      usage(() => listRequest(clients, {sort: 'field|asc|desc'}), '--sort')
    })

    it('rejects a filter without =, naming it', () => {
      usage(() => listRequest(clients, {filters: ['status']}), '--filter "status"', 'key=value')
      usage(() => listRequest(clients, {filters: ['=active']}), '--filter "=active"', 'key=value')
    })

    it('include on show, create and update', () => {
      expect(showRequest(clients, ID, 'client').query).to.deep.equal([['include', 'client']])
      const invoices = family('invoices')
      const created = createRequest(invoices, {client_id: '1'}, 'client')
      expect(created.query).to.deep.equal([['include', 'client']])
      expect(created.body).to.deep.equal({client_id: '1'})
      const updated = updateRequest(invoices, ID, {public_notes: 'x'}, 'client')
      expect(updated.method).to.equal('PUT')
      expect(updated.query).to.deep.equal([['include', 'client']])
    })
  })
})
