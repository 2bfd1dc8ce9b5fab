/** The `--verbose` HTTP trace: what was sent and what came back, secrets redacted. Pure formatting. */

import {type Credentials, REDACTED, requestHeaders, scrubSecrets} from './headers.js'
import type {RequestSpec} from '../plan/request.js'

let statusTexts: Record<number, string | undefined> | undefined
/** node:http's reason phrases, loaded when a trace is asked for (--verbose), not at every start (≈1.5 ms). */
export async function loadStatusTexts(): Promise<void> {
  statusTexts ??= (await import('node:http')).STATUS_CODES
}

/** Response headers that can carry credentials of their own. */
const SECRET_HEADERS: ReadonlySet<string> = new Set([
  'set-cookie',
  'cookie',
  'authorization',
  'proxy-authorization',
  'x-api-token',
  'x-api-password',
])

const scrubbed = (lines: string[], creds: Credentials): string[] => lines.map((l) => scrubSecrets(l, creds))

export function requestTrace(spec: RequestSpec, url: string, creds: Credentials): string[] {
  const headers = Object.entries(requestHeaders(spec, creds, true)).map(([k, v]) => `> ${k}: ${v}`)
  return scrubbed([`> ${spec.method} ${url}`, ...headers], creds)
}

export function responseTrace(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  ms: number,
  creds: Credentials,
): string[] {
  const text = statusTexts?.[status]
  const lines = [`< ${status}${text ? ` ${text}` : ''} (${ms} ms)`]
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue
    const shown = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : Array.isArray(value) ? value.join(', ') : value
    lines.push(`< ${name}: ${shown}`)
  }
  return scrubbed(lines, creds)
}

export const failureTrace = (code: string, ms: number, creds: Credentials): string[] =>
  scrubbed([`< no answer: ${code} (${ms} ms)`], creds)
