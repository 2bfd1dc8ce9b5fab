/**
 * The failed e-mails joined with what they were about: the record e-mailed (its family's `email` operation, its
 * number) and the client (its name). Each record and each client is read once, whatever the number of entries.
 */
import {
  answerError,
  apiPath,
  dataOf,
  FAMILIES,
  type Family,
  type HttpClient,
  isSuccess,
  parseJsonBody,
  pathSegment,
  type RequestSpec,
} from '@invoicing-cli/core/internal'

import type {Rec} from '../read-all.js'
import type {FailedMail} from './mail-events.js'

export interface Joined extends FailedMail {
  client?: {id: string; name: string}
  /** The record as it is now: its family word and number (none when the server no longer has it). */
  document?: {
    family: string
    id: string
    number: string
    /** Why it is not to be mailed again: `deleted`, `paid`, `cancelled`, ... */
    closed?: string
    /** Whom an e-mail of it reaches now: its invitations' contacts' addresses (undefined: not known). */
    recipients?: string[]
  }
}

/** The states of a record no e-mail is sent for again, per log entity (the server's status ids). */
const CLOSED: Record<string, Record<string, string>> = {
  invoice: {'4': 'paid', '5': 'cancelled', '6': 'reversed'},
  credit: {'4': 'applied'},
  quote: {'4': 'converted'},
  purchase_order: {'5': 'cancelled'},
}

/** Deleted, or in a state that closes it (paid, cancelled): undefined when it can still be mailed. */
function closedState(entity: string, record: Rec): string | undefined {
  if (record.is_deleted === true) return 'deleted'
  return CLOSED[entity]?.[str(record.status_id) || String(record.status_id ?? '')]
}

/**
 * Whom the server's e-mail route reaches: each invitation's contact with an address (lowercased). Undefined when
 * an invitation names a contact the answer does not hold: then it is not known.
 */
function recipientsOf(record: Rec): string[] | undefined {
  const contacts = ((record.client as Rec | undefined)?.contacts ?? []) as Rec[]
  const invitations = (Array.isArray(record.invitations) ? record.invitations : []) as Rec[]
  const out: string[] = []
  for (const invitation of invitations) {
    const contact = Array.isArray(contacts)
      ? contacts.find((c) => str(c?.id) === str(invitation.client_contact_id))
      : undefined
    if (!contact) return undefined
    if (str(contact.email) !== '') out.push(str(contact.email).toLowerCase())
  }
  return out
}

/** The family a log's `entity` names (`invoice`: invoices): the one whose invitations and e-mails are that entity's. */
export function emailFamily(entity: string): Family | undefined {
  return FAMILIES.find(
    (f) =>
      f.download?.kind === 'invitation' &&
      f.download.segment === entity &&
      f.operations.some((op) => op.name === 'email'),
  )
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '')

/** GET one record; undefined where the server has it no more (400 "No query results", 404). */
async function readOne(client: HttpClient, request: RequestSpec): Promise<Rec | undefined> {
  const res = await client.send(request)
  if (res.status === 400 || res.status === 404) return undefined
  if (!isSuccess(res.status)) throw answerError(res, request)
  const data = dataOf(parseJsonBody(res, request))
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Rec) : undefined
}

const get = (segment: string, family: string, id: string, include?: string): RequestSpec => ({
  method: 'GET',
  path: apiPath(segment, pathSegment(id, 'id')),
  query: include ? [['include', include]] : [],
  changes: false,
  record: {family, ids: [id]},
})

function documentOf(word: string, entity: string, record: Rec): NonNullable<Joined['document']> {
  const closed = closedState(entity, record)
  const recipients = recipientsOf(record)
  return {
    family: word,
    id: str(record.id),
    number: str(record.number),
    ...(closed ? {closed} : {}),
    ...(recipients ? {recipients} : {}),
  }
}

export async function joinRecords(client: HttpClient, failed: FailedMail[]): Promise<Joined[]> {
  const records = new Map<string, Rec | undefined>()
  for (const f of failed) {
    const family = f.record && emailFamily(f.record.entity)
    const key = f.record && `${f.record.entity}/${f.record.id}`
    if (!family || !key || records.has(key)) continue
    records.set(key, await readOne(client, get(family.segment, family.word, f.record!.id, 'client')))
  }
  const clients = new Map<string, string>()
  for (const record of records.values()) {
    const c = record?.client as Rec | undefined
    if (c && str(record?.client_id)) clients.set(str(record?.client_id), str(c.display_name) || str(c.name))
  }
  for (const f of failed)
    if (f.client_id && !clients.has(f.client_id)) {
      const c = await readOne(client, get('clients', 'clients', f.client_id))
      clients.set(f.client_id, c ? str(c.display_name) || str(c.name) : '')
    }
  return failed.map((f) => {
    const record = f.record ? records.get(`${f.record.entity}/${f.record.id}`) : undefined
    const family = f.record && emailFamily(f.record.entity)
    const clientId = str(record?.client_id) || f.client_id
    return {
      ...f,
      ...(clientId ? {client: {id: clientId, name: clients.get(clientId) ?? ''}} : {}),
      ...(record && family ? {document: documentOf(family.word, f.record!.entity, record)} : {}),
    }
  })
}
