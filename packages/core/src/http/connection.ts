/** What an HTTP client is made with (the upstream, its credentials, limits and where notes go) and sent with. */
import type {Credentials} from './headers.js'

export interface Connection extends Credentials {
  baseUrl: string
  /** Milliseconds for the whole request: connecting (at most 10 s of it), sending, and the answer to its last byte. */
  timeoutMs?: number
  /** The largest answer read, in bytes (default 256 MB); a larger one fails the command. */
  maxResponseBytes?: number
  /** Retries after the first attempt (default 3). */
  retries?: number
  /** Multiplies every retry wait (default 1). */
  waitScale?: number
  /** Receives the --verbose trace, one line at a time. */
  trace?: (line: string) => void
  /** Receives one line per retry, and notes on what was not retried (stderr). */
  notify?: (line: string) => void
}

export interface SendOptions {
  /** Hand a 429 straight back instead of retrying it (paging shrinks its window first). */
  passRateLimit?: boolean
  /** Cancels the request, and any retry of it (paging, once the listing has what it needs). */
  signal?: AbortSignal
}
