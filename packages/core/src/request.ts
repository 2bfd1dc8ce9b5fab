import {usageError} from './errors.js'

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
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
}

export const API_PREFIX = '/api/v1'

// Characters kept readable in query values: harmless there, and what users type (`id|asc`, `gt:1000`).
const READABLE = {'%3A': ':', '%2C': ',', '%7C': '|'} as Record<string, string>
const encodeQueryPart = (s: string): string => encodeURIComponent(s).replaceAll(/%3A|%2C|%7C/g, (m) => READABLE[m])

export function queryString(query: Array<[string, string]>): string {
  return query.map(([k, v]) => `${encodeQueryPart(k)}=${encodeQueryPart(v)}`).join('&')
}

/** Server root without a trailing slash or `/api/v1` (a base URL that already ends in it is not doubled). */
export function normalizeBaseUrl(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw usageError(`base URL "${raw}" is not a URL: give the server root, e.g. https://invoicing.co`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError(`base URL "${raw}" must start with http:// or https://`)
  }
  if (url.search || url.hash || url.username || url.password) {
    throw usageError(`base URL "${raw}" must not carry a query, a fragment or credentials`)
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '')
  return `${url.origin}${path}`
}

export function fullUrl(baseUrl: string, spec: Pick<RequestSpec, 'path' | 'query'>): string {
  const qs = queryString(spec.query)
  return `${normalizeBaseUrl(baseUrl)}${spec.path}${qs ? `?${qs}` : ''}`
}

/**
 * One path segment from user input (an id, an invitation key, an action name). Escaped, so a
 * crafted id can never reach another route; `.`/`..` and control characters are refused outright.
 */
export function pathSegment(value: string, what: string): string {
  if (value === '') throw usageError(`${what} must not be empty`)
  if (value === '.' || value === '..') throw usageError(`${what} "${value}" is not valid`)
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001F\u007F]/.test(value)) throw usageError(`${what} must not contain control characters`)
  return encodeURIComponent(value)
}

export const apiPath = (...segments: string[]): string => [API_PREFIX, ...segments].join('/')
