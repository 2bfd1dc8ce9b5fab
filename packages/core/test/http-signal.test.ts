/**
 * The abort signal given to HttpClient.send: it cancels the request, and nothing of it stays on the signal afterwards.
 */
import {expect} from 'chai'
import nock from 'nock'
import {getEventListeners} from 'node:events'

import {get, HOST, useFakeUpstream} from './http-helpers.js'

describe('http: the abort signal of a request', () => {
  const client = useFakeUpstream()
  const listeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length

  // got keeps a listener on the signal until its stream is destroyed: one signal shared by the
  // pages of a listing once gathered one per page, and Node warned of a leak past 10.
  for (const status of [200, 500]) {
    it(`holds no listener once an answer (${status}) has been read: 12 requests in turn on one signal`, async () => {
      const scope = nock(HOST).get('/api/v1/clients').times(12).reply(status, {data: []})
      const cancel = new AbortController()
      const c = client()
      for (let i = 0; i < 12; i++) {
        const res = await c.send(get('/api/v1/clients'), {signal: cancel.signal})
        expect(res.status).to.equal(status)
        expect(listeners(cancel.signal)).to.equal(0)
      }
      expect(scope.isDone()).to.equal(true)
    })
  }

  it('holds one listener per request under way, and none once they are all answered', async () => {
    // The answers wait until all three requests have arrived, and the listeners are counted.
    let arrived = 0
    let release!: () => void
    const counted = new Promise<void>((resolve) => (release = resolve))
    let allArrived!: () => void
    const three = new Promise<void>((resolve) => (allArrived = resolve))
    nock(HOST)
      .get('/api/v1/clients')
      .times(3)
      .reply(async () => {
        if (++arrived === 3) allArrived()
        await counted
        return [200, {data: []}]
      })
    const cancel = new AbortController()
    const c = client()
    const sent = [1, 2, 3].map(() => c.send(get('/api/v1/clients'), {signal: cancel.signal}))
    await three
    expect(listeners(cancel.signal)).to.equal(3)
    release()
    await Promise.all(sent)
    expect(listeners(cancel.signal)).to.equal(0)
  })

  it('cancels a request under way: it fails with the abort, and leaves no listener', async () => {
    const scope = nock(HOST).get('/api/v1/clients').delay(2000).reply(200, {data: []})
    const cancel = new AbortController()
    scope.on('request', () => cancel.abort())
    const error = await client()
      .send(get('/api/v1/clients'), {signal: cancel.signal})
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    expect((error as Error).name).to.equal('AbortError')
    expect(listeners(cancel.signal)).to.equal(0)
  })
})
