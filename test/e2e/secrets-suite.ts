/**
 * The secrets suite (secrets-*.test.ts): the token and CLI_API_PASSWORD never appear in any output; plain http://
 * only to loopback; a profile's token only to its base URL; the config file's permissions.
 */
import {expect} from 'chai'

import type {CliResult} from '../support/cli.js'
import {type UpstreamSuite, useUpstream} from '../support/upstream-suite.js'

export const TOKEN = 'tok-SECRET-4f7a9c2e1b'
export const PASSWORD = 'pw-SECRET-8d3e5a'

/** Neither secret appears on stdout or stderr. */
export function clean(r: CliResult): void {
  for (const secret of [TOKEN, PASSWORD]) {
    expect(r.stdout, 'stdout').not.to.include(secret)
    expect(r.stderr, 'stderr').not.to.include(secret)
  }
}

/** Registers the hooks of one stand-in that takes TOKEN and PASSWORD, reset before each test, retries not waited. */
export function useSecretsUpstream(): UpstreamSuite {
  return useUpstream({
    token: TOKEN,
    password: PASSWORD,
    env: {CLI_API_PASSWORD: PASSWORD, CLI_RETRY_WAIT_SCALE: '0'},
  })
}
