/**
 * The refusal suite (guardrails-*.test.ts): the guardrail (exit 3), usage errors (exit 2) and unsupported verbs,
 * none of which sends a request.
 */
import {expect} from 'chai'

import {type UpstreamSuite, useUpstream} from '../support/upstream-suite.js'

/** Registers the hooks of one stand-in, reset before each test; after each passing test, no request reached it. */
export function useRefusalUpstream(): UpstreamSuite {
  const suite = useUpstream()
  afterEach(function () {
    if (this.currentTest?.state === 'passed')
      expect(suite.up.requests, 'no request may reach the upstream').to.deep.equal([])
  })
  return suite
}
