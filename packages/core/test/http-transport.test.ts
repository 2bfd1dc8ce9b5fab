/**
 * transport.ts on its own, against a node:http server on 127.0.0.1: what reaches the server, the answer's head and
 * body, and the errors network-error.ts reads (code, event, response, name) for timeouts and broken connections.
 */
import {expect} from 'chai'
import {getEventListeners} from 'node:events'
import {Agent, createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import {type AddressInfo, Socket} from 'node:net'
import {setTimeout as sleep} from 'node:timers/promises'
import {deflateSync, gzipSync} from 'node:zlib'

import {type Exchange, exchange, type ExchangeOptions} from '../src/http/transport.js'

interface Seen {
  method?: string
  url?: string
  headers: IncomingMessage['headers']
  body: string
}

describe('http: the transport (node:http on 127.0.0.1)', () => {
  let server: Server
  let base: string
  let handle: (req: IncomingMessage, res: ServerResponse) => void
  const seen: Seen[] = []
  const agents: Agent[] = []

  before(async () => {
    server = createServer((req, res) => {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        seen.push({method: req.method, url: req.url, headers: req.headers, body})
        handle(req, res)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterEach(() => {
    seen.length = 0
    for (const agent of agents.splice(0)) agent.destroy()
    server.closeAllConnections()
  })
  after(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const options = (extra: Partial<ExchangeOptions> = {}): ExchangeOptions => {
    const agent = new Agent({keepAlive: true})
    agents.push(agent)
    return {
      method: 'GET',
      headers: {Accept: 'application/json'},
      agent,
      timeout: {connect: 1000, request: 1000},
      ...extra,
    }
  }
  const text = async (ex: Exchange): Promise<string> => {
    let out = ''
    for await (const chunk of ex.body as AsyncIterable<Buffer>) out += chunk.toString()
    return out
  }
  const failure = async (p: Promise<unknown>) =>
    p.then(
      () => expect.fail('expected a failure'),
      (e: unknown) => e as Error & {code?: string; event?: string; response?: {statusCode: number}},
    )

  it('sends the method, path, headers (names in lower case, got’s Accept-Encoding) and a body with its length', async () => {
    handle = (_req, res) => res.writeHead(201, {'X-Answer': 'yes'}).end('{"ok":true}')
    const ex = await exchange(`${base}/api/v1/clients?a=1`, options({method: 'POST', body: '{"name":"é"}'}))
    expect(ex.statusCode).to.equal(201)
    expect(ex.headers['x-answer']).to.equal('yes')
    expect(await text(ex)).to.equal('{"ok":true}')
    expect(seen).to.have.length(1)
    expect(seen[0]).to.include({method: 'POST', url: '/api/v1/clients?a=1', body: '{"name":"é"}'})
    expect(seen[0].headers).to.include({
      accept: 'application/json',
      'accept-encoding': 'gzip, deflate, br',
      'content-length': String(Buffer.byteLength('{"name":"é"}')),
    })
  })

  it('a redirect is answered as it is, not followed', async () => {
    handle = (_req, res) => res.writeHead(302, {Location: '/elsewhere'}).end()
    const ex = await exchange(`${base}/api/v1/clients`, options())
    expect(ex.statusCode).to.equal(302)
    expect(ex.headers.location).to.equal('/elsewhere')
    await text(ex)
    expect(seen.map((s) => s.url)).to.deep.equal(['/api/v1/clients'])
  })

  it('a gzip answer is decoded', async () => {
    handle = (_req, res) => res.writeHead(200, {'Content-Encoding': 'gzip'}).end(gzipSync('{"data":[1,2,3]}'))
    expect(await text(await exchange(`${base}/x`, options()))).to.equal('{"data":[1,2,3]}')
  })

  it('deflate as zlib writes it is decoded, and an empty compressed body is an empty body', async () => {
    handle = (_req, res) => res.writeHead(200, {'Content-Encoding': 'deflate'}).end(deflateSync('{"data":[]}'))
    expect(await text(await exchange(`${base}/x`, options()))).to.equal('{"data":[]}')
    handle = (_req, res) => res.writeHead(204, {'Content-Encoding': 'br'}).end()
    expect(await text(await exchange(`${base}/x`, options()))).to.equal('')
    handle = (_req, res) => res.writeHead(200, {'Content-Encoding': 'br', 'Content-Length': '0'}).end()
    expect(await text(await exchange(`${base}/x`, options()))).to.equal('')
  })

  it('a signal aborted before the exchange starts sends nothing', async () => {
    const cancel = new AbortController()
    cancel.abort()
    const e = await failure(exchange(`${base}/x`, options({signal: cancel.signal})))
    expect(e.name).to.equal('AbortError')
    expect(seen).to.deep.equal([])
  })

  it('no answer within the request timeout: ETIMEDOUT, event request, no response', async () => {
    handle = () => undefined
    const started = Date.now()
    const e = await failure(exchange(`${base}/slow`, options({timeout: {connect: 1000, request: 100}})))
    expect(Date.now() - started).to.be.within(90, 900)
    expect(e).to.include({name: 'TimeoutError', code: 'ETIMEDOUT', event: 'request'})
    expect(e.response).to.equal(undefined)
  })

  it('a body that drips past the request timeout: ETIMEDOUT, event request, the response set', async () => {
    handle = (_req, res) => {
      res.writeHead(200, {'Content-Type': 'application/json'})
      const drip = setInterval(() => res.write(' '), 20)
      res.on('close', () => clearInterval(drip))
    }
    const ex = await exchange(`${base}/drip`, options({timeout: {connect: 1000, request: 150}}))
    const e = await failure(text(ex))
    expect(e).to.include({name: 'TimeoutError', code: 'ETIMEDOUT', event: 'request'})
    expect(e.response?.statusCode).to.equal(200)
  })

  it('a completed exchange leaves no timer behind (it would hold the process, or fail the finished exchange)', async () => {
    handle = (_req, res) => res.end('done')
    // The timers the transport sets (Node's own http machinery uses its internal timers, not these globals).
    const live = new Set<unknown>()
    const {setTimeout: set, clearTimeout: clear} = globalThis
    globalThis.setTimeout = ((...args: Parameters<typeof set>) => {
      const t = set(...args)
      live.add(t)
      return t
    }) as typeof set
    globalThis.clearTimeout = ((t: Parameters<typeof clear>[0]) => {
      live.delete(t)
      clear(t)
    }) as typeof clear
    try {
      const ex = await exchange(`${base}/quick`, options({timeout: {connect: 5000, request: 5000}}))
      expect(live.size).to.be.above(0)
      expect(await text(ex)).to.equal('done')
      expect(live.size).to.equal(0)
    } finally {
      Object.assign(globalThis, {setTimeout: set, clearTimeout: clear})
    }
  })

  it('a connection closed part way through the body: ECONNRESET, a ReadError carrying the response', async () => {
    handle = (_req, res) => {
      res.writeHead(200, {'Content-Length': '100'})
      res.write('part')
      setTimeout(() => res.socket?.destroy(), 20)
    }
    const e = await failure(exchange(`${base}/cut`, options()).then(text))
    expect(e).to.include({name: 'ReadError', code: 'ECONNRESET'})
    expect(e.response?.statusCode).to.equal(200)
  })

  it('nothing listening: Node’s ECONNREFUSED, no response', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const e = await failure(exchange(`http://127.0.0.1:${port}/`, options()))
    expect(e.code).to.equal('ECONNREFUSED')
    expect(e.response).to.equal(undefined)
  })

  /** An agent whose sockets never finish connecting: `lookup` never answers, or the connect never happens. */
  const stuck = (phase: 'lookup' | 'connect'): Agent => {
    const agent = new Agent()
    agents.push(agent)
    Object.assign(agent, {
      createConnection: () => {
        if (phase === 'lookup') return new Socket().connect({host: 'localhost', port: 9, lookup: () => undefined})
        return Object.assign(new Socket(), {connecting: true})
      },
    })
    return agent
  }

  it('a lookup that never answers: ETIMEDOUT, event lookup, at the connect timeout', async () => {
    const started = Date.now()
    const e = await failure(
      exchange('http://localhost:9/', options({agent: stuck('lookup'), timeout: {connect: 80, request: 5000}})),
    )
    expect(Date.now() - started).to.be.below(2000)
    expect(e).to.include({code: 'ETIMEDOUT', event: 'lookup'})
  })

  it('a connect that never completes (an address, no lookup): ETIMEDOUT, event connect', async () => {
    const e = await failure(
      exchange('http://127.0.0.1:9/', options({agent: stuck('connect'), timeout: {connect: 80, request: 5000}})),
    )
    expect(e).to.include({code: 'ETIMEDOUT', event: 'connect'})
  })

  it('the abort signal: fails with its reason, and no listener stays on it', async () => {
    handle = () => undefined
    const cancel = new AbortController()
    const pending = exchange(`${base}/wait`, options({signal: cancel.signal}))
    await sleep(30)
    expect(getEventListeners(cancel.signal, 'abort')).to.have.length(1)
    cancel.abort()
    const e = await failure(pending)
    expect(e.name).to.equal('AbortError')
    expect(getEventListeners(cancel.signal, 'abort')).to.have.length(0)
  })

  it('the abort while the body arrives: the body fails with the abort itself, and no listener stays', async () => {
    handle = (_req, res) => res.writeHead(200).write('part')
    const cancel = new AbortController()
    const ex = await exchange(`${base}/part`, options({signal: cancel.signal}))
    setTimeout(() => cancel.abort(), 30)
    const e = await failure(text(ex))
    expect(e).to.equal(cancel.signal.reason)
    expect(e.name).to.equal('AbortError')
    expect(getEventListeners(cancel.signal, 'abort')).to.have.length(0)
  })

  it('an answer read to the end lets go of the signal', async () => {
    handle = (_req, res) => res.end('{}')
    const cancel = new AbortController()
    const ex = await exchange(`${base}/ok`, options({signal: cancel.signal}))
    await text(ex)
    expect(getEventListeners(cancel.signal, 'abort')).to.have.length(0)
  })
})
