/**
 * The fault suite (faults-*.test.ts): the real bin/run.js against the stand-in upstream with injected
 * faults. For each: the exit code, the message, and how many requests the upstream received (a change
 * is never sent twice). Retry waits are scaled down with CLI_RETRY_WAIT_SCALE, so nothing here sleeps long.
 */
import type {Upstream} from '../support/upstream.js'
import {useUpstream} from '../support/upstream-suite.js'

/** The tail of the line for a change that failed after it may have been made. */
export const mayHave = (check: string) =>
  `the change may have taken effect upstream: check with "${check}" before sending it again`
export const NEWEST_INVOICES = "cli invoices list --sort 'id|desc' --per-page 5"

/** The stand-in and the CLI's environment pointing at it. Live module bindings: useFaultUpstream's hook sets them. */
export let up: Upstream
export let env: Record<string, string>

/** "METHOD path" of each request the stand-in received. */
export const methods = () => up.requests.map((r) => `${r.method} ${r.path}`)

/** Registers the hooks of a fault suite: one stand-in, reset before each test, retry waits scaled down. */
export function useFaultUpstream(): void {
  const suite = useUpstream({env: {CLI_RETRY_WAIT_SCALE: '0.001'}})
  before(() => {
    up = suite.up
    env = suite.env
  })
}
