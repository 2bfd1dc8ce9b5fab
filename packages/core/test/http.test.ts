import {expect} from 'chai'
import nock from 'nock'
import {mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {CliError} from '../src/errors.js'
import {REDACTED, requestHeaders} from '../src/headers.js'
import {type Connection, HttpClient} from '../src/http.js'
import {family} from '../src/registry.js'
import type {RequestSpec} from '../src/request.js'
import {actionRequest, createRequest, downloadRequest, listRequest, showRequest, uploadRequest} from '../src/resource/routes.js'
import {upstreamError} from '../src/upstream-error.js'
import {rejected} from './helpers.js'

const HOST = 'http://upstream.test'
const TOKEN = 'tok-SECRET-9f8e7d6c5b4a'
const PASSWORD = 'pw-SECRET-1234'
const UA = 'invoicing-cli/0.1.0 (test)'

interface Seen {
  method: string
  path: string
  headers: Record<string, unknown>
  body: string
}

/** Records what reached the fake upstream through a scope. */
function record(scope: nock.Scope): Seen[] {
  const seen: Seen[] = []
  scope.on('request', (req: {method: string; path: string; headers: Record<string, unknown>}, _interceptor: unknown, body: string) => {
    seen.push({method: req.method, path: req.path, headers: {...req.headers}, body})
  })
  return seen
}

/** A network error as Node raises it: an Error with a code. */
const netError = (code: string, message: string): Error => Object.assign(new Error(message), {code})

const get = (path: string, extra: Partial<RequestSpec> = {}): RequestSpec => ({method: 'GET', path, query: [], changes: false, ...extra})

describe('http: HttpClient against a fake upstream', () => {
  const clients: HttpClient[] = []
  let dir: string

  const client = (conn: Partial<Connection> = {}): HttpClient => {
    const c = new HttpClient({baseUrl: HOST, token: TOKEN, userAgent: UA, timeoutMs: 5000, retries: 0, ...conn})
    clients.push(c)
    return c
  }

  before(async () => {
    nock.disableNetConnect()
    nock.enableNetConnect('127.0.0.1')
    dir = await mkdtemp(join(tmpdir(), 'invoicing-cli-http-'))
  })

  afterEach(() => {
    for (const c of clients.splice(0)) c.close()
    nock.abortPendingRequests()
    nock.cleanAll()
  })

  after(async () => {
    nock.enableNetConnect()
    await rm(dir, {recursive: true, force: true})
  })

  describe('headers', () => {
    it('a GET sends the token, X-Requested-With, Accept and the User-Agent, and no Content-Type', async () => {
      const scope = nock(HOST).get('/api/v1/clients').reply(200, {data: []})
      const seen = record(scope)
      const res = await client().send(listRequest(family('clients'), {}))
      expect(res.status).to.equal(200)
      expect(JSON.parse(res.body.toString('utf8'))).to.deep.equal({data: []})
      expect(scope.isDone()).to.equal(true)
      expect(seen).to.have.length(1)
      const h = seen[0].headers
      expect(h['x-api-token']).to.equal(TOKEN)
      expect(h['x-requested-with']).to.equal('XMLHttpRequest')
      expect(h.accept).to.equal('application/json')
      expect(h['user-agent']).to.equal(UA)
      expect(h).not.to.have.property('content-type')
      expect(h).not.to.have.property('x-api-password')
      expect(seen[0].body).to.equal('')
    })

    it('a JSON body is sent with Content-Type: application/json and exactly these bytes', async () => {
      const scope = nock(HOST).post('/api/v1/invoices').reply(200, {data: {id: 'abc'}})
      const seen = record(scope)
      const body = {client_id: '123', number: '0042', amount: 12.5, is_amount_discount: false, po_number: null, line_items: [{product_key: 'A', quantity: 2, cost: 10, notes: 'Café, ünïcode'}]}
      await client().send(createRequest(family('invoices'), body))
      expect(scope.isDone()).to.equal(true)
      expect(seen[0].method).to.equal('POST')
      expect(seen[0].headers['content-type']).to.equal('application/json')
      expect(seen[0].headers['x-api-token']).to.equal(TOKEN)
      expect(seen[0].headers['x-requested-with']).to.equal('XMLHttpRequest')
      expect(seen[0].headers.accept).to.equal('application/json')
      expect(seen[0].body).to.equal(
        '{"client_id":"123","number":"0042","amount":12.5,"is_amount_discount":false,"po_number":null,"line_items":[{"product_key":"A","quantity":2,"cost":10,"notes":"Café, ünïcode"}]}',
      )
    })

    it('X-API-PASSWORD is sent when the spec asks for it and a password is set', async () => {
      const scope = nock(HOST).get('/api/v1/users').reply(200, {data: []})
      const seen = record(scope)
      const spec = listRequest(family('users'), {})
      expect(spec.password).to.equal(true)
      await client({password: PASSWORD}).send(spec)
      expect(seen[0].headers['x-api-password']).to.equal(PASSWORD)
      expect(seen[0].headers['x-api-token']).to.equal(TOKEN)
    })

    it('X-API-PASSWORD is not sent when the spec asks for it but no password is set', async () => {
      const scope = nock(HOST).get('/api/v1/users').reply(200, {data: []})
      const seen = record(scope)
      await client().send(listRequest(family('users'), {}))
      expect(seen[0].headers).not.to.have.property('x-api-password')
    })

    it('X-API-PASSWORD is not sent on routes that are not password-protected', async () => {
      const scope = nock(HOST).get('/api/v1/clients').reply(200, {data: []})
      const seen = record(scope)
      await client({password: PASSWORD}).send(listRequest(family('clients'), {}))
      expect(seen[0].headers).not.to.have.property('x-api-password')
    })

    it('a download request also sends Accept: application/json (FACTS.md: every request)', async () => {
      const scope = nock(HOST).get('/api/v1/quote/key123/download').reply(200, Buffer.from('%PDF-1.4'), {'Content-Type': 'application/pdf'})
      const seen = record(scope)
      const res = await client().send(downloadRequest(family('quotes'), 'key123'))
      expect(res.body.toString('latin1')).to.equal('%PDF-1.4')
      expect(seen[0].headers['x-requested-with']).to.equal('XMLHttpRequest')
      expect(seen[0].headers.accept).to.equal('application/json')
    })
  })

  describe('URLs', () => {
    it('a base URL ending in /api/v1/ is not doubled, and sort/filters stay readable', async () => {
      const scope = nock(HOST).get('/api/v1/clients').query(true).reply(200, {data: []})
      const seen = record(scope)
      const spec = listRequest(family('clients'), {page: 1, perPage: 20, sort: 'id|asc', filters: ['balance=gt:1000']})
      await client({baseUrl: `${HOST}/api/v1/`}).send(spec)
      expect(seen[0].path.split('?')[0]).to.equal('/api/v1/clients')
      const qs = seen[0].path.split('?')[1]
      expect(qs.split('&')).to.have.members(['page=1', 'per_page=20', 'sort=id|asc', 'balance=gt:1000'])
    })

    it('a path prefix in the base URL is kept', async () => {
      const scope = nock(HOST).get('/ninja/api/v1/clients/VolejRejNm').reply(200, {data: {}})
      const seen = record(scope)
      await client({baseUrl: `${HOST}/ninja/`}).send(showRequest(family('clients'), 'VolejRejNm'))
      expect(seen[0].path).to.equal('/ninja/api/v1/clients/VolejRejNm')
    })
  })

  describe('retries', () => {
    /** A client that retries without waiting, and the lines it says on stderr. */
    const retrying = (conn: Partial<Connection> = {}) => {
      const said: string[] = []
      return {said, c: client({retries: 3, waitScale: 0, notify: (l) => said.push(l), ...conn})}
    }

    it('a GET answered 503 twice is sent again until the 200, saying why each time', async () => {
      const scope = nock(HOST).get('/api/v1/clients').times(2).reply(503, {message: 'Server Error'}).get('/api/v1/clients').reply(200, {data: []})
      const {said, c} = retrying()
      const res = await c.send(get('/api/v1/clients'))
      expect(res.status).to.equal(200)
      expect(scope.isDone()).to.equal(true)
      expect(said).to.deep.equal([
        'retrying GET /api/v1/clients in 0s (retry 1 of 3): the upstream answered 503',
        'retrying GET /api/v1/clients in 0s (retry 2 of 3): the upstream answered 503',
      ])
    })

    it('PUT and DELETE are idempotent: retried on 502 and 504', async () => {
      const put = nock(HOST).put('/api/v1/clients/VolejRejNm').reply(502, {}).put('/api/v1/clients/VolejRejNm').reply(200, {data: {}})
      const del = nock(HOST).delete('/api/v1/clients/VolejRejNm').reply(504, {}).delete('/api/v1/clients/VolejRejNm').reply(200, {data: {}})
      const {said, c} = retrying()
      expect((await c.send({method: 'PUT', path: '/api/v1/clients/VolejRejNm', query: [], body: {name: 'x'}, changes: false})).status).to.equal(200)
      expect((await c.send({method: 'DELETE', path: '/api/v1/clients/VolejRejNm', query: [], changes: false})).status).to.equal(200)
      expect(put.isDone() && del.isDone()).to.equal(true)
      expect(said).to.have.length(2)
    })

    it('a 500 (or any status but 429, 502, 503, 504) is sent once', async () => {
      const first = nock(HOST).get('/api/v1/clients').reply(500, {message: 'Server Error'})
      const second = nock(HOST).get('/api/v1/clients').reply(200, {data: []})
      const {said, c} = retrying()
      expect((await c.send(get('/api/v1/clients'))).status).to.equal(500)
      expect(first.isDone()).to.equal(true)
      expect(second.isDone()).to.equal(false)
      expect(said).to.deep.equal([])
    })

    it('a 429 without Retry-After waits out the one-minute window, and says so', async () => {
      nock(HOST).get('/api/v1/clients').reply(429, {message: 'Too many requests'}).get('/api/v1/clients').reply(200, {data: []})
      const {said, c} = retrying()
      expect((await c.send(get('/api/v1/clients'))).status).to.equal(200)
      expect(said).to.deep.equal([
        "retrying GET /api/v1/clients in 0s (retry 1 of 3): rate limited (429) without Retry-After: waiting out the upstream's one-minute window",
      ])
    })

    it('a Retry-After is honoured; one longer than five minutes is not waited for', async () => {
      nock(HOST).get('/api/v1/clients').reply(503, {}, {'Retry-After': '2'}).get('/api/v1/clients').reply(200, {data: []})
      const {said, c} = retrying({waitScale: 0.01})
      expect((await c.send(get('/api/v1/clients'))).status).to.equal(200)
      expect(said).to.deep.equal(['retrying GET /api/v1/clients in 0.02s (retry 1 of 3): the upstream answered 503 and asked to wait 2s (Retry-After)'])
      nock(HOST).get('/api/v1/clients').reply(429, {}, {'Retry-After': '301'})
      expect((await c.send(get('/api/v1/clients'))).status).to.equal(429)
      expect(said).to.have.length(1)
    })

    it('gives up after --retries, returning the last answer', async () => {
      const scope = nock(HOST).get('/api/v1/clients').times(3).reply(503, {})
      const {said, c} = retrying({retries: 2})
      expect((await c.send(get('/api/v1/clients'))).status).to.equal(503)
      expect(scope.isDone()).to.equal(true)
      expect(said.at(-1)).to.equal('gave up after 2 retries')
    })

    it('retries 0: sent once', async () => {
      const first = nock(HOST).get('/api/v1/clients').reply(503, {})
      const second = nock(HOST).get('/api/v1/clients').reply(200, {data: []})
      const {said, c} = retrying({retries: 0})
      expect((await c.send(get('/api/v1/clients'))).status).to.equal(503)
      expect(first.isDone()).to.equal(true)
      expect(second.isDone()).to.equal(false)
      expect(said).to.deep.equal([])
    })

    for (const status of [502, 503, 504]) {
      it(`a change answered ${status} is never sent again, and says why`, async () => {
        const first = nock(HOST).post('/api/v1/invoices').reply(status, {})
        const second = nock(HOST).post('/api/v1/invoices').reply(200, {data: {}})
        const {said, c} = retrying()
        expect((await c.send(createRequest(family('invoices'), {client_id: 'x'}))).status).to.equal(status)
        expect(first.isDone()).to.equal(true)
        expect(second.isDone()).to.equal(false)
        expect(said).to.deep.equal([])
      })
    }

    it('a GET action changes records: a 504 is not retried, whatever the method', async () => {
      const first = nock(HOST).get('/api/v1/quotes/Q1/email').reply(504, {})
      const second = nock(HOST).get('/api/v1/quotes/Q1/email').reply(200, {data: {}})
      const {said, c} = retrying()
      expect((await c.send(actionRequest(family('quotes'), 'Q1', 'email').request)).status).to.equal(504)
      expect(first.isDone() && !second.isDone()).to.equal(true)
      expect(said).to.deep.equal([])
    })

    it('a change answered 429 is sent again: the rate limiter answered before anything was done', async () => {
      const scope = nock(HOST).post('/api/v1/invoices').reply(429, {}, {'Retry-After': '0'}).post('/api/v1/invoices').reply(200, {data: {}})
      const {said, c} = retrying()
      expect((await c.send(createRequest(family('invoices'), {client_id: 'x'}))).status).to.equal(200)
      expect(scope.isDone()).to.equal(true)
      expect(said).to.deep.equal(['retrying POST /api/v1/invoices in 0s (retry 1 of 3): the upstream answered 429 and asked to wait 0s (Retry-After)'])
    })

    it('a read-only POST (a search) is retried on 503 like any read', async () => {
      const scope = nock(HOST).post('/api/v1/search').reply(503, {}).post('/api/v1/search').reply(200, {clients: []})
      const {c} = retrying()
      expect((await c.send({method: 'POST', path: '/api/v1/search', query: [], body: {search: 'a'}, changes: false})).status).to.equal(200)
      expect(scope.isDone()).to.equal(true)
    })

    it('a change whose connection broke after sending is not retried, and the error says it may have taken effect and how to check', async () => {
      const first = nock(HOST).post('/api/v1/invoices').replyWithError(netError('ECONNRESET', 'socket hang up'))
      const second = nock(HOST).post('/api/v1/invoices').reply(200, {data: {}})
      const {said, c} = retrying()
      const error = await rejected(c.send(createRequest(family('invoices'), {client_id: 'x'})))
      expect(error.exitCode).to.equal(1)
      expect(error.message).to.equal(
        "the connection to http://upstream.test broke before the answer was complete (ECONNRESET); the change may have taken effect upstream: check with \"cli invoices list --sort 'id|desc' --per-page 5\" before sending it again",
      )
      expect(first.isDone()).to.equal(true)
      expect(second.isDone()).to.equal(false)
      expect(said).to.deep.equal([])
    })

    it('a POST that could not connect (nothing was sent) is retried', async () => {
      const scope = nock(HOST)
        .post('/api/v1/invoices').replyWithError(netError('ECONNREFUSED', 'connect ECONNREFUSED'))
        .post('/api/v1/invoices').reply(200, {data: {id: 'new'}})
      const {said, c} = retrying()
      expect((await c.send(createRequest(family('invoices'), {client_id: 'x'}))).status).to.equal(200)
      expect(scope.isDone()).to.equal(true)
      expect(said).to.deep.equal(['retrying POST /api/v1/invoices in 0s (retry 1 of 3): could not connect (ECONNREFUSED): nothing was sent'])
    })

    it('a GET whose connection broke is retried', async () => {
      const scope = nock(HOST).get('/api/v1/clients').replyWithError(netError('ECONNRESET', 'socket hang up')).get('/api/v1/clients').reply(200, {data: []})
      const {said, c} = retrying()
      expect((await c.send(get('/api/v1/clients'))).status).to.equal(200)
      expect(scope.isDone()).to.equal(true)
      expect(said).to.deep.equal(['retrying GET /api/v1/clients in 0s (retry 1 of 3): the connection broke (ECONNRESET)'])
    })

    it('a timeout is not retried: --timeout bounds the wait', async () => {
      const first = nock(HOST).get('/api/v1/clients').delay(2000).reply(200, {data: []})
      const second = nock(HOST).get('/api/v1/clients').reply(200, {data: []})
      const {said, c} = retrying({timeoutMs: 50})
      const error = await rejected(c.send(get('/api/v1/clients')))
      // nock holds back the connection itself; against a real server this is "no answer from ..." (e2e faults suite).
      expect(error.message).to.match(/^(no answer from|could not connect to) http:\/\/upstream\.test within 0\.05s/)
      expect(first.isDone()).to.equal(true)
      expect(second.isDone()).to.equal(false)
      expect(said).to.deep.equal([])
    })

    it('a download is retried before its first byte, never after', async () => {
      nock(HOST).get('/api/v1/quote/k1/download').reply(503, {}).get('/api/v1/quote/k1/download').reply(200, 'PDF', {'Content-Type': 'application/pdf'})
      const {said, c} = retrying()
      const got: Buffer[] = []
      await c.stream(downloadRequest(family('quotes'), 'k1'), async (chunks) => {
        for await (const chunk of chunks) got.push(chunk)
      })
      expect(Buffer.concat(got).toString()).to.equal('PDF')
      expect(said).to.have.length(1)
    })
  })

  describe('--verbose trace', () => {
    it('method, URL, headers with the secrets redacted, status and timing; never the token or password', async () => {
      nock(HOST).get('/api/v1/users').reply(200, {data: []}, {'Set-Cookie': `session=${TOKEN}`, 'X-RateLimit-Remaining': '499'})
      const lines: string[] = []
      await client({password: PASSWORD, trace: (l) => lines.push(l)}).send(listRequest(family('users'), {}))
      expect(lines.slice(0, 3)).to.deep.equal([`> GET ${HOST}/api/v1/users`, '> X-API-TOKEN: [REDACTED]', '> X-API-PASSWORD: [REDACTED]'])
      expect(lines).to.include(`> User-Agent: ${UA}`)
      expect(lines.find((l) => l.startsWith('< 200'))).to.match(/^< 200 OK \(\d+ ms\)$/)
      expect(lines).to.include('< set-cookie: [REDACTED]')
      expect(lines).to.include('< x-ratelimit-remaining: 499')
      expect(lines.join('\n')).not.to.include(TOKEN)
      expect(lines.join('\n')).not.to.include(PASSWORD)
    })

    it('a failed attempt is traced with its error code', async () => {
      nock(HOST).get('/api/v1/clients').replyWithError(netError('ECONNRESET', 'socket hang up'))
      const lines: string[] = []
      await rejected(client({trace: (l) => lines.push(l)}).send(get('/api/v1/clients')))
      expect(lines.at(-1)).to.match(/^< no answer: ECONNRESET \(\d+ ms\)$/)
    })
  })

  describe('upload', () => {
    it('sends a multipart POST with _method=PUT and the file bytes under documents[]', async () => {
      const path = join(dir, 'note.txt')
      const content = 'hello, upload\nline 2 ünïcode\n'
      await writeFile(path, content)
      const scope = nock(HOST).post('/api/v1/clients/abc/upload').reply(200, {data: {id: 'abc'}})
      const seen = record(scope)
      const spec = uploadRequest(family('clients'), 'abc', [{path, filename: 'note.txt', size: Buffer.byteLength(content)}])
      await client().send(spec)
      expect(scope.isDone()).to.equal(true)
      const {headers, body, method} = seen[0]
      expect(method).to.equal('POST')
      expect(String(headers['content-type'])).to.match(/^multipart\/form-data; ?boundary=/)
      expect(headers['x-api-token']).to.equal(TOKEN)
      expect(headers['x-requested-with']).to.equal('XMLHttpRequest')
      expect(headers.accept).to.equal('application/json')
      expect(body).to.match(/Content-Disposition: form-data; name="_method"\r\n\r\nPUT\r\n/)
      const at = body.indexOf('name="documents[]"; filename="note.txt"')
      expect(at, 'a documents[] part with the file name').to.be.greaterThan(-1)
      expect(body.indexOf(`\r\n\r\n${content}\r\n`, at), 'the file bytes inside the documents[] part').to.be.greaterThan(at)
      expect(body).not.to.match(/name="documents"[;\r]/)
    })
  })

  describe('network failures', () => {
    it('a failed connection is a CliError with exit 1 that never shows the token', async () => {
      nock(HOST).get('/api/v1/clients').replyWithError(netError('ECONNREFUSED', `connect ECONNREFUSED (token ${TOKEN})`))
      const error = await rejected(client().send(get('/api/v1/clients')))
      expect(error.exitCode).to.equal(1)
      expect(error.message).to.include('upstream.test')
      expect(error.message).to.include('ECONNREFUSED')
      expect(error.message).not.to.include(TOKEN)
      expect(error.details.join('\n')).not.to.include(TOKEN)
      expect(JSON.stringify(error.toDocument())).not.to.include(TOKEN)
    })

    it('an error without a code never shows the token either', async () => {
      nock(HOST).get('/api/v1/clients').replyWithError(`something failed for X-API-TOKEN ${TOKEN}`)
      const error = await rejected(client().send(get('/api/v1/clients')))
      expect(error.exitCode).to.equal(1)
      expect(error.message).not.to.include(TOKEN)
      expect(JSON.stringify(error.toDocument())).not.to.include(TOKEN)
    })

    it('an unreachable host is a CliError with exit 1', async () => {
      const error = await rejected(client({baseUrl: 'http://unreachable.test'}).send(get('/api/v1/ping')))
      expect(error).to.be.instanceOf(CliError)
      expect(error.exitCode).to.equal(1)
      expect(error.message).not.to.include(TOKEN)
    })

    it('an unknown host and a refused certificate are not retried: one line naming the base URL and what to check', async () => {
      for (const [code, text] of [
        ['ENOTFOUND', 'could not find the host of http://upstream.test (ENOTFOUND). Check the base URL (--base-url, CLI_BASE_URL or the profile) and your DNS'],
        ['DEPTH_ZERO_SELF_SIGNED_CERT', 'could not make a secure connection to http://upstream.test: its certificate was refused (DEPTH_ZERO_SELF_SIGNED_CERT). Check the base URL; a private CA goes in NODE_EXTRA_CA_CERTS'],
      ]) {
        const scope = nock(HOST).post('/api/v1/invoices').replyWithError(netError(code, code)).post('/api/v1/invoices').reply(200, {data: {}})
        const said: string[] = []
        const c = client({retries: 3, waitScale: 0, notify: (l) => said.push(l)})
        const error = await rejected(c.send(createRequest(family('invoices'), {client_id: 'x'})))
        // Nothing reached the server: no "may have taken effect".
        expect(error.message).to.equal(text)
        expect(said).to.deep.equal([])
        expect(scope.pendingMocks()).to.have.length(1)
        nock.cleanAll()
      }
    })

    it('no answer within the timeout is a CliError with exit 1', async () => {
      nock(HOST).get('/api/v1/clients').delay(2000).reply(200, {data: []})
      const error = await rejected(client({timeoutMs: 50}).send(get('/api/v1/clients')))
      expect(error.exitCode).to.equal(1)
      expect(error.message).not.to.include(TOKEN)
    })
  })

  describe('requestHeaders', () => {
    const creds = {token: TOKEN, password: PASSWORD, userAgent: UA}

    it('redact=true shows [REDACTED] for the token and the password', () => {
      expect(REDACTED).to.equal('[REDACTED]')
      expect(requestHeaders(get('/api/v1/users', {password: true}), creds, true)).to.deep.equal({
        'X-API-TOKEN': '[REDACTED]',
        'X-API-PASSWORD': '[REDACTED]',
        'X-Requested-With': 'XMLHttpRequest',
        Accept: 'application/json',
        'User-Agent': UA,
      })
    })

    it('redact=false shows the real values; Content-Type only with a body', () => {
      expect(requestHeaders({method: 'POST', path: '/api/v1/clients', query: [], body: {name: 'x'}, changes: true}, creds, false)).to.deep.equal({
        'X-API-TOKEN': TOKEN,
        'X-Requested-With': 'XMLHttpRequest',
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'User-Agent': UA,
      })
    })

    it('a redacted dry run never contains the secrets', () => {
      const text = JSON.stringify(requestHeaders(get('/api/v1/users', {password: true, body: {a: 1}}), creds, true))
      expect(text).not.to.include(TOKEN)
      expect(text).not.to.include(PASSWORD)
    })

    it('no X-API-PASSWORD without spec.password', () => {
      expect(requestHeaders(get('/api/v1/clients'), creds, false)).not.to.have.property('X-API-PASSWORD')
    })
  })

  describe('upstreamError', () => {
    const invalid = {
      message: 'The given data was invalid.',
      errors: {client_id: ['The client id field is required.'], number: 'The number has already been taken.'},
    }

    it('a 422 gives the message and one detail line per field (array and plain string values), exit 1', () => {
      const error = upstreamError(422, JSON.stringify(invalid), 'application/json')
      expect(error).to.be.instanceOf(CliError)
      expect(error.exitCode).to.equal(1)
      expect(error.status).to.equal(422)
      expect(error.message).to.include('422')
      expect(error.message).to.include('The given data was invalid.')
      expect(error.message).not.to.include('\n')
      expect(error.details).to.deep.equal(['client_id: The client id field is required.', 'number: The number has already been taken.'])
    })

    it('a field with several messages gives one line with all of them', () => {
      const error = upstreamError(422, JSON.stringify({message: 'The given data was invalid.', errors: {amount: ['The amount must be a number.', 'The amount is required.']}}))
      expect(error.details).to.have.length(1)
      expect(error.details[0]).to.match(/^amount: /)
      expect(error.details[0]).to.include('The amount must be a number.')
      expect(error.details[0]).to.include('The amount is required.')
    })

    it('accepts the body as a Buffer', () => {
      const error = upstreamError(422, Buffer.from(JSON.stringify(invalid)), 'application/json')
      expect(error.details[0]).to.equal('client_id: The client id field is required.')
    })

    it('toDocument() has the status, the upstream message and its errors', () => {
      const doc = upstreamError(422, JSON.stringify(invalid), 'application/json').toDocument()
      expect(doc).to.have.all.keys('error')
      expect(doc.error.status).to.equal(422)
      expect(doc.error.message).to.equal('The given data was invalid.')
      expect(doc.error.errors).to.deep.equal(invalid.errors)
    })

    it('403 Invalid token → exit 4', () => {
      const error = upstreamError(403, '{"message":"Invalid token","errors":{}}', 'application/json')
      expect(error.exitCode).to.equal(4)
      expect(error.status).to.equal(403)
      expect(error.message).to.include('Invalid token')
      expect(error.details).to.deep.equal([])
    })

    it('401 unauthorized → exit 4', () => {
      const error = upstreamError(401, '{"message":"This action is unauthorized."}', 'application/json')
      expect(error.exitCode).to.equal(4)
      expect(error.message).to.include('This action is unauthorized.')
    })

    for (const [status, message] of [
      [400, 'No query results for model [App\\Models\\Invoice].'],
      [404, '404 | Nothing to see here!'],
      [412, 'Invalid Password'],
      [429, 'Too many requests'],
      [500, 'Server Error'],
      [503, 'Service Unavailable'],
    ] as const) {
      it(`${status} → exit 1 with the upstream message`, () => {
        const error = upstreamError(status, JSON.stringify({message}), 'application/json')
        expect(error.exitCode).to.equal(1)
        expect(error.status).to.equal(status)
        expect(error.message).to.include(String(status))
        expect(error.message).to.include(message)
        expect(error.toDocument().error.message).to.equal(message)
      })
    }

    it('{"error":"..."} bodies give their text', () => {
      const error = upstreamError(400, '{"error":"Invitation not found"}', 'application/json')
      expect(error.exitCode).to.equal(1)
      expect(error.message).to.include('Invitation not found')
      expect(error.toDocument().error.message).to.equal('Invitation not found')
    })

    it('{"error":"..."} with 403 is still exit 4', () => {
      expect(upstreamError(403, '{"error":"Token expired"}').exitCode).to.equal(4)
    })

    it('an HTML page becomes a short one-line description, never the page', () => {
      const page = `<!DOCTYPE html>\n<html>\n<head><title>Whoops</title></head>\n<body>\n${'<p>stack frame</p>\n'.repeat(500)}</body>\n</html>\n`
      for (const contentType of ['text/html; charset=UTF-8', '']) {
        const error = upstreamError(500, page, contentType)
        expect(error.exitCode).to.equal(1)
        expect(error.message).to.include('500')
        expect(error.message).not.to.include('\n')
        expect(error.message.length).to.be.lessThan(200)
        expect(error.message).not.to.include('<html')
        expect(error.message).not.to.include('stack frame')
        expect(error.details).to.deep.equal([])
        expect(JSON.stringify(error.toDocument()).length).to.be.lessThan(400)
      }
    })

    it('a long plain-text body is cut to one short line', () => {
      const error = upstreamError(502, `Bad gateway\n${'x'.repeat(5000)}`, 'text/plain')
      expect(error.exitCode).to.equal(1)
      expect(error.message).not.to.include('\n')
      expect(error.message).to.include('Bad gateway')
      expect(error.message.length).to.be.lessThan(400)
    })

    it('an empty body still gives a message with the status', () => {
      const error = upstreamError(500, '', '')
      expect(error.exitCode).to.equal(1)
      expect(error.message).to.include('500')
      expect(error.message.length).to.be.greaterThan(10)
    })
  })
})
