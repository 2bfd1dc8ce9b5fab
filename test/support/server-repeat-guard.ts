/**
 * The server's guard against repeats (5.10.42: BulkInvoiceRequest, DestroyInvoiceRequest, StorePaymentRequest): when
 * it prepares such a request it marks it for one second, by the caller's address and what makes two alike; an alike
 * request while the mark stands is refused with 400 "Duplicate request" before anything is read or changed. The mark
 * is made whatever the request then answers (a 422 too); a refused one makes none. Every caller here is 127.0.0.1.
 */
import {HttpError} from './server-reply.js'
import type {RecordedRequest} from './server-request.js'
import type {Store} from './server-store.js'
import {isObject, type Rec} from './server-values.js'

/** PHP's string of a value read with `input(key, 0)`: a missing one is 0, null and false are empty, true is 1. */
const phpString = (body: Rec, key: string): string => {
  const value = Object.hasOwn(body, key) ? body[key] : 0
  if (value === null || value === undefined || value === false) return ''
  return value === true ? '1' : typeof value === 'object' ? 'Array' : String(value)
}

/** The body as the server reads its input (the route itself answers a body that is not JSON). */
const inputOf = (request: RecordedRequest): Rec => (isObject(request.json) ? request.json : {})

/** The mark a request makes, if the server guards it: `parts` is its path below /api/v1/. */
function markOf(store: Store, request: RecordedRequest, parts: string[]): string | undefined {
  const [segment, second] = parts
  if (request.method === 'POST' && segment === 'invoices' && second === 'bulk' && parts.length === 2)
    return `invoices bulk ${phpString(inputOf(request), 'action')}`
  if (request.method === 'DELETE' && segment === 'invoices' && parts.length === 2) {
    // Only once the route has found the invoice: an unknown id is the 400 of the lookup, not a repeat.
    store.find('invoices', second)
    return `invoices delete ${second}`
  }
  if (request.method === 'POST' && segment === 'payments' && parts.length === 1) {
    const body = inputOf(request)
    const client = typeof body.client_id === 'string' ? body.client_id : ''
    return `payments ${phpString(body, 'amount')} ${client}`
  }
  return undefined
}

/** Refuses a repeat while its mark stands; otherwise marks the request and lets it through. */
export function checkRepeat(store: Store, request: RecordedRequest, parts: string[], now = Date.now()): void {
  const mark = markOf(store, request, parts)
  if (mark === undefined) return
  const at = store.repeatMarks.get(mark)
  if (at !== undefined && now - at < store.repeatWindowMs) throw new HttpError(400, {message: 'Duplicate request'})
  store.repeatMarks.set(mark, now)
}
