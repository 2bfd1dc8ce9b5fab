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
  document?: {family: string; id: string; number: string}
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
      ...(record && family ? {document: {family: family.word, id: str(record.id), number: str(record.number)}} : {}),
    }
  })
}
