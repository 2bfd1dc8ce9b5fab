/**
 * What the routes-*.test.ts files share: the FACTS.md route table, and the request each family and verb should build.
 */
import type {Family, Verb} from '../src/registry/types.js'
import type {RequestSpec} from '../src/plan/request.js'
import {
  actionRequest,
  bulkRequest,
  createRequest,
  deleteRequest,
  downloadRequest,
  editTemplateRequest,
  listRequest,
  showRequest,
  templateRequest,
  updateRequest,
  uploadRequest,
} from '../src/plan/routes.js'

/*
 * Transcribed by hand from FACTS.md, "What each family publishes" (Y = route published).
 * Columns: list show create template edit-template update delete bulk action-GET upload download.
 * `action` exists where the family has bulk or publishes single-record GET actions.
 */
export const PUBLISHED: Record<string, string> = {
  activities: 'Y . . . . . . . . . .',
  'bank-integrations': 'Y Y Y Y Y Y Y Y . . .',
  'bank-transactions': 'Y Y Y Y Y Y Y Y . . .',
  'bank-transaction-rules': 'Y Y Y Y Y Y Y Y . . .',
  'client-gateway-tokens': 'Y Y Y Y Y Y Y . . . .',
  clients: 'Y Y Y Y Y Y Y Y . Y .',
  companies: 'Y Y Y Y Y Y Y . . Y .',
  'company-gateways': 'Y Y Y Y Y Y Y Y . . .',
  'company-ledger': 'Y . . . . . . . . . .',
  credits: 'Y Y Y Y Y Y Y Y . Y Y',
  designs: 'Y Y Y Y Y Y Y Y . . .',
  documents: 'Y . . . . . . . . . .',
  'expense-categories': 'Y Y Y Y Y Y Y Y . . .',
  expenses: 'Y Y Y Y Y Y Y Y . Y .',
  'group-settings': 'Y Y Y Y Y Y Y Y . Y .',
  invoices: 'Y Y Y Y Y Y Y Y Y Y Y',
  'payment-terms': 'Y Y Y Y Y Y Y Y . . .',
  payments: 'Y Y Y Y Y Y Y Y Y Y .',
  products: 'Y Y Y Y Y Y Y Y . Y .',
  projects: 'Y Y Y Y Y Y Y Y . Y .',
  'purchase-orders': 'Y Y Y Y Y Y Y Y Y Y Y',
  quotes: 'Y Y Y Y Y Y Y Y Y Y Y',
  'recurring-expenses': 'Y Y Y Y Y Y Y Y . Y .',
  'recurring-invoices': 'Y Y Y Y Y Y Y Y Y Y Y',
  'recurring-quotes': 'Y Y Y Y Y Y Y Y Y . .',
  subscriptions: 'Y Y Y Y Y Y Y Y . . .',
  'system-logs': 'Y Y . . . . . . . . .',
  'task-schedulers': 'Y Y Y Y . Y Y Y . . .',
  'task-statuses': 'Y Y Y Y Y Y Y Y . . .',
  tasks: 'Y Y Y Y Y Y Y Y . Y .',
  'tax-rates': 'Y Y . Y Y Y Y Y . . .',
  tokens: 'Y Y Y Y Y Y Y Y . . .',
  users: 'Y Y Y Y Y Y Y Y . . .',
  vendors: 'Y Y Y Y Y Y Y Y . Y .',
  webhooks: 'Y Y Y Y Y Y Y Y . . .',
}
const COLUMNS = [
  'list',
  'show',
  'create',
  'template',
  'edit-template',
  'update',
  'delete',
  'bulk',
  'action-get',
  'upload',
  'download',
]

/** FACTS.md, "The server as it really is": published routes the server lacks, and routes it has beyond the document. */
export const SERVER_LACKS: Record<string, string[]> = {
  'recurring-invoices': ['download'],
  users: ['delete', 'edit-template'],
}
const SERVER_ADDS: Record<string, string[]> = {
  'tax-rates': ['create'],
  documents: ['show', 'update', 'delete', 'bulk', 'download'],
}

/** The commands a family has: the server's routes. */
export function expectedVerbs(word: string): Set<string> {
  const marks = PUBLISHED[word].split(' ')
  const has = (col: string): boolean =>
    (marks[COLUMNS.indexOf(col)] === 'Y' && !SERVER_LACKS[word]?.includes(col)) ||
    Boolean(SERVER_ADDS[word]?.includes(col))
  const verbs = new Set<string>()
  for (const col of COLUMNS) if (col !== 'action-get' && has(col)) verbs.add(col)
  if (has('bulk') || has('action-get')) verbs.add('action')
  return verbs
}

/** The five families whose single-record action is GET /{seg}/{id}/{action} (client spec, write rule 3). */
const GET_ACTION_FAMILIES = new Set(['quotes', 'payments', 'purchase-orders', 'recurring-invoices', 'recurring-quotes'])
export const DOWNLOAD_SEGMENTS: Record<string, string> = {
  quotes: 'quote',
  'purchase-orders': 'purchase_order',
  invoices: 'invoice',
  credits: 'credit',
}
export const CHANGING_VERBS = new Set(['create', 'update', 'delete', 'bulk', 'action', 'upload'])
export const DOCUMENT_LIKE = [
  'invoices',
  'quotes',
  'credits',
  'purchase-orders',
  'recurring-invoices',
  'recurring-quotes',
]
export const PASSWORD_FAMILIES = new Set(['users'])

export const ID = 'VolejRejNm'
export const FILE = {path: '/tmp/invoicing-cli-test/receipt.pdf', filename: 'receipt.pdf', size: 1234}

/** Calls the builder of `verb` with valid inputs. */
export function build(f: Family, verb: Verb): RequestSpec {
  switch (verb) {
    case 'list':
      return listRequest(f, {})
    case 'show':
      return showRequest(f, ID)
    case 'template':
      return templateRequest(f)
    case 'edit-template':
      return editTemplateRequest(f, ID)
    case 'create':
      return createRequest(f, {name: 'Acme'})
    case 'update':
      return updateRequest(f, ID, {name: 'Acme 2'})
    case 'delete':
      return deleteRequest(f, ID)
    case 'bulk':
      return bulkRequest(f, 'archive', ['X1', 'Y2'])
    case 'action':
      return actionRequest(f, ID, 'archive').request
    case 'upload':
      return uploadRequest(f, ID, [FILE])
    case 'download':
      return downloadRequest(f, 'inv_key_123')
  }
}

interface Expected {
  method: string
  path: string
  body?: unknown
  multipart?: unknown
}

export function expected(word: string, verb: Verb): Expected {
  const seg = word.replaceAll('-', '_')
  const base = `/api/v1/${seg}`
  switch (verb) {
    case 'list':
      return {method: 'GET', path: base}
    case 'show':
      return {method: 'GET', path: `${base}/${ID}`}
    case 'template':
      return {method: 'GET', path: `${base}/create`}
    case 'edit-template':
      return {method: 'GET', path: `${base}/${ID}/edit`}
    case 'create':
      return {method: 'POST', path: base, body: {name: 'Acme'}}
    case 'update':
      return {method: 'PUT', path: `${base}/${ID}`, body: {name: 'Acme 2'}}
    case 'delete':
      return {method: 'DELETE', path: `${base}/${ID}`}
    case 'bulk':
      return {method: 'POST', path: `${base}/bulk`, body: {action: 'archive', ids: ['X1', 'Y2']}}
    case 'action':
      return GET_ACTION_FAMILIES.has(word)
        ? {method: 'GET', path: `${base}/${ID}/archive`}
        : {method: 'POST', path: `${base}/bulk`, body: {action: 'archive', ids: [ID]}}
    case 'upload':
      return {
        method: 'POST',
        path: `${base}/${ID}/upload`,
        multipart: [
          {name: '_method', value: 'PUT'},
          {name: 'documents[]', ...FILE},
        ],
      }
    case 'download':
      return {
        method: 'GET',
        path:
          word === 'documents'
            ? `${base}/inv_key_123/download`
            : `/api/v1/${DOWNLOAD_SEGMENTS[word]}/inv_key_123/download`,
      }
  }
}

export const verbToken = (verb: string): RegExp =>
  new RegExp(`(^|[\\s,:;(\\[])${verb.replace('-', '\\-')}(?=[\\s,.;)\\]]|$)`)
