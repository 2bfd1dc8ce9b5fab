/** The stand-in's controls for tests: the requests it recorded, the faults it injects, and reset(). */
import {expect} from 'chai'

import {startUpstream} from '../support/upstream.js'
import {call, callJson, up, useStandIn} from './helpers.js'

describe('upstream stand-in', () => {
  useStandIn()

  describe('recording', () => {
    it('records method, raw path, query, headers and JSON body', async () => {
      await call('/api/v1/clients/a%20b?x=1&x=2&name=J%C3%BCrgen', {method: 'PUT', body: {name: 'n'}})
      expect(up.requests).to.have.length(1)
      const [r] = up.requests
      expect(r).to.include({method: 'PUT', path: '/api/v1/clients/a%20b', rawQuery: 'x=1&x=2&name=J%C3%BCrgen'})
      expect(r!.query).to.deep.equal({x: '2', name: 'Jürgen'})
      expect(r!.headers['x-api-token']).to.equal(up.token)
      expect(r!.body.toString()).to.equal('{"name":"n"}')
      expect(r!.json).to.deep.equal({name: 'n'})
    })
  })

  describe('faults', () => {
    it('answers an injected status for the matching requests only, then behaves normally', async () => {
      up.fault({
        kind: 'status',
        status: 429,
        method: 'get',
        path: '/api/v1/invoices',
        times: 2,
        headers: {'X-RateLimit-Remaining': '0'},
      })
      expect((await callJson('/api/v1/clients')).status).to.equal(200)
      expect((await callJson('/api/v1/invoices', {method: 'POST', body: {}})).status).to.equal(422)
      const limited = await call('/api/v1/invoices?page=2')
      expect(limited.status).to.equal(429)
      expect(limited.headers.get('x-ratelimit-remaining')).to.equal('0')
      expect(await limited.json()).to.deep.equal({message: 'Too many requests'})
      expect((await callJson('/api/v1/invoices/WJxbojagwO')).status).to.equal(429)
      expect((await callJson('/api/v1/invoices')).status).to.equal(200)
      expect(up.requests).to.have.length(5)
    })

    it('answers an injected body', async () => {
      up.fault({kind: 'status', status: 503, body: {error: 'down'}})
      expect(await callJson('/api/v1/ping')).to.deep.equal({status: 503, body: {error: 'down'}})
    })

    it('answers raw bytes', async () => {
      up.fault({kind: 'raw', status: 200, contentType: 'application/json', body: '{"data":'})
      const res = await call('/api/v1/ping')
      expect(await res.text()).to.equal('{"data":')
      const page = `<html>${'x'.repeat(5 * 1024 * 1024)}</html>`
      up.fault({kind: 'raw', status: 500, contentType: 'text/html', body: page})
      const html = await call('/api/v1/ping')
      expect(html.status).to.equal(500)
      expect((await html.text()).length).to.equal(page.length)
    })

    it('hangs, and still records the request', async () => {
      up.fault({kind: 'hang'})
      let failure: unknown
      await call('/api/v1/ping', {signal: AbortSignal.timeout(100)}).catch((error: unknown) => (failure = error))
      expect(failure).to.be.instanceOf(Error)
      expect(up.requests.map((r) => r.path)).to.deep.equal(['/api/v1/ping'])
    })

    it('drops the connection before answering', async () => {
      up.fault({kind: 'drop'})
      let failure: unknown
      await call('/api/v1/ping').catch((error: unknown) => (failure = error))
      expect(failure).to.be.instanceOf(TypeError)
    })

    it('drops the connection in the middle of the body', async () => {
      up.fault({kind: 'dropMidBody'})
      const res = await call('/api/v1/invoices')
      expect(res.status).to.equal(200)
      let failure: unknown
      await res.text().catch((error: unknown) => (failure = error))
      expect(failure).to.be.instanceOf(Error)
    })

    it('delays an otherwise normal answer', async () => {
      up.fault({kind: 'delay', ms: 80})
      const started = Date.now()
      const res = await callJson('/api/v1/ping')
      expect(Date.now() - started).to.be.at.least(75)
      expect(res.body.company_name).to.equal('Stand-in Co')
    })

    it('close() ends hanging requests', async () => {
      const other = await startUpstream({token: 'other'})
      other.fault({kind: 'hang'})
      const pending = fetch(`${other.url}/api/v1/ping`, {headers: {'X-API-TOKEN': 'other'}}).then(
        () => 'answered',
        () => 'failed',
      )
      while (other.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
      await other.close()
      expect(await pending).to.equal('failed')
    })
  })

  describe('reset()', () => {
    it('clears requests and faults and restores the seed data', async () => {
      up.seed('clients', [])
      await call('/api/v1/clients', {method: 'POST', body: {name: 'New'}})
      up.fault({kind: 'status', status: 500})
      up.reset()
      expect(up.requests).to.have.length(0)
      expect(up.records('clients').map((c) => c.name)).to.deep.equal(['Acme Ltd', 'Globex Corporation'])
      expect((await callJson('/api/v1/ping')).status).to.equal(200)
    })
  })
})
