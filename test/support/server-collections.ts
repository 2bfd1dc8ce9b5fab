/**
 * The routes of one collection (/{segment}, /{segment}/{id}, /{segment}/{id}/{action}) as the
 * server registers them in server-routes.ts: list, create, template, bulk, show, update, delete,
 * upload, edit, download and GET actions.
 */
import {applyAction} from './server-actions.js'
import {documentDownload, recordDownload, upload} from './server-files.js'
import {fakeZip} from './server-fixtures.js'
import {withIncludes} from './server-includes.js'
import {newPayment} from './server-ledger.js'
import {checkedPayment} from './server-payment-rules.js'
import {listFilter, paginate} from './server-lists.js'
import {sortRecords} from './server-sort.js'
import {applySaveEffects} from './server-operations.js'
import {invalid, notFound, ok, type Reply} from './server-reply.js'
import {jsonBody, type RecordedRequest} from './server-request.js'
import {routed} from './server-routes.js'
import {DOCUMENTS, type Store} from './server-store.js'
import {computeTotals} from './server-totals.js'
import {validate} from './server-validate.js'
import {clone, isObject, nowSeconds, type Rec} from './server-values.js'

/** Bulk actions that answer a file instead of records. */
const FILE_ACTIONS = new Set(['download', 'bulk_download', 'bulk_print'])

function template(segment: string): Rec {
  const base = {id: '', is_deleted: false, archived_at: 0, created_at: 0, updated_at: 0}
  if (DOCUMENTS.has(segment)) {
    return {
      ...base,
      client_id: '',
      number: '',
      status_id: '1',
      date: '',
      due_date: '',
      amount: 0,
      balance: 0,
      line_items: [],
      invitations: [],
    }
  }
  if (segment === 'clients') return {...base, name: '', number: '', balance: 0, contacts: []}
  return {...base, name: ''}
}

/**
 * What an update removes however it is sent (UpdatePaymentRequest, UpdateProjectRequest), or checks and never fills
 * (an invoice's status: its actions move it).
 */
const SET_ASIDE_ON_UPDATE: Readonly<Record<string, readonly string[]>> = {
  payments: ['amount'],
  projects: ['client_id'],
  invoices: ['status_id'],
}
/**
 * What no update writes: the model keeps it (not fillable, and no request or repository reads it from an update), but
 * for the models that fill it anyway (FILLED_ANYWAY: a purchase order's $fillable names its balance and is_deleted).
 */
const KEPT_BY_SERVER = ['id', 'created_at', 'updated_at', 'archived_at', 'is_deleted', 'balance', 'paid_to_date']
const FILLED_ANYWAY: Readonly<Record<string, readonly string[]>> = {
  purchase_orders: ['balance', 'paid_to_date', 'is_deleted'],
  bank_integrations: ['balance'],
  users: ['is_deleted'],
}
/**
 * What an update request keeps only when another key of the request (its body or its query) is true, and that key,
 * which is no attribute (UpdateProductRequest: a product's stock moves only when asked to).
 */
const KEPT_WITH: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  products: {in_stock_quantity: 'update_in_stock_quantity'},
}

/**
 * What an update request sets anew when the request leaves it out (or sends it empty), whatever the record held
 * (prepareForValidation): a product's quantity to 1, an expense's currency to the company's, a recurring invoice's
 * next send date to today, a webhook's method to post.
 */
const REFILLED_ON_UPDATE: Readonly<Record<string, Readonly<Record<string, (store: Store) => unknown>>>> = {
  products: {quantity: () => 1},
  expenses: {currency_id: companyCurrency},
  recurring_expenses: {currency_id: companyCurrency},
  recurring_invoices: {next_send_date: () => new Date().toISOString().slice(0, 10)},
  webhooks: {rest_method: () => 'post'},
}

/** The company's currency, as its settings say (CompanySettings' default is 1). */
function companyCurrency(store: Store): string {
  const settings = store.collection('companies')[0]?.settings as Rec | undefined
  return String(settings?.currency_id ?? '1')
}

/**
 * Documents whose every save works out amount and total_taxes from the lines (the repository runs the document's
 * calculator), whatever was sent; a new one starts from a balance of 0 (the store request zeroes it, or the model
 * does not fill it).
 */
const CALCULATED = new Set(['invoices', 'quotes', 'credits', 'purchase_orders', 'recurring_invoices'])
const CALCULATED_FIELDS = ['amount', 'total_taxes']
/** Documents whose store request sets amount to 0 before its rules run (Store*Request): no amount sent is refused. */
const ZEROED_ON_CREATE = new Set(['invoices', 'quotes', 'purchase_orders', 'recurring_invoices'])

function update(store: Store, segment: string, id: string, request: RecordedRequest): Reply {
  const record = store.find(segment, id)
  const fields = jsonBody(request)
  validate(segment, fields, false)
  const changes = {...fields}
  for (const name of KEPT_BY_SERVER) if (!FILLED_ANYWAY[segment]?.includes(name)) delete changes[name]
  for (const name of SET_ASIDE_ON_UPDATE[segment] ?? []) delete changes[name]
  if (CALCULATED.has(segment)) for (const name of CALCULATED_FIELDS) delete changes[name]
  for (const [name, value] of Object.entries(REFILLED_ON_UPDATE[segment] ?? {}))
    if (changes[name] === undefined || changes[name] === null || changes[name] === '') changes[name] = value(store)
  for (const [name, keeper] of Object.entries(KEPT_WITH[segment] ?? {})) {
    const asked = changes[keeper] ?? request.query[keeper]
    if (asked !== true && asked !== 'true') delete changes[name]
    delete changes[keeper]
  }
  // A PUT that carries a list replaces it whole; a contact keeps its identity only when its id is sent.
  if (Array.isArray(changes.contacts)) {
    changes.contacts = changes.contacts.map((c: unknown) => (isObject(c) && !c.id ? {...c, id: store.nextId()} : c))
  }
  Object.assign(record, changes, {updated_at: nowSeconds()})
  // A record seeded without lines keeps its amounts (tests seed totals directly).
  if (CALCULATED.has(segment) || (DOCUMENTS.has(segment) && 'line_items' in changes)) computeTotals(record)
  return ok({data: clone(record)})
}

/** Families whose bulk request rules check that every id exists (422 otherwise). */
const IDS_MUST_EXIST = new Set(['clients', 'credits', 'products', 'recurring_invoices', 'expenses'])
/** Families whose bulk controller answers a message when it finds none of the ids (200). */
const NONE_FOUND = new Map([
  ['invoices', 'No Invoices Found'],
  ['quotes', 'Quote not found'],
  ['payments', 'Record not found'],
  ['purchase_orders', 'No Purchase Orders Found'],
])

function bulk(store: Store, url: string, segment: string, request: RecordedRequest): Reply {
  const body = jsonBody(request)
  const {action, ids} = body
  if (typeof action !== 'string' || action === '' || !Array.isArray(ids)) {
    const errors: Rec = {}
    if (typeof action !== 'string' || action === '') errors.action = ['The action field is required.']
    if (!Array.isArray(ids)) errors.ids = ['The ids must be an array.']
    throw invalid(errors)
  }
  const wanted = new Set(ids.map(String))
  const affected = store.collection(segment).filter((r) => wanted.has(String(r.id)))
  // Where the request rules check that the ids exist (Rule::exists), one unknown id refuses them all.
  if (IDS_MUST_EXIST.has(segment) && affected.length < wanted.size)
    throw invalid({ids: ['The selected ids is invalid.']})
  if (affected.length === 0 && NONE_FOUND.has(segment)) return ok({message: NONE_FOUND.get(segment)})
  // FACTS.md: download (and bulk_download) of one id answers its PDF, of several a zip; bulk_print one PDF.
  if (FILE_ACTIONS.has(action) && affected.length > 0) {
    if (action !== 'bulk_print' && affected.length > 1)
      return {
        type: 'file',
        contentType: 'application/zip',
        filename: `${segment}.zip`,
        data: fakeZip(affected.map((r) => String(r.id))),
      }
    return recordDownload(segment, affected[0])
  }
  for (const record of affected) applyAction(record, action, store, segment)
  // The answer is a list response: one page of the records acted on (20 unless per_page, from the query or body).
  const perPage = request.query.per_page ?? (typeof body.per_page === 'number' ? String(body.per_page) : undefined)
  return ok(paginate(affected, {per_page: perPage ?? '20'}, `${url}/api/v1/${segment}/bulk`))
}

/**
 * The routes of one collection, as the server registers them (server-routes.ts); anything else is the catch-all 404.
 */
export function collectionRoute(
  store: Store,
  url: string,
  request: RecordedRequest,
  segment: string,
  rest: string[],
): Reply {
  const {method} = request
  const [id = '', action = ''] = rest
  if (rest.length === 0) {
    if (method === 'GET' && routed(segment, 'list')) {
      const all = store.collection(segment)
      const lookup = (other: string, id: unknown) => store.collection(other).find((r) => r.id === id)
      const matched = sortRecords(
        all.filter(listFilter(request.query, segment, lookup)),
        request.query.sort,
        all,
        segment,
        lookup,
      )
      const page = paginate(matched, request.query, `${url}/api/v1/${segment}`)
      return ok({...page, data: withIncludes(store, segment, page.data, request.query.include)})
    }
    if (method === 'POST' && routed(segment, 'create')) {
      const sent = jsonBody(request)
      const zeroed = ZEROED_ON_CREATE.has(segment) ? {amount: 0} : {}
      const fields = CALCULATED.has(segment)
        ? {...sent, ...zeroed, line_items: sent.line_items ?? [], balance: 0}
        : sent
      validate(segment, fields, true)
      const record = store.create(segment, segment === 'payments' ? checkedPayment(store, fields) : fields)
      if (segment === 'payments') newPayment(store, record)
      applySaveEffects(store, segment, record, request.query)
      return ok({data: withIncludes(store, segment, [clone(record)], request.query.include)[0]})
    }
  }
  if (rest.length === 1) {
    if (id === 'create' && method === 'GET' && routed(segment, 'template')) return ok({data: template(segment)})
    if (id === 'bulk' && method === 'POST' && routed(segment, 'bulk')) return bulk(store, url, segment, request)
    if (method === 'GET' && routed(segment, 'show'))
      return ok({data: withIncludes(store, segment, [clone(store.find(segment, id))], request.query.include)[0]})
    if (method === 'PUT' && routed(segment, 'update')) {
      const reply = update(store, segment, id, request)
      applySaveEffects(store, segment, store.find(segment, id), request.query)
      const saved = withIncludes(store, segment, [clone(store.find(segment, id))], request.query.include)[0]
      return reply.type === 'json' ? ok({data: saved}) : reply
    }
    if (method === 'DELETE' && routed(segment, 'delete')) {
      const record = store.find(segment, id)
      applyAction(record, 'delete')
      return ok({data: clone(record)})
    }
  }
  if (rest.length === 2) {
    if (action === 'upload' && method === 'POST' && routed(segment, 'upload'))
      return upload(store, segment, id, request)
    if (method === 'GET' && action === 'edit' && routed(segment, 'edit'))
      return ok({data: clone(store.find(segment, id))})
    if (method === 'GET' && action === 'download' && routed(segment, 'download')) return documentDownload(store, id)
    if (method === 'GET' && routed(segment, 'actions')) {
      const record = store.find(segment, id)
      if (action === 'download') return recordDownload(segment, record)
      applyAction(record, action, store, segment)
      return ok({data: clone(record)})
    }
  }
  throw notFound()
}
