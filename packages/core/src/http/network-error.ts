/**
 * A network failure in one line: what went wrong, what to check, and, for a change that may have
 * reached the server, that it may have taken effect and how to check (retry.ts says when nothing
 * was sent).
 */
import {CliError, ExitCode} from '../errors.js'
import {type Credentials, scrubSecrets} from './headers.js'
import type {ProxyInUse} from './proxy.js'
import type {RequestSpec} from '../plan/request.js'
import {BEFORE_CONNECT_CODES, seconds} from './retry.js'
import {mayHaveTakenEffect} from './upstream-error.js'

export const CONNECT_TIMEOUT_MS = 10_000

export const errorCode = (error: unknown): string => String((error as {code?: unknown}).code ?? 'ERROR')

/** Node's codes for a certificate or handshake the client refused: nothing was sent. */
const TLS_CODE =
  /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH)/

export interface FailureContext {
  url: string
  timeoutMs: number
  maxResponseBytes: number
  secrets: Pick<Credentials, 'token' | 'password'>
  /** The proxy the request went through: a failure to connect is then the proxy's, not the base URL's. */
  proxy?: ProxyInUse
}

export function networkError(error: unknown, spec: RequestSpec, ctx: FailureContext, download = false): CliError {
  if (error instanceof CliError) return error
  const e = error as Error & {code?: string; event?: string; response?: unknown}
  const origin = safeOrigin(ctx.url)
  const code = errorCode(e)
  const limit = `${seconds(ctx.timeoutMs)} (--timeout)`
  const nothingSent = BEFORE_CONNECT_CODES.has(code) || code === 'ENOTFOUND' || TLS_CODE.test(code)
  const mb = +(ctx.maxResponseBytes / 1024 / 1024).toFixed(3)
  let message: string
  // Before any answer, the failure is the proxy's when there is one: named by host:port, never its credentials.
  const proxy = ctx.proxy && `the proxy ${ctx.proxy.address} (${ctx.proxy.variable})`
  const unreached = connectFailure(e, code, proxy ?? origin, ctx.timeoutMs)
  if (ctx.proxy && (unreached || (code === 'ECONNRESET' && !e.response))) {
    message =
      `${unreached ?? `${proxy} closed the connection before any answer (${code})`}. Check ${ctx.proxy.variable}, ` +
      `or name ${ctx.proxy.host} in NO_PROXY to connect without the proxy`
  } else if (code === 'ERESPONSETOOLARGE') {
    message =
      `the answer from ${origin} is larger than ${mb} ` +
      `MB: ${download ? 'for a larger file' : 'ask for less (--per-page, --filter), or'} raise CLI_MAX_RESPONSE_MB`
  } else if (unreached) message = `${unreached}${DIRECT_ADVICE[code] ?? ''}`
  else if (TLS_CODE.test(code))
    message =
      `could not make a secure connection to ${origin}: its certificate was refused (${code}). Check the base URL; ` +
      'a private CA goes in NODE_EXTRA_CA_CERTS'
  else if (code === 'ETIMEDOUT' && download && e.response)
    message = `the download from ${origin} did not finish within ${limit}: for a large file, raise --timeout`
  else if (code === 'ETIMEDOUT' && e.response) message = `the answer from ${origin} did not finish within ${limit}`
  else if (code === 'ETIMEDOUT') message = `no answer from ${origin} within ${limit}`
  else if (e.name === 'ReadError' || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
    message = `the connection to ${origin} broke before the answer was complete (${code})`
  } else
    message = `could not complete the request to ${origin}: ${e.code ?? e.message}. Check the base URL and your network`
  const connectPhase = code === 'ETIMEDOUT' && (e.event === 'lookup' || e.event === 'connect')
  if (spec.changes && !nothingSent && !connectPhase) message += `; ${mayHaveTakenEffect(spec)}`
  return new CliError(scrubSecrets(message, ctx.secrets), ExitCode.upstream, {cause: error})
}

// What to check after failing to reach the base URL itself.
const DIRECT_ADVICE: Readonly<Record<string, string>> = {
  ECONNREFUSED: '. Check the base URL and its port (--base-url, CLI_BASE_URL or the profile)',
  ENOTFOUND: '. Check the base URL (--base-url, CLI_BASE_URL or the profile) and your DNS',
  EAI_AGAIN: '. Check the base URL (--base-url, CLI_BASE_URL or the profile) and your DNS',
}

/** A failure to reach `where` (the base URL's origin, or the proxy) before anything was answered. */
function connectFailure(e: {event?: string}, code: string, where: string, timeoutMs: number): string | undefined {
  if (code === 'ECONNREFUSED') return `could not connect to ${where}: nothing is listening there (${code})`
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `could not find the host of ${where} (${code})`
  if (code === 'ETIMEDOUT' && (e.event === 'lookup' || e.event === 'connect'))
    return `could not connect to ${where} within ${seconds(Math.min(CONNECT_TIMEOUT_MS, timeoutMs))}`
  return undefined
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return 'the upstream'
  }
}
