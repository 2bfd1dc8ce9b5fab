import type {RequestSpec} from '../plan/request.js'

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

/** The two hex digits of a character code, either case: `2d` → `2[dD]`. */
const hexPattern = (code: number): string =>
  [...code.toString(16).padStart(2, '0')].map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d)).join('')

const patterns = new Map<string, RegExp>()

/**
 * A secret however an answer may spell it: each character as itself, as any JSON escape of it
 * (`\u002d`, `\u002D`, `\/`, `\"`, `\\`) or percent-encoded (`%2D`). Secrets are printable ASCII
 * (input/typed-values.ts checkSecret), so one code unit each.
 */
function secretPattern(secret: string): RegExp {
  let pattern = patterns.get(secret)
  if (!pattern) {
    const chars = [...secret].map((c) => {
      const code = c.charCodeAt(0)
      const forms = [
        c.replaceAll(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'),
        `\\\\u00${hexPattern(code)}`,
        `%${hexPattern(code)}`,
      ]
      if (c === '/' || c === '"' || c === '\\') forms.push(`\\\\\\${c}`)
      return `(?:${forms.join('|')})`
    })
    pattern = new RegExp(chars.join(''), 'g')
    patterns.set(secret, pattern)
  }
  return pattern
}

const secretsOf = (creds: Pick<Credentials, 'token' | 'password'>): string[] =>
  [creds.token, creds.password].filter((s): s is string => s !== undefined && s.length >= 4)

/** Replaces every occurrence of the secrets in a text (answers, error messages, traces), escaped spellings included. */
export function scrubSecrets(text: string, creds: Pick<Credentials, 'token' | 'password'>): string {
  let out = text
  for (const secret of secretsOf(creds)) {
    out = out.split(secret).join(REDACTED)
    // The slower pattern only where an escaped spelling could be.
    if (out.includes('\\') || out.includes('%')) out = out.replace(secretPattern(secret), REDACTED)
  }
  return out
}

/** True when a text holds one of the secrets, in any spelling scrubSecrets knows. */
export const holdsSecret = (text: string, creds: Pick<Credentials, 'token' | 'password'>): boolean =>
  scrubSecrets(text, creds) !== text

/** Bytes of any encoding with the secrets scrubbed: latin1 maps each byte to one character and back. */
export const scrubBytes = (bytes: Buffer, creds: Pick<Credentials, 'token' | 'password'>): Buffer =>
  secretsOf(creds).length === 0 ? bytes : Buffer.from(scrubSecrets(bytes.toString('latin1'), creds), 'latin1')
