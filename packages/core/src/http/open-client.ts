/** The one way to an HttpClient from credentials and the network options (net-options.ts). */
import type {Settings} from '../config/config.js'
import {CliError, ExitCode} from '../errors.js'
import {checkSecret} from '../input/typed-values.js'
import {writeErr} from '../output/write.js'
import {checkTransport, normalizeBaseUrl} from '../plan/request.js'
import {HttpClient} from './client.js'
import type {NetOptions} from './net-options.js'

/** An HttpClient for these credentials under these options: the secrets and the transport checked first. */
export function openClient(
  to: {baseUrl: string; token: string; password?: string},
  net: NetOptions,
  userAgent: string,
): HttpClient {
  const baseUrl = normalizeBaseUrl(to.baseUrl)
  checkSecret(to.token, 'the API token')
  if (to.password !== undefined) checkSecret(to.password, 'CLI_API_PASSWORD', true)
  checkTransport(baseUrl, net.insecure)
  return new HttpClient({
    ...to,
    baseUrl,
    userAgent,
    timeoutMs: net.timeoutMs,
    maxResponseBytes: net.maxResponseBytes,
    retries: net.retries,
    waitScale: net.waitScale,
    trace: net.verbose ? writeErr : undefined,
    notify: writeErr,
  })
}

/** What a live request needs of the resolved settings: a token (else exit 4) and a base URL (else exit 2). */
export function liveCredentials(s: Settings): {baseUrl: string; token: string; password?: string} {
  if (!s.token && s.tokenUnreadable) throw s.tokenUnreadable
  if (!s.token)
    throw new CliError(
      s.tokenWithheld ?? 'no token configured: set CLI_API_TOKEN or run "cli auth login"',
      ExitCode.auth,
    )
  if (s.baseUrl === undefined)
    throw new CliError(
      'no base URL configured: pass --base-url, set CLI_BASE_URL or run "cli auth login"',
      ExitCode.usage,
    )
  return {baseUrl: s.baseUrl, token: s.token, password: s.password}
}
