/** request.ts: the base URL, the query string and the full URL a request is sent to. */
import {expect} from 'chai'

import {family} from '../src/registry/registry.js'
import {fullUrl, normalizeBaseUrl, queryString} from '../src/plan/request.js'
import {listRequest} from '../src/plan/routes.js'
import {expectEach, usage} from './helpers.js'

describe('routes: the request each family and verb builds', () => {
  describe('request.ts: base URL, query string, full URL', () => {
    it('normalizeBaseUrl drops a trailing slash and a trailing /api/v1', () => {
      expectEach(normalizeBaseUrl, [
        ['https://invoicing.co', 'https://invoicing.co'],
        ['https://invoicing.co/', 'https://invoicing.co'],
        ['https://invoicing.co/api/v1', 'https://invoicing.co'],
        ['https://invoicing.co/api/v1/', 'https://invoicing.co'],
        ['http://localhost:8000/', 'http://localhost:8000'],
      ])
    })

    it('normalizeBaseUrl keeps a path prefix', () => {
      expectEach(normalizeBaseUrl, [
        ['https://h/ninja', 'https://h/ninja'],
        ['https://h/ninja/', 'https://h/ninja'],
        ['https://h/ninja/api/v1', 'https://h/ninja'],
        ['https://h/ninja/api/v1/', 'https://h/ninja'],
      ])
    })

    it('normalizeBaseUrl rejects bad base URLs (exit 2)', () => {
      usage(() => normalizeBaseUrl('invoicing.co'), 'invoicing.co')
      usage(() => normalizeBaseUrl(''))
      usage(() => normalizeBaseUrl('not a url'))
      usage(() => normalizeBaseUrl('ftp://invoicing.co'), 'http')
      usage(() => normalizeBaseUrl('file:///etc/passwd'), 'http')
      usage(() => normalizeBaseUrl('https://invoicing.co/?x=1'))
      usage(() => normalizeBaseUrl('https://invoicing.co/#frag'))
      usage(() => normalizeBaseUrl('https://user:pw@invoicing.co'))
    })

    it('fullUrl does not double /api/v1', () => {
      const spec = {path: '/api/v1/clients', query: [] as Array<[string, string]>}
      expectEach(
        (base: string) => fullUrl(base, spec),
        [
          ['https://invoicing.co', 'https://invoicing.co/api/v1/clients'],
          ['https://invoicing.co/', 'https://invoicing.co/api/v1/clients'],
          ['https://invoicing.co/api/v1', 'https://invoicing.co/api/v1/clients'],
          ['https://invoicing.co/api/v1/', 'https://invoicing.co/api/v1/clients'],
          ['https://h/ninja', 'https://h/ninja/api/v1/clients'],
          ['https://h/ninja/api/v1/', 'https://h/ninja/api/v1/clients'],
        ],
      )
    })

    it('fullUrl keeps sort=id|asc and balance=gt:1000 readable', () => {
      const spec = listRequest(family('clients'), {page: 1, sort: 'id|asc', filters: ['balance=gt:1000']})
      const url = fullUrl('https://invoicing.co', spec)
      expect(url.startsWith('https://invoicing.co/api/v1/clients?')).to.equal(true)
      expect(url).to.include('sort=id|asc')
      expect(url).to.include('balance=gt:1000')
      expect(url).to.include('page=1')
    })

    it('fullUrl has no ? without a query', () => {
      expect(fullUrl('https://invoicing.co', {path: '/api/v1/ping', query: []})).to.equal(
        'https://invoicing.co/api/v1/ping',
      )
    })

    it('queryString keeps : , | readable', () => {
      expectEach(queryString, [
        [[['sort', 'id|asc']], 'sort=id|asc'],
        [[['balance', 'gt:1000']], 'balance=gt:1000'],
        [[['status', 'active,archived']], 'status=active,archived'],
        [
          [
            ['page', '2'],
            ['per_page', '50'],
          ],
          'page=2&per_page=50',
        ],
      ])
    })

    it('queryString escapes spaces, & and = in values and keys', () => {
      const qs = queryString([
        ['filter', 'a b&c=d'],
        ['x&y', '1'],
      ])
      expect(qs).not.to.include(' ')
      expect(qs.split('&')).to.have.length(2)
      expect(qs.split('&')[0].split('=')).to.have.length(2)
      const parsed = new URLSearchParams(qs)
      expect(parsed.get('filter')).to.equal('a b&c=d')
      expect(parsed.get('x&y')).to.equal('1')
      expect([...parsed.keys()]).to.deep.equal(['filter', 'x&y'])
    })

    it('queryString escapes # + and ? in values', () => {
      const qs = queryString([['filter', 'a#b+c?d']])
      expect(qs).not.to.match(/[#?]/)
      expect(qs).not.to.include('+')
      expect(new URLSearchParams(qs).get('filter')).to.equal('a#b+c?d')
    })

    it('queryString of nothing is empty', () => {
      expect(queryString([])).to.equal('')
    })
  })
})
