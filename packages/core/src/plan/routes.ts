/**
 * Pure builders: a family, a verb and its inputs → the RequestSpec to send. Every route the
 * resource commands call is written here and nowhere else.
 */
import {shown, usageError} from '../errors.js'
import {type Family, type Verb} from '../registry/types.js'
import {supportedVerbs} from '../registry/registry.js'
import {apiPath, checkId, type Json, type MultipartPart, pathSegment, type RequestSpec} from './request.js'
import {checkAction, checkSort, includeQuery, parseFilter} from './query-checks.js'

export {checkAction, checkSort, parseFilter} from './query-checks.js'

/**
 * Refuses a verb the family's server does not route, naming what it does support, or the command
 * that does the same where the published document lists a route the server lacks.
 */
export function requireVerb(f: Family, verb: Verb): void {
  if (f.verbs.has(verb)) return
  const instead = f.documentOnly.get(verb)
  if (instead) {
    throw usageError(
      `${f.word} ${verb} is not available: the server has no such route (the published API document lists one). ` +
        `Instead: ${instead}`,
    )
  }
  throw usageError(
    `${f.word} does not support ${shown(verb)}: the upstream publishes no such route. ${f.word} ` +
      `supports: ${supportedVerbs(f).join(', ')}`,
  )
}

const spec = (
  f: Family,
  method: RequestSpec['method'],
  path: string,
  query: Array<[string, string]> = [],
  ids: string[] = [],
): RequestSpec => ({
  method,
  path,
  query,
  ...(f.passwordProtected ? {password: true} : {}),
  changes: false,
  record: {family: f.word, ids},
})

/** The same, for a request that changes records: never sent twice (http/retry.ts). */
const change = (
  f: Family,
  method: RequestSpec['method'],
  path: string,
  query: Array<[string, string]> = [],
  ids: string[] = [],
): RequestSpec => ({
  ...spec(f, method, path, query, ids),
  changes: true,
})

export interface ListInput {
  page?: number
  perPage?: number
  sort?: string
  filters?: string[]
  include?: string
}

export function listRequest(f: Family, input: ListInput): RequestSpec {
  requireVerb(f, 'list')
  const query: Array<[string, string]> = []
  if (input.page !== undefined) query.push(['page', String(input.page)])
  if (input.perPage !== undefined) query.push(['per_page', String(input.perPage)])
  if (input.sort !== undefined) query.push(['sort', checkSort(input.sort)])
  for (const raw of input.filters ?? []) query.push(parseFilter(raw))
  return spec(f, 'GET', apiPath(f.segment), [...query, ...includeQuery(input.include)])
}

export function showRequest(f: Family, id: string, include?: string): RequestSpec {
  requireVerb(f, 'show')
  return spec(f, 'GET', apiPath(f.segment, pathSegment(id, 'id')), includeQuery(include), [id])
}

export function templateRequest(f: Family): RequestSpec {
  requireVerb(f, 'template')
  return spec(f, 'GET', apiPath(f.segment, 'create'))
}

export function editTemplateRequest(f: Family, id: string): RequestSpec {
  requireVerb(f, 'edit-template')
  return spec(f, 'GET', apiPath(f.segment, pathSegment(id, 'id'), 'edit'), [], [id])
}

/** `after`: the side effects on save the family honours (`send_email=true`, ...), as query parameters. */
export function createRequest(
  f: Family,
  body: Json,
  include?: string,
  after: Array<[string, string]> = [],
): RequestSpec {
  requireVerb(f, 'create')
  return {...change(f, 'POST', apiPath(f.segment), [...includeQuery(include), ...after]), body}
}

export function updateRequest(
  f: Family,
  id: string,
  body: Json,
  include?: string,
  after: Array<[string, string]> = [],
): RequestSpec {
  requireVerb(f, 'update')
  return {
    ...change(f, 'PUT', apiPath(f.segment, pathSegment(id, 'id')), [...includeQuery(include), ...after], [id]),
    body,
  }
}

export function deleteRequest(f: Family, id: string): RequestSpec {
  requireVerb(f, 'delete')
  return change(f, 'DELETE', apiPath(f.segment, pathSegment(id, 'id')), [], [id])
}

/**
 * `extra` holds action parameters (`percentage` for increase_prices, say); it may not redefine action or ids.
 * `perPage`: the page the answer must hold to list every record acted on (the server's default is 20).
 */
export function bulkRequest(
  f: Family,
  action: string,
  ids: string[],
  extra: {[key: string]: Json} = {},
  perPage?: number,
): RequestSpec {
  requireVerb(f, 'bulk')
  if (ids.length === 0) throw usageError('bulk needs at least one --id')
  for (const id of ids) checkId(id, '--id')
  checkBulkExtra(extra)
  const query: Array<[string, string]> = perPage === undefined ? [] : [['per_page', String(perPage)]]
  return {
    ...change(f, 'POST', apiPath(f.segment, 'bulk'), query, ids),
    body: {action: checkAction(action), ids, ...extra},
  }
}

/** Bulk's action parameters may not redefine action or ids: checked before any id is looked up too. */
export function checkBulkExtra(extra: {[key: string]: Json}): void {
  for (const key of ['action', 'ids'])
    if (key in extra) throw usageError(`--field ${key}=... would overwrite --${key === 'ids' ? 'id' : key}`)
}

/**
 * A request, and what to send instead when the server answers it
 * with its catch-all's 404 or 429 (no such route: nothing happened).
 */
export interface Routed {
  request: RequestSpec
  fallback?: {request: RequestSpec; note: (status: number) => string; after: readonly number[]}
}

/**
 * One record, one action. Spec rule 3: a GET on /{seg}/{id}/{action} where the family uses those
 * routes, else the bulk route with a one-id list. Where the server lacks the GET route (payments,
 * recurring invoices and quotes) it answers 404 and changes nothing; the bulk route is then used.
 * A GET action changes records all the same (e-mail, clone, mark paid): it is never repeated.
 */
export function actionRequest(f: Family, id: string, action: string): Routed {
  requireVerb(f, 'action')
  checkAction(action)
  const bulk = {...change(f, 'POST', apiPath(f.segment, 'bulk'), [], [id]), body: {action, ids: [checkId(id, 'id')]}}
  if (f.actionRoute !== 'get') return {request: bulk}
  const note = (status: number) =>
    `the server has no GET ${apiPath(f.segment, '{id}', action)} route (it ` +
    `answered ${status}${status === 429 ? ', its catch-all for unknown routes being throttled' : ''}, so nothing ` +
    `happened): sending the action once through POST ${bulk.path} with ids [${id}]`
  // Where only the document has the route, the GET meets the catch-all,
  // which is throttled (FACTS.md): its 429 means no route too.
  const after = f.actionGet === 'document' ? [404, 429] : [404]
  return {
    request: change(f, 'GET', apiPath(f.segment, pathSegment(id, 'id'), action), [], [id]),
    fallback: {request: bulk, note, after},
  }
}

export interface UploadFile {
  path: string
  filename: string
  size: number
}

/**
 * Multipart POST with `_method=PUT` (the server route is PUT;
 * PHP parses multipart on POST only), files as `documents[]`.
 */
export function uploadRequest(f: Family, id: string, files: UploadFile[], isPublic = false): RequestSpec {
  requireVerb(f, 'upload')
  if (files.length === 0) throw usageError('upload needs at least one --file')
  const parts: MultipartPart[] = [{name: '_method', value: 'PUT'}]
  if (isPublic) parts.push({name: 'is_public', value: 'true'})
  for (const file of files) parts.push({name: 'documents[]', ...file})
  return {...change(f, 'POST', apiPath(f.segment, pathSegment(id, 'id'), 'upload'), [], [id]), multipart: parts}
}

/**
 * The file of a record: GET /api/v1/{singular}/{invitation_key}/download (a PDF) for documents
 * with invitations, GET /api/v1/documents/{id}/download (the stored file, any type) for documents.
 */
export function downloadRequest(f: Family, key: string, eInvoice = false): RequestSpec {
  requireVerb(f, 'download')
  const route = f.download!
  if (route.kind === 'record') return spec(f, 'GET', apiPath(f.segment, pathSegment(key, 'id'), 'download'), [], [key])
  // The EU e-invoice (XML) of the same document: GET /{singular}/{key}/download_e_{singular}.
  return spec(
    f,
    'GET',
    apiPath(route.segment, pathSegment(key, 'invitation key'), eInvoice ? `download_e_${route.segment}` : 'download'),
  )
}

/** The first invitation key of a record (`invitations[].key`), through which `download --id` fetches its file. */
export function invitationKeyOf(f: Family, record: {[key: string]: Json}, id: string): string {
  const first = Array.isArray(record.invitations) ? record.invitations[0] : undefined
  const key = first && typeof first === 'object' && !Array.isArray(first) ? first.key : undefined
  if (typeof key !== 'string' || key === '')
    throw usageError(`${f.word} ${id} has no invitation (it was never sent to a contact): nothing to download by key`)
  return key
}
