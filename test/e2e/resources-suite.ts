/**
 * The resource suite (resources-*.test.ts): every verb of the routes table, end to end, the real
 * bin/run.js against the stand-in upstream.
 */
import {expect} from 'chai'

import type {RecordedRequest} from '../support/upstream.js'
import {type UpstreamSuite, useUpstream} from '../support/upstream-suite.js'

/**
 * Registers the hooks of one stand-in, reset before each test; `only()` is the one request a test expects it received.
 */
export function useResourceUpstream(): {suite: UpstreamSuite; only: () => RecordedRequest} {
  const suite = useUpstream()
  const only = (): RecordedRequest => {
    expect(suite.up.requests, 'exactly one request').to.have.length(1)
    return suite.up.requests[0]
  }
  return {suite, only}
}
