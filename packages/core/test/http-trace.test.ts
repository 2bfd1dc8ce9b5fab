/** What --verbose and a dry run show of a request: the headers, with the token and password redacted. */
import {expect} from 'chai'
import nock from 'nock'

import {REDACTED, requestHeaders} from '../src/http/headers.js'
import {family} from '../src/registry/registry.js'
import {listRequest} from '../src/plan/routes.js'
import {get, HOST, netError, PASSWORD, TOKEN, UA, useFakeUpstream} from './http-helpers.js'
import {rejected} from './helpers.js'

describe('http: HttpClient against a fake upstream', () => {
  const client = useFakeUpstream()

  describe('--verbose trace', () => {
    it('method, URL, headers with the secrets redacted, status and timing; never the token or password', async () => {
      nock(HOST)
        .get('/api/v1/users')
        .reply(200, {data: []}, {'Set-Cookie': `session=${TOKEN}`, 'X-RateLimit-Remaining': '499'})
      const lines: string[] = []
      await client({password: PASSWORD, trace: (l) => lines.push(l)}).send(listRequest(family('users'), {}))
      expect(lines.slice(0, 3)).to.deep.equal([
        `> GET ${HOST}/api/v1/users`,
        '> X-API-TOKEN: [REDACTED]',
        '> X-API-PASSWORD: [REDACTED]',
      ])
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
      expect(
        requestHeaders(
          {method: 'POST', path: '/api/v1/clients', query: [], body: {name: 'x'}, changes: true},
          creds,
          false,
        ),
      ).to.deep.equal({
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
})
