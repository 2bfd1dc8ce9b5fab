/**
 * Bodies: answers read under the size cap into one buffer that grows in place (and is handed back
 * at once), JSON parsed from them, and multipart bodies streamed from disk.
 */
import type {Readable} from 'node:stream'

import {parseJsonBytes} from './json-scan.js'
import type {RequestSpec} from '../plan/request.js'
import {notJsonError} from './upstream-error.js'

/** An answer: its status, headers and (once read) body. */
export interface HttpResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A header's (first) value. */
export const headerValue = (headers: HttpResponse['headers'], name: string): string | undefined => {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** Thrown when an answer grows past the size cap: never retried (it would be as large again). */
export class TooLargeError extends Error {
  readonly code = 'ERESPONSETOOLARGE'
}

/** Stops a body that grew past the size cap: the stream is let go, and the error to throw is handed back. */
function tooLarge(stream: Readable): TooLargeError {
  stream.destroy()
  return new TooLargeError('the answer is too large')
}

/** The body's chunks as they arrive, failing as soon as they add up to more than `max` bytes. */
export async function* capped(stream: Readable, max: number): AsyncGenerator<Buffer> {
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > max) throw tooLarge(stream)
    yield chunk
  }
}

/**
 * Reads a body whole, never past `max` bytes, into one resizable buffer that grows in place
 * (address space is reserved up to the cap, memory used as bytes arrive). Each chunk is copied in
 * and let go: the answer is never held as chunks and a joined copy, nor as the old and new
 * buffers of a regrowth. releaseBody() hands the memory back at once, without waiting for a GC.
 */
export async function readCapped(stream: Readable, headers: HttpResponse['headers'], max: number): Promise<Buffer> {
  const declared = Number(headerValue(headers, 'content-length'))
  if (declared > max) throw tooLarge(stream)
  const space = growable(max)
  const bytes = new Uint8Array(space)
  let size = 0
  // Read with 'data', ended as finished() (and a for-await loop over the stream) would end it: at its end, at its
  // error, or at a close before its end. Without finished(), whose module import and setup cost ≈0.5 ms an answer.
  await new Promise<void>((resolve, reject) => {
    const closed = () => (stream.readableEnded ? resolve() : reject(stream.errored ?? prematureClose()))
    if (stream.destroyed) {
      closed()
      return
    }
    stream.once('end', resolve)
    stream.once('error', reject)
    // After 'end' or 'error' (settled already: not settled again, which Node would report as a second settling).
    stream.once('close', () => {
      if (!stream.readableEnded && !stream.errored) reject(prematureClose())
    })
    stream.on('data', (chunk: Buffer) => {
      if (size + chunk.length > max) {
        reject(tooLarge(stream))
        return
      }
      if (size + chunk.length > space.byteLength) (space as Resizable).resize(size + chunk.length)
      bytes.set(chunk, size)
      size += chunk.length
    })
  })
  return Buffer.from(space, 0, size)
}

/** What finished() reports when a stream closes before its end (network-error.ts and retry.ts read the code). */
const prematureClose = (): Error => Object.assign(new Error('Premature close'), {code: 'ERR_STREAM_PREMATURE_CLOSE'})

type Resizable = ArrayBuffer & {resizable?: boolean; resize(n: number): void}

/** Frees a body read by readCapped now (its buffer shrinks to nothing); other buffers are left to the GC. */
function releaseBody(body: Buffer): void {
  const space = body.buffer as Resizable
  if (space.resizable) space.resize(0)
}

/** A resizable ArrayBuffer of at most `max` bytes (or the largest the machine will reserve). */
function growable(max: number): ArrayBuffer {
  for (let limit = max; ; limit = Math.floor(limit / 4)) {
    try {
      return new (ArrayBuffer as unknown as new (n: number, o: {maxByteLength: number}) => ArrayBuffer)(0, {
        maxByteLength: limit,
      })
    } catch (error) {
      if (!(error instanceof RangeError) || limit < 1024 * 1024) throw error
    }
  }
}

/** A multipart body whose files are streamed from disk (file-backed Blobs), never read into memory. */
export async function multipartBody(spec: RequestSpec): Promise<FormData> {
  const {openAsBlob} = await import('node:fs')
  const form = new FormData()
  for (const part of spec.multipart ?? []) {
    if ('value' in part) form.append(part.name, part.value)
    else form.append(part.name, await openAsBlob(part.path), part.filename)
  }
  return form
}

/** The request an answer came from, for the error when it is not JSON (notJsonError: after a change, how to check). */
type Asked = Pick<RequestSpec, 'changes' | 'record'>

/** Parses a JSON answer; a success that is not JSON is an upstream error. */
export function parseJsonBody(res: HttpResponse, request?: Asked): unknown {
  return parseBody(res, request, () => JSON.parse(res.body.toString('utf8')))
}

/**
 * A JSON answer's value, parsed piece by piece (json-scan.ts); the bytes are let go (res.body
 * emptied) once parsed. With `keep` false it only checks the answer is JSON and hands back the
 * bytes (`--output json` prints them as they came).
 */
export function takeJsonBody(res: HttpResponse, keep?: true, request?: Asked): unknown
export function takeJsonBody(res: HttpResponse, keep: false, request?: Asked): Buffer
export function takeJsonBody(res: HttpResponse, keep = true, request?: Asked): unknown {
  const bytes = res.body
  const value = parseBody(res, request, () => parseJsonBytes(bytes, keep))
  res.body = Buffer.alloc(0)
  if (!keep) return bytes
  releaseBody(bytes)
  return value
}

function parseBody(res: HttpResponse, request: Asked | undefined, parse: () => unknown): unknown {
  try {
    return parse()
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error
    throw notJsonError(res.status, res.body.length, request)
  }
}
