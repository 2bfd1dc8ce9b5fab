/** A request that gets no answer: one CliError (exit 1) saying what to check, never showing the token. */
import {expect} from 'chai'
import nock from 'nock'

import {CliError} from '../src/errors.js'
import {family} from '../src/registry/registry.js'
import {createRequest} from '../src/plan/routes.js'
import {get, HOST, netError, TOKEN, useFakeUpstream} from './http-helpers.js'
import {rejected} from './helpers.js'

describe('http: HttpClient against a fake upstream', () => {
  const client = useFakeUpstream()

  describe('network failures', () => {
    it('a failed connection is a CliError with exit 1 that never shows the token', async () => {
      nock(HOST)
        .get('/api/v1/clients')
        .replyWithError(netError('ECONNREFUSED', `connect ECONNREFUSED (token ${TOKEN})`))
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
        [
          'ENOTFOUND',
          'could not find the host of http://upstream.test (ENOTFOUND). Check the base URL (--base-url, ' +
            'CLI_BASE_URL or the profile) and your DNS',
        ],
        [
          'DEPTH_ZERO_SELF_SIGNED_CERT',
          'could not make a secure connection to http://upstream.test: its certificate was refused ' +
            '(DEPTH_ZERO_SELF_SIGNED_CERT). Check the base URL; a private CA goes in NODE_EXTRA_CA_CERTS',
        ],
      ]) {
        const scope = nock(HOST)
          .post('/api/v1/invoices')
          .replyWithError(netError(code, code))
          .post('/api/v1/invoices')
          .reply(200, {data: {}})
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
})
