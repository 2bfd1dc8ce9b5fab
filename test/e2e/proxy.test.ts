/**
 * HTTPS_PROXY, HTTP_PROXY and NO_PROXY (either case): requests go through a proxy on 127.0.0.1
 * that records what it is asked. The agent tunnels with CONNECT, so the proxy never sees the
 * request itself (nor the token); https goes end to end through the tunnel to a local https
 * server with a certificate made for the test.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {type HttpsFront, type Proxy, startHttpsFront, startProxy} from '../support/proxy.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('proxies (HTTPS_PROXY, HTTP_PROXY, NO_PROXY)', () => {
  const suite = useUpstream()
  let proxy: Proxy
  beforeEach(async () => {
    proxy = await startProxy()
  })
  afterEach(() => proxy.close())

  const port = (url: string) => new URL(url).port
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}`)

  for (const name of ['HTTP_PROXY', 'http_proxy']) {
    it(`${name}: an http:// base URL is reached through a CONNECT tunnel; the proxy never sees the token`, async () => {
      const r = await runCli(['clients', 'list', '--output', 'json'], {env: {...suite.env, [name]: proxy.url}})
      expect(r.stderr).to.equal('')
      expect(r.code).to.equal(0)
      expect(JSON.parse(r.stdout).data).to.have.length(2)
      expect(proxy.seen.map((s) => s.line)).to.deep.equal([`CONNECT 127.0.0.1:${port(suite.up.url)}`])
      expect(JSON.stringify(proxy.seen)).not.to.include(suite.up.token)
      expect(sent()).to.deep.equal(['GET /api/v1/clients'])
      expect(suite.up.requests[0].headers['x-api-token']).to.equal(suite.up.token)
    })
  }

  it('NO_PROXY naming the host (either case): a direct connection, the proxy sees nothing', async () => {
    for (const name of ['NO_PROXY', 'no_proxy']) {
      const r = await runCli(['clients', 'list'], {env: {...suite.env, HTTP_PROXY: proxy.url, [name]: '127.0.0.1'}})
      expect(r.code).to.equal(0)
    }
    expect(proxy.seen).to.deep.equal([])
    expect(sent()).to.deep.equal(['GET /api/v1/clients', 'GET /api/v1/clients'])
  })

  it('HTTPS_PROXY is not used for an http:// base URL', async () => {
    const r = await runCli(['clients', 'list'], {env: {...suite.env, HTTPS_PROXY: proxy.url}})
    expect(r.code).to.equal(0)
    expect(proxy.seen).to.deep.equal([])
  })

  it('a proxy variable that is not an http(s) URL: exit 2, one line that does not show it, nothing sent', async () => {
    const r = await runCli(['clients', 'list'], {env: {...suite.env, HTTP_PROXY: 'socks5://user:pw@127.0.0.1:1'}})
    expectRun(r, {
      code: 2,
      stderr:
        'Error: the proxy set in HTTPS_PROXY/HTTP_PROXY/ALL_PROXY is not an http:// or https:// URL: fix it, or ' +
        'name the host in NO_PROXY\n',
    })
    expect(suite.up.requests).to.have.length(0)
  })

  it('a proxy that refuses the connection: exit 1, one line naming the proxy (host:port, no credentials) and what to check; nothing reaches the server', async () => {
    for (const name of ['HTTP_PROXY', 'all_proxy']) {
      const r = await runCli(['invoices', 'list', '--retries', '0'], {
        env: {...suite.env, [name]: 'http://puser:pw@127.0.0.1:1'},
      })
      expectRun(r, {
        code: 1,
        stdout: '',
        stderr:
          `Error: could not connect to the proxy 127.0.0.1:1 (${name}): nothing is listening there (ECONNREFUSED). ` +
          `Check ${name}, or name 127.0.0.1 in NO_PROXY to connect without the proxy\n`,
      })
      expect(r.stderr).not.to.match(/puser|pw@/)
    }
    expect(suite.up.requests).to.deep.equal([])
  })

  it('a refused direct connection (NO_PROXY names the host) still names the base URL', async () => {
    const env = {...suite.env, CLI_BASE_URL: 'http://127.0.0.1:9', HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1'}
    const r = await runCli(['invoices', 'list', '--retries', '0'], {env})
    expectRun(r, {
      code: 1,
      stdout: '',
      stderr:
        'Error: could not connect to http://127.0.0.1:9: nothing is listening there (ECONNREFUSED). Check the ' +
        'base URL and its port (--base-url, CLI_BASE_URL or the profile)\n',
    })
    expect(proxy.seen).to.deep.equal([])
  })

  describe('https through CONNECT', () => {
    let front: HttpsFront
    beforeEach(async () => {
      front = await startHttpsFront(suite.up.url)
    })
    afterEach(() => front.close())

    for (const name of ['HTTPS_PROXY', 'https_proxy']) {
      it(`${name}: TLS runs end to end through the tunnel to the https server`, async () => {
        const env = {...suite.env, CLI_BASE_URL: front.url, NODE_EXTRA_CA_CERTS: front.caFile, [name]: proxy.url}
        const r = await runCli(['clients', 'show', 'VolejRejNm', '--output', 'json'], {env})
        expect(r.stderr).to.equal('')
        expect(r.code).to.equal(0)
        expect(JSON.parse(r.stdout).data.name).to.equal('Acme Ltd')
        expect(proxy.seen.map((s) => s.line)).to.deep.equal([`CONNECT 127.0.0.1:${port(front.url)}`])
        expect(JSON.stringify(proxy.seen)).not.to.include(suite.up.token)
        expect(sent()).to.deep.equal(['GET /api/v1/clients/VolejRejNm'])
      })
    }
  })
})
