/** Mocha hooks for a suite that talks to one stand-in upstream, reset before each test. */
import {upstreamEnv} from './cli.js'
import {startUpstream, type Upstream, type UpstreamOptions} from './upstream.js'

export interface UpstreamSuite {
  /** The stand-in (valid inside tests and hooks). */
  readonly up: Upstream
  /** CLI_BASE_URL and CLI_API_TOKEN pointing at it. */
  readonly env: Record<string, string>
}

export interface UpstreamSuiteOptions extends UpstreamOptions {
  /** More variables for `env`, on top of CLI_BASE_URL and CLI_API_TOKEN. */
  env?: Record<string, string>
}

export function useUpstream({env: extra, ...opts}: UpstreamSuiteOptions = {}): UpstreamSuite {
  const suite = {} as {up: Upstream; env: Record<string, string>}
  before(async () => {
    suite.up = await startUpstream(opts)
    suite.env = upstreamEnv(suite.up, extra)
  })
  after(() => suite.up.close())
  beforeEach(() => suite.up.reset())
  return suite
}
