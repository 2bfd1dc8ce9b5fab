/**
 * `cli api METHOD PATH`: any route under /api/v1 of the configured base URL, with the CLI's
 * headers, auth, output and error model. The path can never leave the base URL (normalizeEndpoint
 * refuses URLs, `//host`, `..`, `?`, `#` and escapes). GET and HEAD read, except on a record
 * action's route (`invoices/{id}/mark_paid`: core's plan/raw-paths.ts); that and every other method change
 * records: they need --yes and are never sent twice. The password goes only to the routes that need it.
 */
import {
  getActionOf,
  type Json,
  type Method,
  needsPassword,
  normalizeEndpoint,
  type RequestSpec,
  shown,
  usageError,
} from '@invoicing-cli/core/internal'

export const API_METHODS: readonly Method[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']

export const isReadMethod = (method: string): boolean => method === 'GET' || method === 'HEAD'

export function apiMethod(raw: string): Method {
  const method = raw.toUpperCase() as Method
  if (!API_METHODS.includes(method)) throw usageError(`method ${shown(raw)} is not one of ${API_METHODS.join(', ')}`)
  return method
}

/** `--param key=value` pairs, in order (a key may repeat, as `status=active&status=archived` would). */
export function apiParams(raw: readonly string[]): Array<[string, string]> {
  return raw.map((pair) => {
    const eq = pair.indexOf('=')
    if (eq <= 0) throw usageError(`--param ${shown(pair)} needs the form key=value, e.g. status=active`)
    return [pair.slice(0, eq), pair.slice(eq + 1)]
  })
}

/** The request of `cli api`: GET and HEAD take no body (a dry run never shows one the live request would drop). */
export function apiRequest(
  rawMethod: string,
  rawPath: string,
  params: readonly string[],
  body?: {[key: string]: Json},
): RequestSpec {
  const method = apiMethod(rawMethod)
  const path = normalizeEndpoint(rawPath, 'path', 'invoices/VolejRejNm')
  if (isReadMethod(method) && body !== undefined)
    throw usageError(`${method} takes no body: drop --data, --data-file, --stdin and --field`)
  const action = isReadMethod(method) ? getActionOf(path) : undefined
  const request: RequestSpec = {
    method,
    path: `/api/v1/${path}`,
    query: apiParams(params),
    changes: !isReadMethod(method) || action !== undefined,
    ...(needsPassword(path) ? {password: true} : {}),
    ...(action ? {record: {family: action.family.word, ids: [action.id]}} : {}),
  }
  return body === undefined ? request : {...request, body}
}
