/** Mocha hooks for a suite that talks to one stand-in upstream, reset before each test. */
import {upstreamEnv} from './cli.js'
import {startUpstream, type Upstream} from './upstream.js'

export interface UpstreamSuite {
  /** The stand-in (valid inside tests and hooks). */
  readonly up: Upstream
  /** CLI_BASE_URL and CLI_API_TOKEN pointing at it. */
  readonly env: Record<string, string>
}

export function useUpstream(): UpstreamSuite {
  const suite = {} as {up: Upstream; env: Record<string, string>}
  before(async () => {
    suite.up = await startUpstream()
    suite.env = upstreamEnv(suite.up)
  })
  after(() => suite.up.close())
  beforeEach(() => suite.up.reset())
  return suite
}
