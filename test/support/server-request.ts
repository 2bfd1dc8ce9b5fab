/** A request as the stand-in records it (Upstream.requests) and as its routes read it. */
import type http from 'node:http'

import {parseMultipart, type UploadPart} from './server-multipart.js'
import {invalidJson} from './server-reply.js'
import {isObject, type Rec} from './server-values.js'

export interface RecordedRequest {
  method: string
  /** Raw pathname as received (no percent-decoding). */
  path: string
  /** Decoded query parameters; the last of repeated names wins. */
  query: Record<string, string>
  /** The raw query string after '?', '' if none. */
  rawQuery: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  /** Parsed body when content-type is application/json and it parses. */
  json?: unknown
  /** Parsed parts when content-type is multipart/form-data. */
  parts?: UploadPart[]
}

export function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

export function recordRequest(req: http.IncomingMessage, body: Buffer): RecordedRequest {
  const target = req.url ?? '/'
  const q = target.indexOf('?')
  const rawQuery = q === -1 ? '' : target.slice(q + 1)
  const recorded: RecordedRequest = {
    method: req.method ?? 'GET',
    path: q === -1 ? target : target.slice(0, q),
    query: Object.fromEntries(new URLSearchParams(rawQuery)),
    rawQuery,
    headers: {...req.headers},
    body,
  }
  const contentType = req.headers['content-type'] ?? ''
  if (/^application\/json\b/i.test(contentType)) {
    try {
      recorded.json = JSON.parse(body.toString('utf8'))
    } catch {
      // Left undefined: the handlers answer 400 Invalid JSON.
    }
  }
  if (/^multipart\/form-data\b/i.test(contentType)) recorded.parts = parseMultipart(body, contentType)
  return recorded
}

/** The JSON object a handler expects; anything else is the server's 400 Invalid JSON. */
export function jsonBody(request: RecordedRequest): Rec {
  if (!isObject(request.json)) throw invalidJson()
  return request.json
}
