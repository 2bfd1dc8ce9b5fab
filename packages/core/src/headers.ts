import type {RequestSpec} from './request.js'

export const REDACTED = '[REDACTED]'

export interface Credentials {
  token?: string
  password?: string
  userAgent: string
}

/**
 * The headers of one request, as FACTS.md requires them. With `redact`, secrets are shown as
 * [REDACTED] (dry runs, traces); a secret that is not configured is left out.
 */
export function requestHeaders(spec: RequestSpec, creds: Credentials, redact: boolean): Record<string, string> {
  const headers: Record<string, string> = {}
  if (creds.token !== undefined) headers['X-API-TOKEN'] = redact ? REDACTED : creds.token
  if (spec.password && creds.password !== undefined) headers['X-API-PASSWORD'] = redact ? REDACTED : creds.password
  headers['X-Requested-With'] = 'XMLHttpRequest'
  // Accept: application/json on every request, downloads too: without it the server answers
  // errors with HTML or redirects (FACTS.md); a PDF route still answers the PDF.
  headers.Accept = 'application/json'
  if (spec.body !== undefined) headers['Content-Type'] = 'application/json'
  // The multipart boundary is chosen when the body is encoded; a dry run shows the type only.
  if (spec.multipart) headers['Content-Type'] = 'multipart/form-data'
  headers['User-Agent'] = creds.userAgent
  return headers
}

/** Replaces every occurrence of the secrets in a text (error messages, traces). */
export function scrubSecrets(text: string, creds: Pick<Credentials, 'token' | 'password'>): string {
  let out = text
  for (const secret of [creds.token, creds.password]) {
    if (secret && secret.length >= 4) out = out.split(secret).join(REDACTED)
  }
  return out
}
