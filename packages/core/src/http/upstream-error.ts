/** Turns an upstream error answer into one clear line (plus a 422's field errors). */
import {CliError, ExitCode} from '../errors.js'
import {checkCommand, type RequestSpec} from '../plan/request.js'

// The CLI never follows a redirect (the token would go along): one means the base URL is not the API's root.
const REDIRECT = 'a redirect: check that the base URL is the server root, e.g. https://invoicing.co, not a web page'

const HINTS: Record<number, string> = {
  301: REDIRECT,
  302: REDIRECT,
  303: REDIRECT,
  307: REDIRECT,
  308: REDIRECT,
  401: 'the token lacks permission for this record or action',
  403: 'check CLI_API_TOKEN or run "cli auth login"',
  404: 'unknown route: check the base URL and the command',
  412: 'this route is password-protected: CLI_API_PASSWORD is not set, or not the account password',
  429: 'rate limited: wait a minute and try again',
}

function messageOf(body: unknown): string | undefined {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>
    if (typeof b.message === 'string' && b.message) return b.message
    if (typeof b.error === 'string' && b.error) return b.error
    if (b.error && typeof b.error === 'object' && typeof (b.error as Record<string, unknown>).message === 'string') {
      return (b.error as Record<string, string>).message
    }
  }
  return undefined
}

/** `client_id: The client id field is required.` for each field of a 422's `errors`. */
export function fieldErrorLines(errors: unknown): string[] {
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return []
  return Object.entries(errors as Record<string, unknown>).map(([field, v]) => {
    const text = Array.isArray(v) ? v.map(String).join(' ') : typeof v === 'string' ? v : JSON.stringify(v)
    return `${field}: ${text}`
  })
}

/** A short, single-line rendering of a body that is not a JSON error (an HTML page, say). */
function describeRaw(text: string, contentType: string): string {
  const line = text.replaceAll(/\s+/g, ' ').trim()
  if (!line) return 'an empty answer'
  if (/html/i.test(contentType) || /^\s*</.test(text)) return `an HTML page (${Buffer.byteLength(text)} bytes)`
  return line.length > 200 ? `${line.slice(0, 200)}…` : line
}

export function upstreamError(status: number, rawBody: Buffer | string, contentType = ''): CliError {
  const text = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8')
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  const message = messageOf(parsed) ?? describeRaw(text, contentType)
  const errors = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>).errors : undefined
  const hint = HINTS[status]
  const line = `upstream answered ${status}: ${message}${hint ? ` (${hint})` : ''}`
  const exitCode = status === 401 || status === 403 ? ExitCode.auth : ExitCode.upstream
  return new CliError(line, exitCode, {
    status,
    details: fieldErrorLines(errors),
    upstreamErrors: errors,
    upstreamMessage: message,
  })
}

/** What a user can run to see whether a change took effect, as the tail of a message. */
export function mayHaveTakenEffect(request: Pick<RequestSpec, 'record'>): string {
  const check = request.record ? ` with "${checkCommand(request.record)}"` : ''
  return `the change may have taken effect upstream: check${check} before sending it again`
}

/**
 * The error for a success (2xx) whose body is not JSON on a request that expects JSON: an HTML page
 * from a misconfigured base URL, a proxy or an expired session, or JSON cut short. After a change
 * it adds that the change may have been made, as after a 5xx: such a page often means the request
 * never reached the server (a login page, the web app's own page), but a proxy can also answer it
 * after passing the request on, and JSON cut short came from the server itself. The client cannot
 * tell which, and sending the change again could make it twice, so it says how to check instead.
 */
export function notJsonError(
  status: number,
  size: number,
  request?: Pick<RequestSpec, 'changes' | 'record'>,
): CliError {
  const line = `upstream answered ${status} with a body that is not JSON (${size} bytes): check the base URL`
  return new CliError(request?.changes ? `${line}; ${mayHaveTakenEffect(request)}` : line, ExitCode.upstream, {status})
}

/**
 * The error for an answer that is not a success, in the words of the request that got it: an
 * unknown record (the server's 400) names the family and id; a 5xx after a change says it may
 * have been made all the same (a proxy's 504 in front of a slow e-mail send, say).
 */
export function answerError(
  res: {status: number; headers: Record<string, string | string[] | undefined>; body: Buffer},
  request?: Pick<RequestSpec, 'changes' | 'record'>,
): CliError {
  const contentType = res.headers['content-type']
  const error = upstreamError(
    res.status,
    res.body,
    String((Array.isArray(contentType) ? contentType[0] : contentType) ?? ''),
  )
  const ref = request?.record
  if (res.status === 400 && ref?.ids.length === 1 && /^No query results for model/.test(error.upstreamMessage ?? '')) {
    return new CliError(
      `${ref.family} ${ref.ids[0]} not found: the upstream has no such record (or it belongs to another company)`,
      ExitCode.upstream,
      {
        status: 400,
        upstreamMessage: error.upstreamMessage,
      },
    )
  }
  // The server's guard against a repeat (plan/repeat-guard.ts) refuses before it reads the request: nothing was done.
  if (res.status === 400 && /^Duplicate request\b/.test(error.upstreamMessage ?? '')) {
    return new CliError(
      `${error.message.replace(/\.$/, '')} (the server refuses a change like one it had from this address less than ` +
        'a second before: nothing was changed; if this one was meant, run it again)',
      ExitCode.upstream,
      {status: 400, upstreamMessage: error.upstreamMessage},
    )
  }
  if (request?.changes && res.status >= 500) {
    return new CliError(`${error.message}; ${mayHaveTakenEffect(request)}`, error.exitCode, {
      status: error.status,
      upstreamMessage: error.upstreamMessage,
    })
  }
  return error
}
