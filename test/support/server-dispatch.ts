/**
 * The request dispatcher: the landing page, the gate (token, X-Requested-With, password), the fixed routes (ping,
 * health_check, filters, statics, search, reports, charts, invitation downloads), then the operations of
 * server-operations.ts and the collections of server-collections.ts. Whatever matches none is the server's catch-all
 * 404.
 */
import {collectionRoute} from './server-collections.js'
import {invitationDownload} from './server-files.js'
import {bulkMenu, HEALTH, LANDING_PAGE, PING, REPORT_CSV, STATICS} from './server-fixtures.js'
import {containsText} from './server-lists.js'
import {operationRoute} from './server-operations.js'
import {checkRepeat} from './server-repeat-guard.js'
import {HttpError, notFound, ok, type Reply} from './server-reply.js'
import {jsonBody, type RecordedRequest} from './server-request.js'
import {INVITATION_ENTITIES} from './server-routes.js'
import type {Store} from './server-store.js'
import {clone} from './server-values.js'

const API_PREFIX = '/api/v1/'
export const SEGMENT = /^[a-z_]+$/
/** Segments that are routes of their own, never generic collections. */
const RESERVED = new Set([
  'api',
  'ping',
  'health_check',
  'filters',
  'statics',
  'search',
  'reports',
  'charts',
  'recurring_invoice',
  ...INVITATION_ENTITIES,
])

/** Where the stand-in listens and what its gate lets through. */
export interface GateConfig {
  url: string
  token: string
  password: string
}

/** The answer to one recorded request; an HttpError thrown on the way is the answer's error body. */
export function dispatch(store: Store, server: GateConfig, request: RecordedRequest): Reply {
  // Where the 302 below leads: the web app's HTML page, as on the real server.
  if (request.path === '/' && request.method === 'GET') return {type: 'html', body: LANDING_PAGE}
  if (!request.path.startsWith(API_PREFIX)) throw notFound()
  const parts = request.path.slice(API_PREFIX.length).split('/').map(decodeSegment)
  // Laravel answers HEAD on every GET route (Node drops the body of a HEAD answer).
  const routedAs = request.method === 'HEAD' ? {...request, method: 'GET'} : request
  return gate(server, request, parts[0] ?? '') ?? apiRoute(store, server.url, routedAs, parts)
}

/** Token, X-Requested-With and password checks, in that order. */
function gate(server: GateConfig, request: RecordedRequest, segment: string): Reply | undefined {
  const header = (name: string) => {
    const value = request.headers[name]
    return Array.isArray(value) ? value[0] : value
  }
  const token = header('x-api-token')
  if (token === 'no-permission') throw new HttpError(401, {message: 'This action is unauthorized.'})
  if (token !== server.token) throw new HttpError(403, {message: 'Invalid token', errors: {}})
  if (header('x-requested-with') !== 'XMLHttpRequest') return {type: 'redirect', location: `${server.url}/`}
  // Every users route asks for the password, but disconnect_mailer (routes/api.php gives it no password_protected).
  const open = segment === 'users' && request.path.endsWith('/disconnect_mailer') && request.method === 'POST'
  if (segment === 'users' && !open && header('x-api-password') !== server.password) {
    throw new HttpError(412, {message: 'Invalid Password', errors: {}})
  }
  return undefined
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** Routes a path below /api/v1/, already split and decoded. */
function apiRoute(store: Store, url: string, request: RecordedRequest, parts: string[]): Reply {
  const {method} = request
  const [first = '', second = '', third = ''] = parts
  if (parts.some((p) => p === '')) throw notFound()
  if (parts.length === 1 && first === 'ping' && method === 'GET') return ok(PING)
  if (parts.length === 1 && first === 'statics' && method === 'GET') return ok(STATICS)
  if (parts.length === 1 && first === 'search' && method === 'POST') return search(store, request)
  if (parts.length === 1 && first === 'health_check' && method === 'GET') return ok(HEALTH)
  if (parts.length === 2 && first === 'filters' && method === 'POST') return ok(bulkMenu(second))
  if (first === 'reports' && second === 'preview' && parts.length === 3 && method === 'POST')
    return reportPreview(store, third)
  if (first === 'reports' && parts.length === 2 && method === 'POST') return startReport(store, second, request)
  if (first === 'charts' && parts.length === 2 && method === 'POST')
    return ok({chart: second, currencies: {'1': {code: 'USD'}}, totals: {invoices: 2, revenue: 1234.5}})
  if (parts.length === 3 && INVITATION_ENTITIES.has(first) && third === 'download' && method === 'GET') {
    return invitationDownload(store, first, second)
  }
  checkRepeat(store, request, parts)
  const operation = operationRoute(store, request, parts)
  if (operation) return operation
  if (!SEGMENT.test(first) || RESERVED.has(first) || parts.length > 3) throw notFound()
  return collectionRoute(store, url, request, first, parts.slice(1))
}

function search(store: Store, request: RecordedRequest): Reply {
  const text = jsonBody(request).search
  const find = (segment: string) =>
    typeof text === 'string' && text !== ''
      ? clone(store.collection(segment).filter((r) => r.is_deleted !== true && containsText(r, text)))
      : []
  return ok({clients: find('clients'), client_contacts: [], invoices: find('invoices'), settings: []})
}

/**
 * POST /reports/{name}: with send_email left true the report is e-mailed ("working..."); with
 * send_email:false the answer is a hash to fetch from /reports/preview/{hash}.
 */
function startReport(store: Store, name: string, request: RecordedRequest): Reply {
  const body = jsonBody(request)
  if (body.send_email !== false) return ok({message: 'working...'})
  const hash = `rep${store.nextId()}`
  store.reports.set(hash, {name, output: body.output === 'json' ? 'json' : 'csv', pending: store.reportDelay})
  return ok({message: hash})
}

function reportPreview(store: Store, hash: string): Reply {
  const job = store.reports.get(hash)
  if (!job) throw new HttpError(404, {message: 'Report not found'})
  if (job.pending > 0) {
    job.pending -= 1
    throw new HttpError(409, {message: 'Still working'})
  }
  store.reports.delete(hash) // readable once
  if (job.output === 'json') return ok([{client: 'Acme Ltd', number: '0001', amount: '1250.50'}])
  return {type: 'text', status: 200, contentType: 'text/csv; charset=UTF-8', body: REPORT_CSV}
}
