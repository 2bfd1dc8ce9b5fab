/** Exit codes: documented in docs/environment.md (generated from src/environment.ts) and in `cli --help`. */
export const ExitCode = {
  ok: 0,
  /** The upstream answered an error, or the network failed. */
  upstream: 1,
  /** Usage or input error found locally: nothing was sent. */
  usage: 2,
  /** Refused by the guardrail: nothing was sent. */
  guardrail: 3,
  /** No token configured, or the upstream rejected it (401/403). */
  auth: 4,
  /**
   * A listing stopped at the page cap, or a bulk action whose ids the server did not all find: what was printed is
   * right, but not everything asked for.
   */
  incomplete: 5,
  /** A saved plan that no longer holds (a target changed, another profile or server, an edited file): nothing sent. */
  stale: 6,
  /** The terminal went away (SIGHUP: ssh dropped, the window closed): 128 + 1. */
  hangup: 129,
  /** Interrupted by Ctrl-C (SIGINT), as shells report it: 128 + 2. */
  interrupted: 130,
  /** Stopped by SIGTERM (a timeout's kill, a cancelled job): 128 + 15. */
  terminated: 143,
} as const

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode]

/**
 * The one error type the CLI reports. `message` is the one line a user reads; `details` are
 * extra lines (a 422's field errors); `document` is what `--output json` puts on stderr.
 */
export class CliError extends Error {
  readonly exitCode: ExitCodeValue
  readonly details: string[]
  readonly status?: number
  readonly upstreamErrors?: unknown
  readonly upstreamMessage?: string

  constructor(
    message: string,
    exitCode: ExitCodeValue,
    opts: {
      details?: string[]
      status?: number
      upstreamErrors?: unknown
      upstreamMessage?: string
      cause?: unknown
    } = {},
  ) {
    super(message, {cause: opts.cause})
    this.name = 'CliError'
    this.exitCode = exitCode
    this.details = opts.details ?? []
    this.status = opts.status
    this.upstreamErrors = opts.upstreamErrors
    this.upstreamMessage = opts.upstreamMessage
  }

  /** The JSON error document written to stderr with `--output json`. */
  toDocument(): {error: Record<string, unknown>} {
    const error: Record<string, unknown> = {}
    if (this.status !== undefined) error.status = this.status
    error.message = this.upstreamMessage ?? this.message
    if (this.upstreamErrors !== undefined) error.errors = this.upstreamErrors
    error.exit_code = this.exitCode
    return {error}
  }
}

export const usageError = (message: string): CliError => new CliError(message, ExitCode.usage)

/**
 * A user's value inside a message: quoted and escaped, so it stays on one line whatever it holds, and cut when long.
 */
export function shown(value: string, max = 60): string {
  return JSON.stringify(value.length > max ? `${value.slice(0, max)}…` : value)
}
