/**
 * The operations suite (operations-*.test.ts): what operators automate beyond CRUD, against the stand-in. Each
 * test checks the request the server received (method, path, query, body), the exit code, the guardrail with
 * nothing sent, and how many times a change reached the server.
 */
import {type UpstreamSuite, useUpstream} from '../support/upstream-suite.js'

export interface OperationsSuite {
  suite: UpstreamSuite
  /** "METHOD path?query" of each request the stand-in received. */
  sent: () => string[]
  /** The JSON body of each request the stand-in received. */
  json: () => unknown[]
}

/** Registers the hooks of one stand-in, reset before each test and seeded with a payment of 100. */
export function useOperationsUpstream(): OperationsSuite {
  const suite = useUpstream()
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}${r.rawQuery ? `?${r.rawQuery}` : ''}`)
  // The bodies of the changes sent (a summary line's read after a change has none).
  const json = () => suite.up.requests.filter((r) => r.method !== 'GET').map((r) => r.json)
  beforeEach(() =>
    suite.up.seed('payments', [{id: 'Pq1x7Yw2Za', client_id: 'VolejRejNm', amount: 100, refunded: 0, status_id: '4'}]),
  )
  return {suite, sent, json}
}
