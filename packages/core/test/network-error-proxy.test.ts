/** Through a proxy, a failure to connect names the proxy (host:port and its variable), not the base URL. */
import {expect} from 'chai'

import {type FailureContext, networkError} from '../src/http/network-error.js'
import type {RequestSpec} from '../src/plan/request.js'

const spec: RequestSpec = {method: 'GET', path: '/api/v1/clients', query: [], changes: false}
const ctx: FailureContext = {
  url: 'https://invoicing.test/api/v1/clients',
  timeoutMs: 30_000,
  maxResponseBytes: 1024,
  secrets: {token: 'tok'},
  proxy: {address: 'proxy.test:3128', variable: 'HTTPS_PROXY', host: 'invoicing.test'},
}
const fix = 'Check HTTPS_PROXY, or name invoicing.test in NO_PROXY to connect without the proxy'
const failure = (code: string, more: object = {}) => Object.assign(new Error(code), {code, ...more})

describe('networkError through a proxy', () => {
  it('refused, unknown host, reset before an answer, connect timeout: the proxy is named', () => {
    expect(networkError(failure('ENOTFOUND'), spec, ctx).message).to.equal(
      `could not find the host of the proxy proxy.test:3128 (HTTPS_PROXY) (ENOTFOUND). ${fix}`,
    )
    expect(networkError(failure('ECONNRESET'), spec, ctx).message).to.equal(
      `the proxy proxy.test:3128 (HTTPS_PROXY) closed the connection before any answer (ECONNRESET). ${fix}`,
    )
    expect(networkError(failure('ETIMEDOUT', {event: 'connect'}), spec, ctx).message).to.equal(
      `could not connect to the proxy proxy.test:3128 (HTTPS_PROXY) within 10s. ${fix}`,
    )
  })

  it('a reset once the answer began, or a timeout waiting for it, still names the server', () => {
    expect(networkError(failure('ECONNRESET', {response: {}}), spec, ctx).message).to.equal(
      'the connection to https://invoicing.test broke before the answer was complete (ECONNRESET)',
    )
    expect(networkError(failure('ETIMEDOUT', {event: 'request'}), spec, ctx).message).to.equal(
      'no answer from https://invoicing.test within 30s (--timeout)',
    )
  })

  it('a change reset through the proxy may have reached the server: it says so', () => {
    const message = networkError(failure('ECONNRESET'), {...spec, method: 'POST', changes: true}, ctx).message
    expect(message).to.match(
      new RegExp(
        String.raw`^the proxy proxy\.test:3128 \(HTTPS_PROXY\) closed the connection ` +
          String.raw`before any answer \(ECONNRESET\)\. Check HTTPS_PROXY.*; `,
      ),
    )
  })
})
