/**
 * The command a user would type for one request of the server's feature tests (test/fixtures/feature-corpus.json):
 * the resource verbs for the CRUD routes, bulk and actions by their action, the operations (email, refund, statement,
 * note, ...) by their route. Every value goes in as the test wrote it: --data for a payload, --filter for a list's
 * query, the save-effect flags for a create's or an update's query. Undefined: no command sends this route.
 */
import {FAMILIES} from '../../packages/core/src/registry/registry.js'
import type {Json} from '../../packages/core/src/plan/request.js'
import type {CorpusRequest} from '../../scripts/feature-corpus/read-tests.js'

export type {CorpusRequest, Json}
export type Obj = {[key: string]: Json}

const BY_SEGMENT = new Map(FAMILIES.map((f) => [f.segment, f]))
/** The server's model names (`purchase_order`, `invoice`) and plural segments, to families. */
const familyOf = (entity: string) =>
  BY_SEGMENT.get(entity) ?? BY_SEGMENT.get(`${entity}s`) ?? BY_SEGMENT.get(entity.replace(/y$/, 'ies'))

const isObj = (v: Json | undefined): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v)
const text = (v: Json | undefined) => (typeof v === 'string' ? v : JSON.stringify(v))
const data = (payload: Json): string[] =>
  payload === null || (typeof payload === 'object' && Object.keys(payload).length === 0)
    ? []
    : ['--data', JSON.stringify(payload)]

/** `{a: {b: 1}}` as --field assignments: `a.b=1`. */
const assignments = (prefix: string, v: Json): string[] =>
  isObj(v)
    ? Object.entries(v).flatMap(([k, x]) => assignments(`${prefix}.${k}`, x))
    : ['--field', `${prefix}=${typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v)}`]

/** Where a file action's answer would go: the dry run writes nothing. */
export const NEVER_WRITTEN = '/tmp/corpus-file-never-written'
const FILE_ACTIONS = new Set(['download', 'bulk_download', 'bulk_print'])

/** Query parameters of a create or update as the save-effect flags (`?mark_sent=true` → --mark-sent). */
const queryFlags = (query: Record<string, string>): string[] =>
  Object.entries(query).flatMap(([k, v]) => {
    const flag = `--${k.replaceAll('_', '-')}`
    return v === 'true' ? [flag] : [flag, v]
  })

const LIST_FLAGS: Readonly<Record<string, string>> = {
  sort: '--sort',
  per_page: '--per-page',
  page: '--page',
  include: '--include',
  status: '--status',
}

/** A list's query as flags: the list parameters by their own flags, the rest as --filter. */
const listFlags = (query: Record<string, string>): string[] =>
  Object.entries(query).flatMap(([k, v]) => (LIST_FLAGS[k] ? [LIST_FLAGS[k], v] : ['--filter', `${k}=${v}`]))

/** A bulk request's extra keys (beyond action and ids) as --field key=JSON. */
function bulk(word: string, body: Obj, query: Record<string, string>): string[] | undefined {
  const action = body.action ?? query.action
  const ids = body.ids
  if (typeof action !== 'string' || !Array.isArray(ids)) return undefined
  const rest = Object.entries(body).filter(([k]) => k !== 'action' && k !== 'ids')
  return [
    word,
    'bulk',
    '--action',
    action,
    ...ids.flatMap((id) => ['--id', text(id)]),
    ...rest.flatMap(([k, v]) => assignments(k, v)),
    ...(FILE_ACTIONS.has(action) ? ['--output-file', NEVER_WRITTEN] : []),
    ...Object.entries(query)
      .filter(([k]) => k !== 'action')
      .flatMap(([k, v]) => ['--field', `${k}=${v}`]),
  ]
}

/** Flags for the keys of `body` named in `flags` (key → flag; a boolean key true → the switch), the rest --field. */
function flagged(body: Obj, flags: Readonly<Record<string, string>>): string[] {
  return Object.entries(body).flatMap(([k, v]) => {
    const flag = flags[k]
    if (flag === undefined) return ['--field', `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`]
    if (flag === '') return []
    if (v === true) return [flag]
    if (v === false) return [flag.replace(/^--/, '--no-')]
    return [flag, text(v)]
  })
}

function refund(body: Obj): string[] {
  const {id, invoices, ...rest} = body
  const pairs = Array.isArray(invoices)
    ? invoices.flatMap((i) => (isObj(i) ? ['--invoice', `${text(i.invoice_id)}:${text(i.amount)}`] : []))
    : []
  return [
    'payments',
    'refund',
    text(id),
    ...flagged(rest, {
      amount: '--amount',
      date: '--date',
      gateway_refund: '--gateway-refund',
      send_email: '--send-email',
    }),
    ...pairs,
  ]
}

function statement(body: Obj, query: Record<string, string>): string[] {
  const {client_id: id, ...rest} = body
  const flags = {
    start_date: '--start-date',
    end_date: '--end-date',
    status: '--status',
    show_payments_table: '--payments',
    show_aging_table: '--aging',
    show_credits_table: '--credits',
  }
  const out = query.send_email === 'true' ? ['--send-email'] : ['--output-file', NEVER_WRITTEN]
  return ['clients', 'statement', text(id), ...flagged(rest, flags), ...out]
}

/** The record routes beyond actions: route → family, command, flags by body key. */
const RECORD_ROUTES: Readonly<Record<string, [string, string, Record<string, string>?]>> = {
  'POST client_gateway_tokens/{id}/setAsDefault': ['client-gateway-tokens', 'set-default'],
  'POST webhooks/{id}/retry': ['webhooks', 'retry', {entity: '--entity', entity_id: '--entity-id'}],
  'POST users/{id}/disconnect_mailer': ['users', 'disconnect-mailer'],
  'DELETE users/{id}/detach_from_company': ['users', 'detach'],
  'POST clients/{id}/documents': ['clients', 'documents'],
  'GET companies/{id}/logo': ['companies', 'logo'],
}

/** Operations and actions by their route, beyond the resource verbs. */
function special(r: CorpusRequest, parts: string[], body: Obj): string[] | undefined {
  const route = `${r.method} ${parts.join('/')}`
  if (route === 'POST emails') {
    const f = familyOf(String(body.entity))
    if (!f) return undefined
    const {entity: _e, entity_id: id, template, subject, body: text_, cc_email: cc, ...rest} = body
    if (Object.keys(rest).length > 0) return undefined
    return [
      f.word,
      'email',
      String(id),
      ...(template === undefined ? [] : ['--template', String(template)]),
      ...(subject === undefined ? [] : ['--subject', String(subject)]),
      ...(text_ === undefined ? [] : ['--body', String(text_)]),
      ...(cc === undefined ? [] : ['--cc', String(cc)]),
    ]
  }
  if (route === 'POST payments/refund') return refund(body)
  if (route === 'POST client_statement') return statement(body, r.query)
  if (route === 'POST activities/notes') {
    const {entity, entity_id: id, notes, ...rest} = body
    const f = familyOf(String(entity))
    return f ? [f.word, 'note', text(id), text(notes), ...flagged(rest, {})] : undefined
  }
  if (route === 'POST activities/entity' || route === 'POST emails/entityHistory') {
    const {entity, entity_id: id, ...rest} = body
    const f = familyOf(String(entity))
    const name = route === 'POST emails/entityHistory' ? 'emails' : 'activity'
    return f ? [f.word, name, text(id), ...flagged(rest, {rows: '--rows'})] : undefined
  }
  if (/^POST emails\/clientHistory\/[^/]+$/.test(route)) return ['clients', 'emails', parts[2]]
  const record = RECORD_ROUTES[`${r.method} ${parts[0]}/{id}/${parts[2]}`]
  if (parts.length === 3 && record)
    return [
      record[0],
      record[1],
      parts[1],
      ...flagged(body, record[2] ?? {}),
      ...flagged(r.query, {include: '--include'}),
      ...(record[1] === 'logo' ? ['--output-file', NEVER_WRITTEN] : []),
    ]
  if (route === 'POST companies/current') return ['companies', 'current']
  if (route === 'POST bank_transactions/match') {
    const list = Array.isArray(body.transactions) ? body.transactions : []
    if (list.length !== 1 || !isObj(list[0]) || list[0].id === undefined) return undefined
    const {id, ...rest} = list[0]
    const flags = {
      invoice_ids: '--invoice-ids',
      expense_id: '--expense-id',
      payment_id: '--payment-id',
      vendor_id: '--vendor-id',
      ninja_category_id: '--category-id',
    }
    return ['bank-transactions', 'match', text(id), ...flagged(rest, flags)]
  }
  if (/^POST reports\/\w+$/.test(route) || /^POST charts\//.test(route))
    return [`${parts[0]}`, 'run', '--endpoint', parts.join('/'), ...data({...body, ...r.query})]
  if (route === 'POST search') return ['search', 'run', ...data(body)]
  if (route === 'GET statics') return ['statics']
  if (route === 'GET health_check') return ['health']
  if (/^POST filters\/\w+$/.test(route)) {
    const f = familyOf(parts[1])
    return f ? [f.word, 'bulk-actions'] : undefined
  }
  return undefined
}

/** The argv for `r` (ids and values already put in), or undefined where no command sends its route. */
export function corpusArgv(r: CorpusRequest): string[] | undefined {
  const parts = r.path
    .replace(/^\/api\/v1\//, '')
    .replace(/\/+$/, '')
    .split('/')
  const body: Obj = isObj(r.payload) ? r.payload : {}
  const named = special(r, parts, body)
  // A report's --output json asks the server for JSON rows (output=json): its request is read as text instead.
  if (named) return [...named, '--dry-run', ...(['reports', 'charts'].includes(named[0]) ? [] : ['--output', 'json'])]
  const f = BY_SEGMENT.get(parts[0])
  if (!f) return undefined
  const [, second, third] = parts
  const q = r.query
  let argv: string[] | undefined
  if (r.method === 'GET' && parts.length === 1) argv = [f.word, 'list', ...listFlags(q)]
  else if (r.method === 'GET' && second === 'create' && parts.length === 2) argv = [f.word, 'template', ...listFlags(q)]
  else if (r.method === 'GET' && third === 'edit' && parts.length === 3)
    argv = [f.word, 'edit-template', second, ...listFlags(q)]
  else if (r.method === 'GET' && parts.length === 2) argv = [f.word, 'show', second, ...listFlags(q)]
  else if (r.method === 'POST' && parts.length === 1) argv = [f.word, 'create', ...data(r.payload), ...queryFlags(q)]
  else if (r.method === 'PUT' && parts.length === 2)
    argv = [f.word, 'update', second, ...data(r.payload), ...queryFlags(q)]
  else if (r.method === 'DELETE' && parts.length === 2) argv = [f.word, 'delete', second, ...queryFlags(q)]
  else if (r.method === 'POST' && second === 'bulk' && parts.length === 2) argv = bulk(f.word, body, q)
  else if (parts.length === 3)
    argv = [f.word, 'action', second, '--action', third, ...data(r.payload), ...queryFlags(q)]
  return argv ? [...argv, '--dry-run', '--output', 'json'] : undefined
}
