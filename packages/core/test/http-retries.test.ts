/**
 * When HttpClient sends a request again, what it says on stderr,
 * and when it never does (a change that may have been made).
 */
import {expect} from 'chai'
import nock from 'nock'

import {type Connection} from '../src/http/client.js'
import {family} from '../src/registry/registry.js'
import {actionRequest, createRequest, downloadRequest} from '../src/plan/routes.js'
import {get, HOST, netError, useFakeUpstream} from './http-helpers.js'
import {rejected} from './helpers.js'

describe('http: HttpClient against a fake upstream', () => {
  const client = useFakeUpstream()

  describe('retries', () => {
    /** A client that retries without waiting, and the lines it says on stderr. */
    const retrying = (conn: Partial<Connection> = {}) => {
      const said: string[] = []
      return {said, c: client({retries: 3, waitScale: 0, notify: (l) => said.push(l), ...conn})}
    }

    it('a GET answered 503 twice is sent again until the 200, saying why each time', async () => {
      const scope = nock(HOST)
        .get('/api/v1/clients')
        .times(2)
        .reply(503, {message: 'Server Error'})
        .get('/api/v1/clients')
        .reply(200, {data: []})
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
      const put = nock(HOST)
        .put('/api/v1/clients/VolejRejNm')
        .reply(502, {})
        .put('/api/v1/clients/VolejRejNm')
        .reply(200, {data: {}})
      const del = nock(HOST)
        .delete('/api/v1/clients/VolejRejNm')
        .reply(504, {})
        .delete('/api/v1/clients/VolejRejNm')
        .reply(200, {data: {}})
      const {said, c} = retrying()
      expect(
        (
          await c.send({
            method: 'PUT',
            path: '/api/v1/clients/VolejRejNm',
            query: [],
            body: {name: 'x'},
            changes: false,
          })
        ).status,
      ).to.equal(200)
      expect(
        (await c.send({method: 'DELETE', path: '/api/v1/clients/VolejRejNm', query: [], changes: false})).status,
      ).to.equal(200)
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
      nock(HOST)
        .get('/api/v1/clients')
        .reply(429, {message: 'Too many requests'})
        .get('/api/v1/clients')
        .reply(200, {data: []})
      const {said, c} = retrying()
      expect((await c.send(get('/api/v1/clients'))).status).to.equal(200)
      expect(said).to.deep.equal([
        'retrying GET /api/v1/clients in 0s (retry 1 of 3): rate limited (429) without Retry-After: waiting out ' +
          "the upstream's one-minute window",
      ])
    })

    it('a Retry-After is honoured; one longer than five minutes is not waited for', async () => {
      nock(HOST)
        .get('/api/v1/clients')
        .reply(503, {}, {'Retry-After': '2'})
        .get('/api/v1/clients')
        .reply(200, {data: []})
      const {said, c} = retrying({waitScale: 0.01})
      expect((await c.send(get('/api/v1/clients'))).status).to.equal(200)
      expect(said).to.deep.equal([
        'retrying GET /api/v1/clients in 0.02s (retry 1 of 3): the upstream answered 503 and asked to wait 2s ' +
          '(Retry-After)',
      ])
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
      const scope = nock(HOST)
        .post('/api/v1/invoices')
        .reply(429, {}, {'Retry-After': '0'})
        .post('/api/v1/invoices')
        .reply(200, {data: {}})
      const {said, c} = retrying()
      expect((await c.send(createRequest(family('invoices'), {client_id: 'x'}))).status).to.equal(200)
      expect(scope.isDone()).to.equal(true)
      expect(said).to.deep.equal([
        'retrying POST /api/v1/invoices in 0s (retry 1 of 3): the upstream answered 429 and asked to wait 0s ' +
          '(Retry-After)',
      ])
    })

    it('a read-only POST (a search) is retried on 503 like any read', async () => {
      const scope = nock(HOST).post('/api/v1/search').reply(503, {}).post('/api/v1/search').reply(200, {clients: []})
      const {c} = retrying()
      expect(
        (await c.send({method: 'POST', path: '/api/v1/search', query: [], body: {search: 'a'}, changes: false})).status,
      ).to.equal(200)
      expect(scope.isDone()).to.equal(true)
    })

    it('a change whose connection broke after sending is not retried, and the error says it may have taken effect and how to check', async () => {
      const first = nock(HOST).post('/api/v1/invoices').replyWithError(netError('ECONNRESET', 'socket hang up'))
      const second = nock(HOST).post('/api/v1/invoices').reply(200, {data: {}})
      const {said, c} = retrying()
      const error = await rejected(c.send(createRequest(family('invoices'), {client_id: 'x'})))
      expect(error.exitCode).to.equal(1)
      expect(error.message).to.equal(
        'the connection to http://upstream.test broke before the answer was complete (ECONNRESET); the change ' +
          'may have taken effect upstream: check with "cli invoices list --sort \'id|desc\' --per-page 5" before ' +
          'sending it again',
      )
      expect(first.isDone()).to.equal(true)
      expect(second.isDone()).to.equal(false)
      expect(said).to.deep.equal([])
    })

    it('a POST that could not connect (nothing was sent) is retried', async () => {
      const scope = nock(HOST)
        .post('/api/v1/invoices')
        .replyWithError(netError('ECONNREFUSED', 'connect ECONNREFUSED'))
        .post('/api/v1/invoices')
        .reply(200, {data: {id: 'new'}})
      const {said, c} = retrying()
      expect((await c.send(createRequest(family('invoices'), {client_id: 'x'}))).status).to.equal(200)
      expect(scope.isDone()).to.equal(true)
      expect(said).to.deep.equal([
        'retrying POST /api/v1/invoices in 0s (retry 1 of 1): could not connect (ECONNREFUSED): nothing was sent',
      ])
    })

    it('a GET whose connection broke is retried', async () => {
      const scope = nock(HOST)
        .get('/api/v1/clients')
        .replyWithError(netError('ECONNRESET', 'socket hang up'))
        .get('/api/v1/clients')
        .reply(200, {data: []})
      const {said, c} = retrying()
      expect((await c.send(get('/api/v1/clients'))).status).to.equal(200)
      expect(scope.isDone()).to.equal(true)
      expect(said).to.deep.equal([
        'retrying GET /api/v1/clients in 0s (retry 1 of 3): the connection broke (ECONNRESET)',
      ])
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
      nock(HOST)
        .get('/api/v1/quote/k1/download')
        .reply(503, {})
        .get('/api/v1/quote/k1/download')
        .reply(200, 'PDF', {'Content-Type': 'application/pdf'})
      const {said, c} = retrying()
      const got: Buffer[] = []
      await c.stream(downloadRequest(family('quotes'), 'k1'), async (chunks) => {
        for await (const chunk of chunks) got.push(chunk)
      })
      expect(Buffer.concat(got).toString()).to.equal('PDF')
      expect(said).to.have.length(1)
    })
  })
})
