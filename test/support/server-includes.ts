/**
 * `include=client,vendor,...` on a list or a record: each record carries the related record in a
 * key of the relation's name (`client: {...}`), as the server's transformers embed it with its
 * array serializer. Only the relations the family's transformer offers (registry/server facts)
 * are embedded; any other name is ignored, and a relation the record lacks is left out, as the
 * server's include methods do. A client or vendor embedded carries the server's display_name
 * (its name, else its first contact's name).
 */
import {names, serverFacts} from '../../packages/core/src/registry/server/facts.js'
import type {Store} from './server-store.js'
import {clone, isObject, type Rec} from './server-values.js'

/** Where each relation lives and which key of the record names it. */
const RELATIONS: Record<string, {segment: string; key: string}> = {
  client: {segment: 'clients', key: 'client_id'},
  vendor: {segment: 'vendors', key: 'vendor_id'},
  project: {segment: 'projects', key: 'project_id'},
  category: {segment: 'expense_categories', key: 'category_id'},
  status: {segment: 'task_statuses', key: 'status_id'},
  invoice: {segment: 'invoices', key: 'invoice_id'},
  user: {segment: 'users', key: 'user_id'},
}

const PARTIES = new Set(['clients', 'vendors'])

/** The server's display name of a client or vendor: its name, else its first contact's first and last name. */
function displayName(party: Rec): string {
  if (typeof party.name === 'string' && party.name !== '') return party.name
  const contact = Array.isArray(party.contacts) && isObject(party.contacts[0]) ? party.contacts[0] : {}
  return [contact.first_name, contact.last_name].filter((n) => typeof n === 'string' && n !== '').join(' ')
}

/** The relations that are lists of records: an invoice's payments, a payment's invoices and credits. */
const LISTS = ['payments', 'invoices', 'credits']

/** The invoices or credits a payment paid: its paymentables' (else, as sent, its `invoices`' and `credits'`). */
function paidBy(byId: (segment: string) => Map<unknown, Rec>, payment: Rec, segment: 'invoices' | 'credits'): Rec[] {
  const key = segment === 'invoices' ? 'invoice_id' : 'credit_id'
  const links = [
    ...(Array.isArray(payment.paymentables) ? payment.paymentables : []),
    ...(Array.isArray(payment[segment]) ? (payment[segment] as unknown[]) : []),
  ]
  const ids = new Set(links.filter((l) => isObject(l) && typeof l[key] === 'string').map((l) => (l as Rec)[key]))
  const records = byId(segment)
  return [...ids].map((id) => records.get(id)).filter((r): r is Rec => r !== undefined)
}

/** The relations of `include=` the segment's records can embed. */
function wanted(segment: string, include: string | undefined): string[] {
  const offered = new Set(names(serverFacts(segment.replaceAll('_', '-'))?.includes))
  return (include ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => offered.has(name) && (Object.hasOwn(RELATIONS, name) || LISTS.includes(name)))
}

/** The records (copies) with the relations `include` names embedded. */
export function withIncludes(store: Store, segment: string, records: Rec[], include: string | undefined): Rec[] {
  const relations = wanted(segment, include)
  if (relations.length === 0) return records
  // Indexes made once per answer, on first use: a page of thousands of records must not scan the store per record.
  const indexes = new Map<string, Map<unknown, Rec>>()
  const byId = (segment: string) => {
    if (!indexes.has(segment)) indexes.set(segment, new Map(store.collection(segment).map((r) => [r.id, r])))
    return indexes.get(segment)!
  }
  let paymentsOf: Map<unknown, Rec[]> | undefined
  const paying = (invoiceId: unknown): Rec[] => {
    paymentsOf ??= store.collection('payments').reduce((map, p) => {
      const paid = new Set(Array.isArray(p.invoices) ? p.invoices.filter(isObject).map((i) => i.invoice_id) : [])
      for (const id of paid) map.set(id, [...(map.get(id) ?? []), p])
      return map
    }, new Map<unknown, Rec[]>())
    return paymentsOf.get(invoiceId) ?? []
  }
  return records.map((record) => {
    const out: Rec = {...record}
    for (const name of relations) {
      // A list relation: an invoice's payments are those that pay it.
      if (name === 'payments') {
        out.payments = clone(paying(record.id))
        continue
      }
      // A payment's invoices and credits: those its paymentables (the server's default include) name.
      if (segment === 'payments' && (name === 'invoices' || name === 'credits')) {
        out[name] = clone(paidBy(byId, record, name))
        continue
      }
      const {segment: from, key} = RELATIONS[name]
      const related = byId(from).get(record[key])
      if (!related) continue
      out[name] = PARTIES.has(from) ? {...clone(related), display_name: displayName(related)} : clone(related)
    }
    return out
  })
}
