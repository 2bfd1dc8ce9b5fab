/**
 * When to send a request again, and after how long: pure functions, so every rule is unit-tested
 * without a network or a clock. The HTTP client runs the loop.
 *
 * Whether a request may be repeated follows from whether it changes records (RequestSpec.changes),
 * never from its method: a GET action sends e-mail, a POST search reads. A request that changes
 * records is sent again only when the upstream provably never processed it: a 429 (the rate
 * limiter answered before any controller ran), or a connection that failed before a byte was
 * written. A 5xx, a reset or a timeout may come after the change was made (a proxy's 504 in front
 * of a slow mail send), so it is never repeated. Read-only requests are retried on those too.
 */

export const DEFAULT_RETRIES = 3
export const MAX_RETRIES = 10
/** First backoff; it doubles with each retry, up to BACKOFF_CAP_MS. */
export const BACKOFF_BASE_MS = 1000
export const BACKOFF_CAP_MS = 30_000
/** The upstream's rate-limit windows are one minute long (FACTS.md); its 429s rarely say how long to wait. */
export const RATE_LIMIT_WINDOW_MS = 60_000
/** A Retry-After longer than this is not waited for: the command fails and says how long the upstream asked for. */
export const MAX_RETRY_AFTER_MS = 5 * 60_000
/**
 * A refused connection is tried once more after this, then fails: a wrong port should fail at once, not after seconds.
 */
export const CONNECT_RETRY_MS = 250

export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 502, 503, 504])
/** Failures before a connection existed: nothing reached the server, so even a change may be sent again (once). */
export const BEFORE_CONNECT_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'EAI_AGAIN'])
/** The connection broke after the request may have been sent. */
export const BROKEN_CONNECTION_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'EPIPE',
  'ERR_STREAM_PREMATURE_CLOSE',
])

/** What retryFor needs to know of a request. */
export interface Repeatable {
  changes: boolean
}

/** How one attempt ended: an answer with a status, or a network error code. */
export type Outcome = {status: number; retryAfter?: string} | {code: string}

export interface Retry {
  delayMs: number
  /** Why, for the one line on stderr. */
  reason: string
  /** The most retries of this kind, when fewer than --retries (a refused connection: one). */
  max?: number
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
export function retryFor(
  request: Repeatable,
  outcome: Outcome,
  retry: number,
  now = Date.now(),
  random: () => number = Math.random,
): Retry | undefined {
  if ('code' in outcome) {
    if (BEFORE_CONNECT_CODES.has(outcome.code)) {
      return retry === 1
        ? {delayMs: CONNECT_RETRY_MS, reason: `could not connect (${outcome.code}): nothing was sent`, max: 1}
        : undefined
    }
    if (BROKEN_CONNECTION_CODES.has(outcome.code) && !request.changes)
      return {delayMs: backoffMs(retry, random), reason: `the connection broke (${outcome.code})`}
    return undefined
  }
  if (!RETRYABLE_STATUSES.has(outcome.status)) return undefined
  // A 429 comes from the rate limiter, before any controller: the change was not made.
  if (request.changes && outcome.status !== 429) return undefined
  const asked = parseRetryAfter(outcome.retryAfter, now)
  if (asked !== undefined) {
    if (asked > MAX_RETRY_AFTER_MS) return undefined
    return {
      delayMs: asked,
      reason: `the upstream answered ${outcome.status} and asked to wait ${seconds(asked)} (Retry-After)`,
    }
  }
  if (outcome.status === 429) {
    // A fixed short wait is useless against a one-minute window: wait the window out (plus a little jitter).
    return {
      delayMs: RATE_LIMIT_WINDOW_MS + Math.round(random() * 2000),
      reason: "rate limited (429) without Retry-After: waiting out the upstream's one-minute window",
    }
  }
  return {delayMs: backoffMs(retry, random), reason: `the upstream answered ${outcome.status}`}
}

export const seconds = (ms: number): string => `${Number((ms / 1000).toFixed(ms < 10_000 ? 2 : 0))}s`
