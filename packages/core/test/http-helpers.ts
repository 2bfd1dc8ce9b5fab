/** The fake upstream (nock) shared by the http-*.test.ts files: constants, a request recorder and the suite hooks. */
import {syncBuiltinESMExports} from 'node:module'

import nock from 'nock'

import {type Connection, HttpClient} from '../src/http/client.js'
import type {RequestSpec} from '../src/plan/request.js'

// nock replaces node:http's and node:https's CommonJS exports; the transport imports them as ES modules, whose
// bindings keep what they held when first imported (by another test file in this mocha worker, say) until synced.
syncBuiltinESMExports()

export const HOST = 'http://upstream.test'
export const TOKEN = 'tok-SECRET-9f8e7d6c5b4a'
export const PASSWORD = 'pw-SECRET-1234'
export const UA = 'invoicing-cli/0.1.0 (test)'

export interface Seen {
  method: string
  path: string
  headers: Record<string, unknown>
  body: string
}

/** Records what reached the fake upstream through a scope. */
export function record(scope: nock.Scope): Seen[] {
  const seen: Seen[] = []
  scope.on(
    'request',
    (req: {method: string; path: string; headers: Record<string, unknown>}, _interceptor: unknown, body: string) => {
      seen.push({method: req.method, path: req.path, headers: {...req.headers}, body})
    },
  )
  return seen
}

/** A network error as Node raises it: an Error with a code. */
export const netError = (code: string, message: string): Error => Object.assign(new Error(message), {code})

export const get = (path: string, extra: Partial<RequestSpec> = {}): RequestSpec => ({
  method: 'GET',
  path,
  query: [],
  changes: false,
  ...extra,
})

/**
 * Registers the hooks of a suite that talks to nock (no network but 127.0.0.1) and returns the
 * client factory: a client for HOST with TOKEN and UA, no retries; every client made is closed,
 * and every interceptor dropped, after each test.
 */
export function useFakeUpstream(): (conn?: Partial<Connection>) => HttpClient {
  const clients: HttpClient[] = []

  before(() => {
    nock.disableNetConnect()
    nock.enableNetConnect('127.0.0.1')
  })

  afterEach(() => {
    for (const c of clients.splice(0)) c.close()
    nock.abortPendingRequests()
    nock.cleanAll()
  })

  after(() => {
    nock.enableNetConnect()
  })

  return (conn: Partial<Connection> = {}): HttpClient => {
    const c = new HttpClient({baseUrl: HOST, token: TOKEN, userAgent: UA, timeoutMs: 5000, retries: 0, ...conn})
    clients.push(c)
    return c
  }
}
