/** How patient the network layer is, and how strict about transport: flags and environment, checked once. */
import {usageError} from '../errors.js'
import {DEFAULT_RETRIES} from './retry.js'

export const DEFAULT_TIMEOUT_MS = 60_000
/** A longer timeout would overflow Node's timers; no answer is worth waiting an hour for. */
export const MAX_TIMEOUT_SECONDS = 3600
/** The largest answer read (CLI_MAX_RESPONSE_MB): a hostile or broken upstream cannot fill the memory or the disk. */
export const DEFAULT_MAX_RESPONSE_MB = 256
const MB = 1024 * 1024

export interface NetOptions {
  /** The whole request: connecting (at most 10 s of it), sending, and the answer to its last byte. */
  timeoutMs: number
  /** Answers (and error pages, and downloads) larger than this fail the command. */
  maxResponseBytes: number
  retries: number
  /** Multiplies every retry wait (CLI_RETRY_WAIT_SCALE). */
  waitScale: number
  /** Send the token over plain http:// to a host that is not loopback (--insecure, CLI_INSECURE=1). */
  insecure: boolean
  /** HTTP trace on stderr (--verbose). */
  verbose: boolean
}

export interface NetFlags {
  timeout?: string
  retries?: number
  insecure?: boolean
  verbose?: boolean
}

/** A positive number of seconds, at most an hour: `30`, `0.5`. */
export function parseTimeoutSeconds(raw: string, source: string): number {
  const text = raw.trim()
  const n = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN
  if (!(n > 0) || n > MAX_TIMEOUT_SECONDS) {
    throw usageError(
      `${source} must be a number of seconds above 0 and at most ${MAX_TIMEOUT_SECONDS}, ` +
        `got ${JSON.stringify(raw.slice(0, 40))}`,
    )
  }
  return n
}

const TRUE = new Set(['1', 'true', 'yes'])
const FALSE = new Set(['', '0', 'false', 'no'])

function envBoolean(value: string | undefined, name: string): boolean {
  const v = (value ?? '').trim().toLowerCase()
  if (TRUE.has(v)) return true
  if (FALSE.has(v)) return false
  throw usageError(`${name} must be 1 or 0 (true or false), got ${JSON.stringify(value)}`)
}

export function netOptions(flags: NetFlags, env: NodeJS.ProcessEnv = process.env): NetOptions {
  let timeoutMs = DEFAULT_TIMEOUT_MS
  if (flags.timeout !== undefined) timeoutMs = parseTimeoutSeconds(flags.timeout, '--timeout') * 1000
  else if (env.CLI_TIMEOUT !== undefined) timeoutMs = parseTimeoutSeconds(env.CLI_TIMEOUT, 'CLI_TIMEOUT') * 1000
  let waitScale = 1
  if (env.CLI_RETRY_WAIT_SCALE !== undefined) {
    waitScale = Number(env.CLI_RETRY_WAIT_SCALE)
    if (!/^\d+(\.\d+)?$/.test(env.CLI_RETRY_WAIT_SCALE.trim()) || !(waitScale <= 1)) {
      throw usageError(
        `CLI_RETRY_WAIT_SCALE must be a number from 0 to 1, got ${JSON.stringify(env.CLI_RETRY_WAIT_SCALE)}`,
      )
    }
  }
  return {
    timeoutMs,
    maxResponseBytes: maxResponseBytes(env.CLI_MAX_RESPONSE_MB),
    retries: flags.retries ?? DEFAULT_RETRIES,
    waitScale,
    insecure: Boolean(flags.insecure) || envBoolean(env.CLI_INSECURE, 'CLI_INSECURE'),
    verbose: Boolean(flags.verbose),
  }
}

/** CLI_MAX_RESPONSE_MB in bytes (1 MB = 1,048,576 bytes; decimals allowed). */
function maxResponseBytes(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_MAX_RESPONSE_MB * MB
  const mb = /^\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : Number.NaN
  if (!(mb > 0) || mb > 1024 * 1024)
    throw usageError(
      `CLI_MAX_RESPONSE_MB must be a number of megabytes above 0, got ${JSON.stringify(raw.slice(0, 40))}`,
    )
  return Math.max(1, Math.floor(mb * MB))
}
