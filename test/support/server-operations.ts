/**
 * The stand-in's routes beyond plain CRUD, as the server has them (FACTS.md, "The server as it
 * really is"): side effects on save, POST /emails, POST /payments/refund, POST /client_statement,
 * the two-step CSV import, and the e-invoice download. Each validates what the server validates
 * and changes the store as the server would, so the end-to-end tests can count the effects.
 */
import {matchTransactions} from './server-banking.js'
import {historyRoute} from './server-history.js'
import {parseCsv} from './server-csv.js'
import {paginate} from './server-lists.js'
import {bookPayment, bookRefund, markSent} from './server-ledger.js'
import {applyPayment} from './server-totals.js'
import {byInvitation} from './server-files.js'
import {fakePdf} from './server-fixtures.js'
import {invalid, ok, type Reply} from './server-reply.js'
import {jsonBody, type RecordedRequest} from './server-request.js'
import type {Store} from './server-store.js'
import {clone, isBlank, isObject, nowSeconds, type Rec, sha256} from './server-values.js'

const TEMPLATES = new Set(
  [
    'invoice',
    'quote',
    'credit',
    'payment',
    'purchase_order',
    'reminder1',
    'reminder2',
    'reminder3',
    'reminder_endless',
    'custom1',
    'custom2',
    'custom3',
  ].map((t) => `email_template_${t}`),
)
const EMAIL_ENTITIES = new Set(['invoice', 'quote', 'credit', 'recurring_invoice', 'purchase_order', 'payment'])
/** What each family reads after saving (query or body), honoured only when the value is the string "true". */
const SAVE_EFFECTS: Record<string, readonly string[]> = {
  invoices: ['send_email', 'mark_sent', 'paid', 'amount_paid', 'auto_bill', 'cancel'],
  quotes: ['send_email', 'mark_sent', 'approve', 'convert'],
  credits: ['send_email', 'mark_sent', 'mark_paid'],
  purchase_orders: ['send_email', 'mark_sent'],
  // The timer, the schedule (TaskRepository and RecurringService's triggeredActions).
  tasks: ['start', 'stop'],
  recurring_invoices: ['start', 'stop'],
  recurring_expenses: ['start', 'stop'],
}
/** The fields the server imports per entity type (a part of its Import\Definitions maps). */
const IMPORTABLE: Record<string, readonly string[]> = {
  client: [
    'client.name',
    'client.phone',
    'client.website',
    'client.id_number',
    'client.vat_number',
    'client.private_notes',
    'client.public_notes',
    'client.address1',
    'client.city',
    'client.postal_code',
    'contact.first_name',
    'contact.last_name',
    'contact.email',
    'contact.phone',
  ],
  product: ['product.product_key', 'product.notes', 'product.cost', 'product.price', 'product.quantity'],
  vendor: ['vendor.name', 'vendor.phone', 'vendor.website', 'contact.first_name', 'contact.last_name', 'contact.email'],
}

/** A payment of the invoice: created completed, applied to its balance. */
export function recordPayment(store: Store, invoice: Rec, amount: number, reference?: string) {
  store.create('payments', {
    client_id: invoice.client_id,
    amount,
    status_id: '4',
    transaction_reference: reference ?? '',
    invoices: [{invoice_id: invoice.id, amount}],
    applied: amount,
    paymentables: [{invoice_id: invoice.id, amount, refunded: 0}],
  })
  applyPayment(invoice, amount)
  bookPayment(store, invoice.client_id, amount, amount)
}

/** After a POST or PUT of invoices, quotes, credits or purchase orders: what the query asks for. */
export function applySaveEffects(store: Store, segment: string, record: Rec, query: Record<string, string>) {
  const honoured = SAVE_EFFECTS[segment] ?? []
  const on = (name: string) => honoured.includes(name) && query[name] === 'true'
  if (on('mark_sent')) markSent(store, segment, record)
  if (on('send_email')) {
    store.outbox.push({segment, id: String(record.id), action: 'send_email'})
    markSent(store, segment, record)
  }
  if (on('approve')) record.status_id = '3'
  if (on('convert')) {
    record.status_id = '4'
    record.invoice_id = store.create('invoices', {
      client_id: record.client_id,
      line_items: record.line_items,
      status_id: '1',
    }).id
  }
  if (on('mark_paid')) record.status_id = '4'
  if (on('start')) record[segment === 'tasks' ? 'is_running' : 'status_id'] = segment === 'tasks' ? true : '2'
  if (on('stop')) record[segment === 'tasks' ? 'is_running' : 'status_id'] = segment === 'tasks' ? false : '3'
  if (on('cancel')) record.status_id = '5'
  // A task's save reads `action` from the whole input, its query too (TaskRepository::save): the timer.
  if (segment === 'tasks' && ['start', 'resume'].includes(query.action)) record.is_running = true
  if (segment === 'tasks' && query.action === 'stop') record.is_running = false
  if (on('paid') || on('auto_bill')) {
    // The server marks a draft sent first, so its balance is the amount.
    markSent(store, segment, record)
    if (Number(record.balance) > 0) recordPayment(store, record, Number(record.balance), query.reference)
  }
  const partial = honoured.includes('amount_paid') ? Number(query.amount_paid) : Number.NaN
  if (partial > 0) recordPayment(store, record, partial, query.reference)
  record.updated_at = nowSeconds()
}

function email(store: Store, request: RecordedRequest): Reply {
  const body = jsonBody(request)
  const errors: Rec = {}
  if (typeof body.entity !== 'string' || !EMAIL_ENTITIES.has(body.entity))
    errors.entity = ['The selected entity is invalid.']
  if (typeof body.template !== 'string' || !TEMPLATES.has(body.template))
    errors.template = ['The selected template is invalid.']
  if (typeof body.entity_id !== 'string' || body.entity_id === '')
    errors.entity_id = ['The entity id field is required.']
  if (typeof body.cc_email === 'string' && body.cc_email.split(',').length > 4)
    errors.cc_email = ['Too many cc addresses.']
  if (Object.keys(errors).length > 0) throw invalid(errors)
  const segment = `${body.entity}s`
  const record = store.find(segment, String(body.entity_id))
  store.outbox.push({
    segment,
    id: String(record.id),
    action: 'email',
    template: String(body.template),
    ...(typeof body.cc_email === 'string' ? {cc: body.cc_email} : {}),
  })
  return ok({data: clone(record)})
}

function refund(store: Store, request: RecordedRequest): Reply {
  const body = jsonBody(request)
  const payment = store.find('payments', String(body.id ?? ''))
  // Without an amount the server refunds the invoices' amounts; its only date rule is `required`.
  const invoices = Array.isArray(body.invoices) ? body.invoices : []
  const amount =
    body.amount === undefined
      ? invoices.reduce((sum: number, i) => sum + Number(isObject(i) ? i.amount : 0), 0)
      : Number(body.amount)
  const left = Number(payment.amount ?? 0) - Number(payment.refunded ?? 0)
  if (isBlank(body.date)) throw invalid({date: ['The date field is required.']})
  if (!(amount > 0) || amount > left) throw invalid({amount: [`Amount must be between 0 and ${left}.`]})
  payment.refunded = Number(payment.refunded ?? 0) + amount
  payment.status_id = payment.refunded === payment.amount ? '6' : '5'
  bookRefund(store, payment, invoices.filter(isObject), amount)
  if (body.send_email === true) store.outbox.push({segment: 'payments', id: String(payment.id), action: 'refund'})
  return ok({data: clone(payment)})
}

function statement(store: Store, request: RecordedRequest): Reply {
  const body = jsonBody(request)
  const errors: Rec = {}
  for (const key of ['start_date', 'end_date'])
    if (typeof body[key] !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(body[key] as string))
      errors[key] = [`The ${key.replace('_', ' ')} field is required.`]
  if (body.status !== undefined && !['all', 'paid', 'unpaid'].includes(String(body.status)))
    errors.status = ['The selected status is invalid.']
  if (Object.keys(errors).length > 0) throw invalid(errors)
  const client = store.find('clients', String(body.client_id ?? ''))
  if (request.query.send_email === 'true' || body.send_email === true) {
    store.outbox.push({segment: 'clients', id: String(client.id), action: 'statement'})
    return ok({message: 'Statement sent'})
  }
  return {
    type: 'pdf',
    filename: `Statement_${String(client.number ?? client.id)}.pdf`,
    data: fakePdf(String(client.id)),
  }
}

function preimport(store: Store, request: RecordedRequest): Reply {
  const parts = request.parts ?? []
  const files = parts.filter((p) => /^files\[[a-z_]+\]$/.test(p.name) && p.filename !== undefined)
  if (files.length === 0) throw invalid({files: ['The files field is required.']})
  if (!parts.some((p) => p.name === 'import_type')) throw invalid({import_type: ['The import type field is required.']})
  const hash = sha256(request.body).slice(0, 32)
  const mappings: Rec = {}
  for (const file of files) {
    const entity = file.name.slice('files['.length, -1)
    const csv = file.data.toString('utf8')
    store.imports.set(`${hash}-${entity}`, {entity, csv})
    mappings[entity] = {
      available: IMPORTABLE[entity] ?? [`${entity}.name`],
      headers: parseCsv(csv).slice(0, 2),
    }
  }
  return ok({hash, mappings})
}

/** The import: each row becomes a record, its mapped columns set (contact.* on the first contact). */
function runImport(store: Store, request: RecordedRequest): Reply {
  const body = jsonBody(request)
  const entity = String(body.entity_type ?? '')
  const cached = store.imports.get(`${String(body.hash)}-${entity}`)
  const mapping =
    isObject(body.column_map) && isObject(body.column_map[entity]) ? body.column_map[entity].mapping : undefined
  if (!cached || !isObject(mapping) || body.skip_header === undefined)
    throw invalid({hash: ['The hash is invalid or has expired.']})
  const rows = parseCsv(cached.csv)
  for (const row of rows.slice(body.skip_header ? 1 : 0)) {
    const record: Rec = {}
    const contact: Rec = {}
    for (const [index, field] of Object.entries(mapping)) {
      const [owner, key] = String(field).split('.')
      if (owner === 'contact') contact[key] = row[Number(index)]
      else record[key] = row[Number(index)]
    }
    if (Object.keys(contact).length > 0) record.contacts = [contact]
    store.create(`${entity}s`, record)
  }
  return ok({message: 'Import started'})
}

/** Routes beyond the collections; undefined for every other path. */
export function operationRoute(store: Store, request: RecordedRequest, parts: string[]): Reply | undefined {
  const history = historyRoute(store, request, parts)
  if (history) return history
  const path = parts.join('/')
  if (request.method === 'POST') {
    if (path === 'emails') return email(store, request)
    if (path === 'payments/refund') return refund(store, request)
    if (path === 'client_statement') return statement(store, request)
    if (path === 'preimport') return preimport(store, request)
    if (path === 'import') return runImport(store, request)
    // A list response: one page of the matched (20 unless per_page), with meta.pagination.
    if (path === 'bank_transactions/match')
      return ok(
        paginate(matchTransactions(store, request), request.query, `http://${request.headers.host}/api/v1/${path}`),
      )
    // The token's company (the server routes it as POST; it changes nothing). The server's company always has a
    // currency (CompanySettings' default is 1); the seed's may leave it out.
    if (path === 'companies/current') {
      const company = clone(store.collection('companies')[0] ?? {id: 'Co0000000A', settings: {}})
      company.settings = {currency_id: '1', ...(company.settings as object)}
      return ok({data: company})
    }
  }
  const [entity = '', key = '', action = ''] = parts
  if (
    request.method === 'GET' &&
    parts.length === 3 &&
    action === `download_e_${entity}` &&
    ['invoice', 'quote', 'credit', 'purchase_order'].includes(entity)
  ) {
    const record = byInvitation(store, entity, key)
    const id = String(record.number ?? record.id)
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Invoice><ID>${id}</ID></Invoice>\n`
    return {
      type: 'file',
      contentType: 'application/xml',
      filename: `${entity}_${String(record.number ?? record.id)}.xml`,
      data: Buffer.from(xml),
    }
  }
  return undefined
}
