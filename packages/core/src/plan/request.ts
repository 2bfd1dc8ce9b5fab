import {shown, usageError} from '../errors.js'

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
export type Json = null | boolean | number | string | Json[] | {[key: string]: Json}

/** One part of a multipart body: a form field, or a file streamed from disk. */
export type MultipartPart = {name: string; value: string} | {name: string; path: string; filename: string; size: number}

/**
 * What a command wants sent, as plain data. Dry runs print it, tests assert on it, and the HTTP
 * layer sends it: one description for all three.
 */
export interface RequestSpec {
  method: Method
  /** Path under the server root, already escaped: `/api/v1/invoices/abc`. */
  path: string
  query: Array<[string, string]>
  body?: Json
  multipart?: MultipartPart[]
  /** Send X-API-PASSWORD (password-protected routes). */
  password?: boolean
  /**
   * Whatever its method, the request changes upstream records (a create, an e-mail sent by a GET
   * action, a report that mails itself). Such a request is never sent twice unless the upstream
   * provably did not process it (http/retry.ts).
   */
  changes: boolean
  /** The records it reads or changes, for messages: "invoices X not found", "check with cli invoices show X". */
  record?: RecordRef
}

/** The family word and the ids a request names (none for a create or a list). */
export interface RecordRef {
  family: string
  ids: string[]
}

/** The command that shows whether a change took effect: the record, or the newest records for a create. */
export function checkCommand(ref: RecordRef): string {
  if (ref.ids.length === 0) return `cli ${ref.family} list --sort 'id|desc' --per-page 5`
  const more = ref.ids.length > 1 ? ` (and the other ${ref.ids.length - 1} ids)` : ''
  return `cli ${ref.family} show ${ref.ids[0]}${more}`
}

export const API_PREFIX = '/api/v1'

// Characters kept readable in query values: harmless there, and what users type (`id|asc`, `gt:1000`).
const READABLE = {'%3A': ':', '%2C': ',', '%7C': '|'} as Record<string, string>
const encodeQueryPart = (s: string): string => encodeURIComponent(s).replaceAll(/%3A|%2C|%7C/g, (m) => READABLE[m])

export function queryString(query: Array<[string, string]>): string {
  return query.map(([k, v]) => `${encodeQueryPart(k)}=${encodeQueryPart(v)}`).join('&')
}

/** A base URL as messages show it: a password in it (`//user:pw@`) masked, since the line may land in a CI log. */
const maskedUrl = (raw: string): string => shown(raw.replace(/\/\/([^/@:]*):[^/@]*@/, '//$1:***@'))

/** Server root without a trailing slash or `/api/v1` (a base URL that already ends in it is not doubled). */
export function normalizeBaseUrl(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw usageError(`base URL ${maskedUrl(raw)} is not a URL: give the server root, e.g. https://invoicing.co`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError(`base URL ${maskedUrl(raw)} must start with http:// or https://`)
  }
  if (url.search || url.hash || url.username || url.password) {
    throw usageError(`base URL ${maskedUrl(raw)} must not carry a query, a fragment or credentials`)
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '')
  return `${url.origin}${path}`
}

/** 127.0.0.0/8, ::1 and localhost: traffic that never leaves this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1')
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

/** Refuses to send the token in clear text over a network: plain http:// only to loopback, or with --insecure. */
export function checkTransport(baseUrl: string, insecure: boolean): void {
  const url = new URL(baseUrl)
  if (url.protocol !== 'http:' || insecure || isLoopbackHost(url.hostname)) return
  throw usageError(
    `refusing to send the API token over plain http:// to ${url.host}: anyone on the network could read it. Use ` +
      'https://, or pass --insecure (CLI_INSECURE=1) to send it anyway',
  )
}

export function fullUrl(baseUrl: string, spec: Pick<RequestSpec, 'path' | 'query'>): string {
  const qs = queryString(spec.query)
  return `${normalizeBaseUrl(baseUrl)}${spec.path}${qs ? `?${qs}` : ''}`
}

const ID = /^[A-Za-z0-9_-]+$/
export const MAX_ID_LENGTH = 128

/**
 * An id or invitation key from user input. Upstream ids are short strings of letters and digits
 * (`VolejRejNm`), so anything else (`/`, `?`, `#`, `..`, spaces, control characters) is refused
 * before a request is made: a crafted id can never reach another route.
 */
export function checkId(value: string, what: string): string {
  checkKey(value, what)
  if (!ID.test(value))
    throw usageError(
      `${what} ${shown(value)} is not valid: use only letters, digits, - and _ (upstream ids look like VolejRejNm)`,
    )
  return value
}

/**
 * Characters no key a person means holds, and which a terminal does not show: controls, format characters (zero-width
 * spaces and joiners, bidi marks and overrides, the byte order mark) and line or paragraph separators.
 */
let hiddenCharacter: RegExp | undefined
/** Printable ASCII holds none of them: the Unicode classes are built (≈0.4 ms) only for a key with other characters. */
const PRINTABLE_ASCII = /^[ -~]*$/
const codePoint = (c: string): string => (c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')

/**
 * An id, or a human key that stands for one (`--client-id "Acme Ltd"`): not empty, not too long. A key only ever goes
 * into a list query's parameter (plan/record-keys.ts), escaped; the id it finds is checked as any id.
 */
export function checkKey(value: string, what: string): string {
  if (value.trim() === '') throw usageError(`${what} must not be ${value === '' ? 'empty' : 'blank'}`)
  const hidden = PRINTABLE_ASCII.test(value) ? null : (hiddenCharacter ??= /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u).exec(value)
  if (hidden)
    throw usageError(
      `${what} ${shown(value)} holds an invisible character (U+${codePoint(hidden[0])}: a control, zero-width or ` +
        `bidi character); type it without`,
    )
  if (value.length > MAX_ID_LENGTH)
    throw usageError(
      `${what} is too long (${value.length} characters, at most ${MAX_ID_LENGTH}): upstream ids look like VolejRejNm`,
    )
  return value
}

/** One path segment from user input (an id, an invitation key): checked, and escaped all the same. */
export const pathSegment = (value: string, what: string): string => encodeURIComponent(checkId(value, what))

export const apiPath = (...segments: string[]): string => [API_PREFIX, ...segments].join('/')
