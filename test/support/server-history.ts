/**
 * The stand-in's record routes beyond CRUD (routes/api.php): notes on a record's activity, its activity and e-mail
 * history, a client's documents, a token made default, a webhook retried, a user's mailer disconnected or the user
 * detached, a company's logo, and the live preview of an unsaved document. Each checks what the server's request
 * checks and answers as its controller does.
 */
import {fakePdf, fakePng} from './server-fixtures.js'
import {invalid, ok, type Reply} from './server-reply.js'
import {jsonBody, type RecordedRequest} from './server-request.js'
import type {Store} from './server-store.js'
import {clone, isBlank, nowSeconds} from './server-values.js'

/** StoreNoteRequest's entities (route segments) and ShowActivityRequest's (model names). */
const NOTE_ENTITIES = new Set(
  `invoices quotes credits recurring_invoices clients vendors payments projects tasks expenses recurring_expenses
  bank_transactions purchase_orders`.split(/\s+/),
)
const ACTIVITY_ENTITIES = new Set(
  'invoice quote credit purchase_order payment client vendor expense task project subscription recurring_invoice'.split(
    ' ',
  ),
)
const HISTORY_ENTITIES = new Set(['invoice', 'quote', 'credit', 'recurring_invoice', 'purchase_order'])
const RETRY_ENTITIES = new Set(
  'client credit invoice product task payment quote purchase_order expense project vendor'.split(' '),
)
const PREVIEW_ENTITIES = new Set(['invoice', 'quote', 'credit', 'recurring_invoice'])

function note(store: Store, request: RecordedRequest): Reply {
  const body = jsonBody(request)
  if (typeof body.entity !== 'string' || !NOTE_ENTITIES.has(body.entity))
    throw invalid({entity: ['The selected entity is invalid.']})
  if (isBlank(body.notes)) throw invalid({notes: ['The notes field is required.']})
  const record = store.find(body.entity, String(body.entity_id ?? ''))
  const made = store.create('activities', {
    activity_type_id: '141',
    notes: String(body.notes),
    [`${body.entity.replace(/s$/, '')}_id`]: record.id,
  })
  return ok({data: clone(made)})
}

function activity(store: Store, request: RecordedRequest): Reply {
  const body = jsonBody(request)
  if (typeof body.entity !== 'string' || !ACTIVITY_ENTITIES.has(body.entity))
    throw invalid({entity: ['The selected entity is invalid.']})
  const record = store.find(`${body.entity}s`, String(body.entity_id ?? ''))
  const rows = body.rows === undefined ? 75 : Number(body.rows)
  const entries = store
    .collection('activities')
    .filter((a) => a[`${String(body.entity)}_id`] === record.id)
    .slice(-rows)
    .reverse()
  return ok({data: entries.map((a) => ({id: a.id, activity_type_id: a.activity_type_id, notes: a.notes ?? ''}))})
}

/** The mails the outbox holds for one record, as the server's history of events. */
const mails = (store: Store, segment: string, id: string) =>
  store.outbox
    .filter((m) => m.segment === segment && m.id === id)
    .map((m) => ({entity: segment.replace(/s$/, ''), entity_id: id, events: [{status: 'Delivered', action: m.action}]}))

function entityHistory(store: Store, request: RecordedRequest): Reply {
  const body = jsonBody(request)
  if (typeof body.entity !== 'string' || !HISTORY_ENTITIES.has(body.entity))
    throw invalid({entity: ['The selected entity is invalid.']})
  const record = store.find(`${body.entity}s`, String(body.entity_id ?? ''))
  return ok(mails(store, `${body.entity}s`, String(record.id)))
}

function retry(store: Store, request: RecordedRequest, id: string): Reply {
  const body = jsonBody(request)
  const webhook = store.find('webhooks', id)
  if (typeof body.entity !== 'string' || !RETRY_ENTITIES.has(body.entity))
    throw invalid({entity: ['The selected entity is invalid.']})
  if (typeof body.entity_id !== 'string') throw invalid({entity_id: ['The entity id field is required.']})
  store.find(`${body.entity}s`, body.entity_id)
  store.outbox.push({segment: 'webhooks', id, action: 'retry'})
  return ok({data: clone(webhook)})
}

function setDefault(store: Store, id: string): Reply {
  const token = store.find('client_gateway_tokens', id)
  for (const other of store.collection('client_gateway_tokens'))
    if (other.client_id === token.client_id) other.is_default = other.id === id
  token.updated_at = nowSeconds()
  return ok({data: clone(token)})
}

/** Live preview: the document's PDF from the payload, nothing saved; its party is required. */
function preview(request: RecordedRequest, purchaseOrder: boolean): Reply {
  const body = jsonBody(request)
  const entity = purchaseOrder ? 'purchase_order' : (request.query.entity ?? String(body.entity ?? 'invoice'))
  if (!purchaseOrder && !PREVIEW_ENTITIES.has(entity)) throw invalid({entity: ['The selected entity is invalid.']})
  const party = purchaseOrder ? 'vendor_id' : 'client_id'
  if (typeof body[party] !== 'string' || body[party] === '')
    throw invalid({[party]: [`The ${party.replace('_', ' ')} field is required.`]})
  return {type: 'pdf', filename: `${entity}_preview.pdf`, data: fakePdf(`${entity} preview`)}
}

/** The record routes above; undefined for every other path. */
export function historyRoute(store: Store, request: RecordedRequest, parts: string[]): Reply | undefined {
  const {method} = request
  const path = parts.join('/')
  const [first = '', id = '', third = ''] = parts
  if (method === 'POST' && path === 'activities/notes') return note(store, request)
  if (method === 'POST' && path === 'activities/entity') return activity(store, request)
  if (method === 'POST' && path === 'emails/entityHistory') return entityHistory(store, request)
  if (method === 'POST' && path === 'live_preview') return preview(request, false)
  if (method === 'POST' && path === 'live_preview/purchase_order') return preview(request, true)
  if (parts.length === 3 && first === 'emails' && id === 'clientHistory' && method === 'POST')
    return ok(mails(store, 'clients', String(store.find('clients', third).id)))
  if (parts.length !== 3) return undefined
  if (method === 'POST' && first === 'clients' && third === 'documents') {
    store.find('clients', id)
    return ok({data: clone(store.collection('documents')), meta: {pagination: {total: 0}}})
  }
  if (method === 'POST' && first === 'client_gateway_tokens' && third === 'setAsDefault') return setDefault(store, id)
  if (method === 'POST' && first === 'webhooks' && third === 'retry') return retry(store, request, id)
  if (method === 'POST' && first === 'users' && third === 'disconnect_mailer') {
    const user = store.find('users', id)
    user.oauth_provider_id = ''
    return ok({data: clone(user)})
  }
  if (method === 'DELETE' && first === 'users' && third === 'detach_from_company') {
    store.find('users', id)
    // The user leaves this company: gone from its list (the account keeps the user).
    const users = store.collection('users')
    users.splice(
      users.findIndex((u) => u.id === id),
      1,
    )
    return {type: 'json', status: 204, body: {}}
  }
  if (method === 'GET' && first === 'companies' && third === 'logo') {
    store.find('companies', id)
    return {type: 'file', contentType: 'image/png', filename: 'logo.png', data: fakePng(id)}
  }
  return undefined
}
