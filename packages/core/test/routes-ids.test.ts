/** Ids, download keys and action names: what goes into a path or body unchanged, and what is refused. */
import {expect} from 'chai'

import {family} from '../src/registry/registry.js'
import {
  actionRequest,
  bulkRequest,
  deleteRequest,
  downloadRequest,
  editTemplateRequest,
  showRequest,
  updateRequest,
  uploadRequest,
} from '../src/plan/routes.js'
import {FILE, ID} from './routes-helpers.js'
import {usage} from './helpers.js'

describe('routes: the request each family and verb builds', () => {
  describe('ids, keys and action names', () => {
    const clients = family('clients')
    const quotes = family('quotes')
    const invoices = family('invoices')

    it('puts valid ids into the path unchanged', () => {
      expect(showRequest(clients, 'VolejRejNm').path).to.equal('/api/v1/clients/VolejRejNm')
      expect(updateRequest(clients, 'a-b_c', {}).path).to.equal('/api/v1/clients/a-b_c')
      expect(deleteRequest(clients, 'Wpmbk5ezJn').path).to.equal('/api/v1/clients/Wpmbk5ezJn')
      expect(editTemplateRequest(clients, 'Wpmbk5ezJn').path).to.equal('/api/v1/clients/Wpmbk5ezJn/edit')
      expect(uploadRequest(clients, 'Wpmbk5ezJn', [FILE]).path).to.equal('/api/v1/clients/Wpmbk5ezJn/upload')
      expect(actionRequest(quotes, 'Wpmbk5ezJn', 'approve').request.path).to.equal('/api/v1/quotes/Wpmbk5ezJn/approve')
      expect(downloadRequest(quotes, 'quokey0001acmeQ7fK2mW9xR4tB8nL3p').path).to.equal(
        '/api/v1/quote/quokey0001acmeQ7fK2mW9xR4tB8nL3p/download',
      )
    })

    it('keeps the id as given in a bulk-route action body', () => {
      const spec = actionRequest(invoices, 'Wpmbk5ezJn', 'mark_paid').request
      expect(spec.path).to.equal('/api/v1/invoices/bulk')
      expect(spec.body).to.deep.equal({action: 'mark_paid', ids: ['Wpmbk5ezJn']})
    })

    it('refuses ids longer than 128 characters, without echoing them', () => {
      const error = usage(() => showRequest(clients, 'x'.repeat(129)), 'id is too long (129 characters')
      expect(error.message.length).to.be.lessThan(120)
      expect(showRequest(clients, 'x'.repeat(128)).path).to.equal(`/api/v1/clients/${'x'.repeat(128)}`)
    })

    for (const [label, bad] of [
      ['empty', ''],
      ['.', '.'],
      ['..', '..'],
      ['a newline', 'a\nb'],
      ['a NUL', 'a\u0000b'],
      ['a tab', '\t'],
      ['DEL', 'a\u007F'],
      ['a slash', 'a/b'],
      ['a query', 'a?b'],
      ['a fragment', 'a#b'],
      ['a space', 'a b'],
      ['a path climb', '../x'],
      ['percent-encoded', '%2e%2e'],
      ['non-ASCII', 'Vole\u00e9'],
    ] as const) {
      it(`rejects an id that is ${label}`, () => {
        usage(() => showRequest(clients, bad))
        usage(() => updateRequest(clients, bad, {}))
        usage(() => deleteRequest(clients, bad))
        usage(() => editTemplateRequest(clients, bad))
        usage(() => actionRequest(quotes, bad, 'approve'))
        usage(() => uploadRequest(clients, bad, [FILE]))
        usage(() => downloadRequest(quotes, bad))
      })
    }

    it('validates action names on action and bulk', () => {
      for (const bad of ['../x', 'Archive', 'mark-paid', 'a/b', '', 'archive?x=1', '1archive']) {
        usage(() => actionRequest(quotes, ID, bad), 'not an action name')
        usage(() => actionRequest(invoices, ID, bad), 'not an action name')
        usage(() => bulkRequest(invoices, bad, [ID]), 'not an action name')
      }
      expect(actionRequest(quotes, ID, 'convert_to_invoice').request.path).to.equal(
        `/api/v1/quotes/${ID}/convert_to_invoice`,
      )
    })

    it('bulk keeps the ids and order as given', () => {
      expect(bulkRequest(invoices, 'mark_sent', ['b', 'a', 'c']).body).to.deep.equal({
        action: 'mark_sent',
        ids: ['b', 'a', 'c'],
      })
    })

    it('bulk without ids is a usage error', () => {
      usage(() => bulkRequest(invoices, 'archive', []), '--id')
    })

    it('upload sends each file as documents[] after _method=PUT', () => {
      const second = {path: '/tmp/b.png', filename: 'b.png', size: 9}
      const spec = uploadRequest(family('invoices'), ID, [FILE, second])
      expect(spec.method).to.equal('POST')
      expect(spec.multipart).to.deep.equal([
        {name: '_method', value: 'PUT'},
        {name: 'documents[]', ...FILE},
        {name: 'documents[]', ...second},
      ])
      expect(spec.body).to.equal(undefined)
    })
  })
})
