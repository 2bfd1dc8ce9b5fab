import {expect} from 'chai'

import {FAMILIES, family, type Family, type Verb, VERBS} from '../src/registry.js'
import {fullUrl, normalizeBaseUrl, queryString, type RequestSpec} from '../src/request.js'
import {
  actionRequest,
  bulkRequest,
  createRequest,
  deleteRequest,
  downloadRequest,
  editTemplateRequest,
  listRequest,
  showRequest,
  templateRequest,
  updateRequest,
  uploadRequest,
} from '../src/resource/routes.js'
import {expectEach, usage} from './helpers.js'

/*
 * Transcribed by hand from FACTS.md, "What each family publishes" (Y = route published).
 * Columns: list show create template edit-template update delete bulk action-GET upload download.
 * `action` exists where the family has bulk or publishes single-record GET actions.
 */
const PUBLISHED: Record<string, string> = {
  activities: 'Y . . . . . . . . . .',
  'bank-integrations': 'Y Y Y Y Y Y Y Y . . .',
  'bank-transactions': 'Y Y Y Y Y Y Y Y . . .',
  'bank-transaction-rules': 'Y Y Y Y Y Y Y Y . . .',
  'client-gateway-tokens': 'Y Y Y Y Y Y Y . . . .',
  clients: 'Y Y Y Y Y Y Y Y . Y .',
  companies: 'Y Y Y Y Y Y Y . . Y .',
  'company-gateways': 'Y Y Y Y Y Y Y Y . . .',
  'company-ledger': 'Y . . . . . . . . . .',
  credits: 'Y Y Y Y Y Y Y Y . Y Y',
  designs: 'Y Y Y Y Y Y Y Y . . .',
  documents: 'Y . . . . . . . . . .',
  'expense-categories': 'Y Y Y Y Y Y Y Y . . .',
  expenses: 'Y Y Y Y Y Y Y Y . Y .',
  'group-settings': 'Y Y Y Y Y Y Y Y . Y .',
  invoices: 'Y Y Y Y Y Y Y Y Y Y Y',
  'payment-terms': 'Y Y Y Y Y Y Y Y . . .',
  payments: 'Y Y Y Y Y Y Y Y Y Y .',
  products: 'Y Y Y Y Y Y Y Y . Y .',
  projects: 'Y Y Y Y Y Y Y Y . Y .',
  'purchase-orders': 'Y Y Y Y Y Y Y Y Y Y Y',
  quotes: 'Y Y Y Y Y Y Y Y Y Y Y',
  'recurring-expenses': 'Y Y Y Y Y Y Y Y . Y .',
  'recurring-invoices': 'Y Y Y Y Y Y Y Y Y Y Y',
  'recurring-quotes': 'Y Y Y Y Y Y Y Y Y . .',
  subscriptions: 'Y Y Y Y Y Y Y Y . . .',
  'system-logs': 'Y Y . . . . . . . . .',
  'task-schedulers': 'Y Y Y Y . Y Y Y . . .',
  'task-statuses': 'Y Y Y Y Y Y Y Y . . .',
  tasks: 'Y Y Y Y Y Y Y Y . Y .',
  'tax-rates': 'Y Y . Y Y Y Y Y . . .',
  tokens: 'Y Y Y Y Y Y Y Y . . .',
  users: 'Y Y Y Y Y Y Y Y . . .',
  vendors: 'Y Y Y Y Y Y Y Y . Y .',
  webhooks: 'Y Y Y Y Y Y Y Y . . .',
}
const COLUMNS = ['list', 'show', 'create', 'template', 'edit-template', 'update', 'delete', 'bulk', 'action-get', 'upload', 'download']

/** FACTS.md, "The server as it really is": published routes the server lacks, and routes it has beyond the document. */
const SERVER_LACKS: Record<string, string[]> = {'recurring-invoices': ['download'], users: ['delete', 'edit-template']}
const SERVER_ADDS: Record<string, string[]> = {'tax-rates': ['create'], documents: ['show', 'update', 'delete', 'bulk', 'download']}

/** The commands a family has: the server's routes. */
function expectedVerbs(word: string): Set<string> {
  const marks = PUBLISHED[word].split(' ')
  const has = (col: string): boolean => (marks[COLUMNS.indexOf(col)] === 'Y' && !SERVER_LACKS[word]?.includes(col)) || Boolean(SERVER_ADDS[word]?.includes(col))
  const verbs = new Set<string>()
  for (const col of COLUMNS) if (col !== 'action-get' && has(col)) verbs.add(col)
  if (has('bulk') || has('action-get')) verbs.add('action')
  return verbs
}

/** The five families whose single-record action is GET /{seg}/{id}/{action} (client spec, write rule 3). */
const GET_ACTION_FAMILIES = new Set(['quotes', 'payments', 'purchase-orders', 'recurring-invoices', 'recurring-quotes'])
const DOWNLOAD_SEGMENTS: Record<string, string> = {
  quotes: 'quote',
  'purchase-orders': 'purchase_order',
  invoices: 'invoice',
  credits: 'credit',
}
const CHANGING_VERBS = new Set(['create', 'update', 'delete', 'bulk', 'action', 'upload'])
const DOCUMENT_LIKE = ['invoices', 'quotes', 'credits', 'purchase-orders', 'recurring-invoices', 'recurring-quotes']
const PASSWORD_FAMILIES = new Set(['users'])

const ID = 'VolejRejNm'
const FILE = {path: '/tmp/invoicing-cli-test/receipt.pdf', filename: 'receipt.pdf', size: 1234}

/** Calls the builder of `verb` with valid inputs. */
function build(f: Family, verb: Verb): RequestSpec {
  switch (verb) {
    case 'list':
      return listRequest(f, {})
    case 'show':
      return showRequest(f, ID)
    case 'template':
      return templateRequest(f)
    case 'edit-template':
      return editTemplateRequest(f, ID)
    case 'create':
      return createRequest(f, {name: 'Acme'})
    case 'update':
      return updateRequest(f, ID, {name: 'Acme 2'})
    case 'delete':
      return deleteRequest(f, ID)
    case 'bulk':
      return bulkRequest(f, 'archive', ['X1', 'Y2'])
    case 'action':
      return actionRequest(f, ID, 'archive').request
    case 'upload':
      return uploadRequest(f, ID, [FILE])
    case 'download':
      return downloadRequest(f, 'inv_key_123')
  }
}

interface Expected {
  method: string
  path: string
  body?: unknown
  multipart?: unknown
}

function expected(word: string, verb: Verb): Expected {
  const seg = word.replaceAll('-', '_')
  const base = `/api/v1/${seg}`
  switch (verb) {
    case 'list':
      return {method: 'GET', path: base}
    case 'show':
      return {method: 'GET', path: `${base}/${ID}`}
    case 'template':
      return {method: 'GET', path: `${base}/create`}
    case 'edit-template':
      return {method: 'GET', path: `${base}/${ID}/edit`}
    case 'create':
      return {method: 'POST', path: base, body: {name: 'Acme'}}
    case 'update':
      return {method: 'PUT', path: `${base}/${ID}`, body: {name: 'Acme 2'}}
    case 'delete':
      return {method: 'DELETE', path: `${base}/${ID}`}
    case 'bulk':
      return {method: 'POST', path: `${base}/bulk`, body: {action: 'archive', ids: ['X1', 'Y2']}}
    case 'action':
      return GET_ACTION_FAMILIES.has(word)
        ? {method: 'GET', path: `${base}/${ID}/archive`}
        : {method: 'POST', path: `${base}/bulk`, body: {action: 'archive', ids: [ID]}}
    case 'upload':
      return {
        method: 'POST',
        path: `${base}/${ID}/upload`,
        multipart: [
          {name: '_method', value: 'PUT'},
          {name: 'documents[]', ...FILE},
        ],
      }
    case 'download':
      return {method: 'GET', path: word === 'documents' ? `${base}/inv_key_123/download` : `/api/v1/${DOWNLOAD_SEGMENTS[word]}/inv_key_123/download`}
  }
}

const verbToken = (verb: string): RegExp => new RegExp(`(^|[\\s,:;(\\[])${verb.replace('-', '\\-')}(?=[\\s,.;)\\]]|$)`)

describe('routes: the request each family and verb builds', () => {
  describe('the registry matches the FACTS.md table', () => {
    it('has exactly the families of the table', () => {
      expect(FAMILIES.map((f) => f.word).sort()).to.deep.equal(Object.keys(PUBLISHED).sort())
    })

    it('VERBS is the common verb set', () => {
      expect([...VERBS]).to.have.members(['list', 'show', 'template', 'edit-template', 'create', 'update', 'delete', 'bulk', 'action', 'upload', 'download'])
    })

    for (const word of Object.keys(PUBLISHED)) {
      it(`${word}: verbs, segment, document-like`, () => {
        const f = family(word)
        expect([...f.verbs].sort()).to.deep.equal([...expectedVerbs(word)].sort())
        expect(f.segment).to.equal(word.replaceAll('-', '_'))
        expect(f.documentLike).to.equal(DOCUMENT_LIKE.includes(word))
      })
    }

    it('the document-like families are exactly the six', () => {
      expect(FAMILIES.filter((f) => f.documentLike).map((f) => f.word)).to.have.members(DOCUMENT_LIKE)
      expect(FAMILIES.filter((f) => f.documentLike)).to.have.length(6)
    })

    it('download exists exactly where a singular segment is known, and for documents by id', () => {
      expect(FAMILIES.filter((f) => f.verbs.has('download')).map((f) => f.word)).to.have.members([...Object.keys(DOWNLOAD_SEGMENTS), 'documents'])
    })
  })

  for (const f of FAMILIES) {
    describe(f.word, () => {
      for (const verb of VERBS) {
        if (PUBLISHED[f.word] !== undefined && expectedVerbs(f.word).has(verb)) {
          const e = expected(f.word, verb)
          it(`${verb} → ${e.method} ${e.path}`, () => {
            const spec = build(f, verb)
            expect(spec.method).to.equal(e.method)
            expect(spec.path).to.equal(e.path)
            expect(spec.query).to.deep.equal([])
            expect(spec.body).to.deep.equal(e.body)
            expect(spec.multipart).to.deep.equal(e.multipart)
            expect(Boolean(spec.password)).to.equal(PASSWORD_FAMILIES.has(f.word))
            // Whether it may be repeated follows from this, never from the method (a GET action sends mail).
            expect(spec.changes).to.equal(CHANGING_VERBS.has(verb))
          })
        } else if (SERVER_LACKS[f.word]?.includes(verb)) {
          it(`${verb} is refused locally (exit 2): the document lists it, the server lacks it, and the message gives the command that works`, () => {
            const error = usage(() => build(f, verb), `${f.word} ${verb} is not available: the server has no such route`, 'Instead: ')
            expect(error.message).to.match(/Instead: (cli \S+ \S+|download an invoice)/)
          })
        } else {
          it(`${verb} is refused locally (exit 2), naming the family, the verb and what is supported`, () => {
            const error = usage(() => build(f, verb), f.word, verb)
            const supported = [...expectedVerbs(f.word)]
            for (const v of supported) expect(error.message, `names supported verb ${v}`).to.match(verbToken(v))
            for (const v of VERBS) {
              if (v !== verb && !supported.includes(v)) expect(error.message, `does not name unsupported ${v}`).not.to.match(verbToken(v))
            }
          })
        }
      }
    })
  }

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
      expect(listRequest(clients, {filters: ['between_balance=10:20']}).query).to.deep.equal([['between_balance', '10:20']])
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
      expect(downloadRequest(quotes, 'quokey0001acme').path).to.equal('/api/v1/quote/quokey0001acme/download')
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
      expect(actionRequest(quotes, ID, 'convert_to_invoice').request.path).to.equal(`/api/v1/quotes/${ID}/convert_to_invoice`)
    })

    it('bulk keeps the ids and order as given', () => {
      expect(bulkRequest(invoices, 'mark_sent', ['b', 'a', 'c']).body).to.deep.equal({action: 'mark_sent', ids: ['b', 'a', 'c']})
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

  describe('password-protected families', () => {
    it('every users request carries password: true', () => {
      const users = family('users')
      for (const verb of VERBS) if (users.verbs.has(verb)) expect(build(users, verb).password, verb).to.equal(true)
    })

    it('other families do not', () => {
      for (const f of FAMILIES) {
        if (f.word === 'users') continue
        for (const verb of VERBS) if (f.verbs.has(verb)) expect(Boolean(build(f, verb).password), `${f.word} ${verb}`).to.equal(false)
      }
    })
  })

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
      expectEach((base: string) => fullUrl(base, spec), [
        ['https://invoicing.co', 'https://invoicing.co/api/v1/clients'],
        ['https://invoicing.co/', 'https://invoicing.co/api/v1/clients'],
        ['https://invoicing.co/api/v1', 'https://invoicing.co/api/v1/clients'],
        ['https://invoicing.co/api/v1/', 'https://invoicing.co/api/v1/clients'],
        ['https://h/ninja', 'https://h/ninja/api/v1/clients'],
        ['https://h/ninja/api/v1/', 'https://h/ninja/api/v1/clients'],
      ])
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
      expect(fullUrl('https://invoicing.co', {path: '/api/v1/ping', query: []})).to.equal('https://invoicing.co/api/v1/ping')
    })

    it('queryString keeps : , | readable', () => {
      expectEach(queryString, [
        [[['sort', 'id|asc']], 'sort=id|asc'],
        [[['balance', 'gt:1000']], 'balance=gt:1000'],
        [[['status', 'active,archived']], 'status=active,archived'],
        [[['page', '2'], ['per_page', '50']], 'page=2&per_page=50'],
      ])
    })

    it('queryString escapes spaces, & and = in values and keys', () => {
      const qs = queryString([['filter', 'a b&c=d'], ['x&y', '1']])
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
