/**
 * Files in and out: multipart upload to a record, a record's PDF, the PDF behind an invitation
 * key, and a stored document's own file.
 */
import {fakePdf} from './server-fixtures.js'
import {HttpError, notFound, ok, type Reply} from './server-reply.js'
import type {RecordedRequest} from './server-request.js'
import type {Store} from './server-store.js'
import {clone, fileLabel, isObject, nowSeconds, sha256, singular, type Rec} from './server-values.js'

/** Files count only as `documents[]` (or PHP's `documents[0]`); a bare `documents` field is ignored. */
export function upload(store: Store, segment: string, id: string, request: RecordedRequest): Reply {
  const parts = request.parts ?? []
  const method = parts.find((p) => p.name === '_method' && p.filename === undefined)?.data.toString('utf8')
  // The route is PUT upstream; a POST without the override matches no route.
  if (method?.toUpperCase() !== 'PUT') throw notFound()
  const record = store.find(segment, id)
  const files = parts.filter((p) => /^documents\[\d*\]$/.test(p.name) && p.filename !== undefined)
  const added = files.map((p) => {
    const doc = store.create('documents', {
      name: p.filename,
      type: String(p.filename).split('.').pop(),
      size: p.data.length,
      hash: sha256(p.data),
    })
    store.files.set(String(doc.id), {
      name: String(p.filename),
      contentType: p.contentType ?? 'application/octet-stream',
      data: p.data,
    })
    return {id: doc.id, name: p.filename, size: p.data.length, hash: sha256(p.data)}
  })
  const existing = Array.isArray(record.documents) ? record.documents : []
  record.documents = [...existing, ...added]
  record.updated_at = nowSeconds()
  return ok({data: clone(record)})
}

export function recordDownload(segment: string, record: Rec): Reply {
  const id = String(record.id)
  return {
    type: 'pdf',
    filename: `${fileLabel(singular(segment))}_${String(record.number ?? id)}.pdf`,
    data: fakePdf(id),
  }
}

/** The record an invitation key belongs to; a bad key is a 400, as on the server. */
export function byInvitation(store: Store, entity: string, key: string): Rec {
  const hasKey = (record: Rec) =>
    Array.isArray(record.invitations) && record.invitations.some((i: unknown) => isObject(i) && i.key === key)
  const record = store.collection(`${entity}s`).find(hasKey)
  if (!record) throw new HttpError(400, {message: 'Invalid invitation key'})
  return record
}

export function invitationDownload(store: Store, entity: string, key: string): Reply {
  const record = byInvitation(store, entity, key)
  return {type: 'pdf', filename: `${fileLabel(entity)}_${String(record.number ?? record.id)}.pdf`, data: fakePdf(key)}
}

/** A stored document's own file (GET /documents/{id}/download). */
export function documentDownload(store: Store, id: string): Reply {
  const record = store.find('documents', id)
  const file = store.files.get(String(record.id))
  if (!file) throw new HttpError(404, {message: 'File not found'})
  return {type: 'file', contentType: file.contentType, filename: file.name, data: file.data}
}
