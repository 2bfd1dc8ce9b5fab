/**
 * When to send a request again, and after how long: pure functions, so every rule is unit-tested
 * without a network or a clock. The HTTP client runs the loop.
 *
 * A request is repeated only when repeating it cannot make a second record: GET, PUT and DELETE
 * are idempotent; a POST only when it never left this machine (the connection was refused, or the
 * host name did not resolve for now).
 */
import type {Method} from './request.js'

export const DEFAULT_RETRIES = 3
export const MAX_RETRIES = 10
/** First backoff; it doubles with each retry, up to BACKOFF_CAP_MS. */
export const BACKOFF_BASE_MS = 1000
export const BACKOFF_CAP_MS = 30_000
/** The upstream's rate-limit windows are one minute long (FACTS.md); its 429s rarely say how long to wait. */
export const RATE_LIMIT_WINDOW_MS = 60_000
/** A Retry-After longer than this is not waited for: the command fails and says how long the upstream asked for. */
export const MAX_RETRY_AFTER_MS = 5 * 60_000

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504])
/** Failures before a connection existed: nothing reached the server, so even a POST may be sent again. */
export const BEFORE_CONNECT_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'EAI_AGAIN'])
/** The connection broke after the request may have been sent. */
export const BROKEN_CONNECTION_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE'])

const IDEMPOTENT: ReadonlySet<Method> = new Set(['GET', 'PUT', 'DELETE'])
export const isIdempotent = (method: Method): boolean => IDEMPOTENT.has(method)

/** How one attempt ended: an answer with a status, or a network error code. */
export type Outcome = {status: number; retryAfter?: string} | {code: string}

export interface Retry {
  delayMs: number
  /** Why, for the one line on stderr. */
  reason: string
}

/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  if (!/[a-z]/i.test(text) || Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
}

/** Exponential backoff with jitter: half the doubled delay is fixed, half is random. */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (retry - 1))
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

/**
 * Whether `outcome` may be followed by retry number `retry` (1-based), after how long (unscaled)
 * and why. Undefined: the answer or error stands. The caller counts retries against `--retries`.
 */
export function retryFor(method: Method, outcome: Outcome, retry: number, now = Date.now(), random: () => number = Math.random): Retry | undefined {
  if ('code' in outcome) {
    if (BEFORE_CONNECT_CODES.has(outcome.code)) return {delayMs: backoffMs(retry, random), reason: `could not connect (${outcome.code}): nothing was sent`}
    if (BROKEN_CONNECTION_CODES.has(outcome.code) && isIdempotent(method)) return {delayMs: backoffMs(retry, random), reason: `the connection broke (${outcome.code})`}
    return undefined
  }
  if (!RETRYABLE_STATUSES.has(outcome.status) || !isIdempotent(method)) return undefined
  const asked = parseRetryAfter(outcome.retryAfter, now)
  if (asked !== undefined) {
    if (asked > MAX_RETRY_AFTER_MS) return undefined
    return {delayMs: asked, reason: `the upstream answered ${outcome.status} and asked to wait ${seconds(asked)} (Retry-After)`}
  }
  if (outcome.status === 429) {
    // A fixed short wait is useless against a one-minute window: wait the window out (plus a little jitter).
    return {delayMs: RATE_LIMIT_WINDOW_MS + Math.round(random() * 2000), reason: 'rate limited (429) without Retry-After: waiting out the upstream\'s one-minute window'}
  }
  return {delayMs: backoffMs(retry, random), reason: `the upstream answered ${outcome.status}`}
}

/** True when the outcome would be retried for an idempotent method: used to explain why a POST was not. */
export function wouldRetryIfIdempotent(outcome: Outcome): boolean {
  return 'code' in outcome ? BROKEN_CONNECTION_CODES.has(outcome.code) : RETRYABLE_STATUSES.has(outcome.status)
}

export const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(ms < 10_000 ? 2 : 0))}s`
