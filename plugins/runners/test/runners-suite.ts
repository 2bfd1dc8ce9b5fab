/** The runners' end-to-end suite (runners-*.e2e.test.ts): the real bin/run.js against the stand-in upstream. */
import {type UpstreamSuite, useUpstream} from '../../../test/support/upstream-suite.js'

/** Registers the hooks of one stand-in, reset before each test; `sent()` is "METHOD path?query" of each request. */
export function useRunnersUpstream(): {suite: UpstreamSuite; sent: () => string[]} {
  const suite = useUpstream()

  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}${r.rawQuery ? `?${r.rawQuery}` : ''}`)
  return {suite, sent}
}
