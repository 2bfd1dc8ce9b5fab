/**
 * Only the file that was asked for is saved. A PDF route can answer 200 with an HTML login page
 * (an expired session, a proxy) or a JSON message: that answer is an error, never a file.
 */
import {CliError, ExitCode} from '../errors.js'
import type {FileKind} from '../registry/file-kinds.js'
import {upstreamError} from './upstream-error.js'

/** Bytes read before deciding what an answer is, and at most this much of a wrong answer for its message. */
const HEAD_BYTES = 8
const MESSAGE_BYTES = 64 * 1024

const WANTED: Record<FileKind, string> = {
  pdf: 'a PDF',
  'pdf-or-zip': 'a PDF or zip file',
  xml: 'an XML e-invoice',
  any: 'the stored file',
}

const mediaType = (contentType: string): string => contentType.split(';')[0].trim().toLowerCase()
const isPdf = (type: string, head: Buffer): boolean =>
  type === 'application/pdf' || head.subarray(0, 5).toString('latin1') === '%PDF-'
const isZip = (type: string, head: Buffer): boolean =>
  /^application\/(x-)?zip/.test(type) || head.subarray(0, 4).equals(Buffer.from('PK\u0003\u0004', 'latin1'))
const isErrorPage = (type: string, head: Buffer): boolean =>
  /json|html/.test(type) || /^\s*[<{]/.test(head.toString('latin1'))

/**
 * Whether an answer is the file: a PDF by its type or its `%PDF-` signature, a zip by `PK`; any
 * stored file (documents) unless it looks like an error page and names no attachment. An empty answer is never a
 * PDF, zip or e-invoice, whatever its type says. `bySignature`: the file's own first bytes decide, never its
 * declared type (a pack that files what it saves as PDFs).
 */
export function isWantedFile(
  kind: FileKind,
  contentType: string,
  head: Buffer,
  disposition = '',
  bySignature = false,
): boolean {
  const type = bySignature ? '' : mediaType(contentType)
  if (kind !== 'any' && head.length === 0) return false
  if (kind === 'pdf') return isPdf(type, head)
  if (kind === 'pdf-or-zip') return isPdf(type, head) || isZip(type, head)
  if (kind === 'xml') return /xml/.test(type) || /^\uFEFF?<\?xml/.test(head.toString('utf8'))
  return /attachment|filename/i.test(disposition) || !isErrorPage(type, head)
}

const TEXT_TYPE = /json|html|xml|^text\//
// C0 controls other than tab, newline and carriage return, and DEL: a body holding one is not a message.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/**
 * Whether a wrong answer is text worth quoting (a JSON message,
 * a page): its type says so, and it holds no control bytes.
 */
function isText(type: string, body: Buffer): boolean {
  return (type === '' || TEXT_TYPE.test(type)) && !CONTROL.test(body.toString('latin1'))
}

/**
 * The error for an answer that is not the file: the upstream's own message, and that nothing was
 * saved. A body that is not text (a zip where a PDF was wanted) is named by its size and type,
 * never printed. `body` is at most MESSAGE_BYTES of the answer (readSome).
 */
export function notTheFileError(kind: FileKind, status: number, contentType: string, body: Buffer): CliError {
  const type = mediaType(contentType)
  const size = body.length < MESSAGE_BYTES ? `${body.length} bytes` : `${MESSAGE_BYTES} bytes or more`
  const what = isText(type, body)
    ? upstreamError(status, body, contentType).upstreamMessage
    : `${size} of ${type || 'binary data'}`
  return new CliError(
    `the upstream answered ${status} with ${type || 'no content type'} instead of ${WANTED[kind]}: ${what}. ` +
      'Nothing was saved',
    ExitCode.upstream,
    {status, upstreamMessage: what},
  )
}

/** Reads the first bytes of a stream; `rest` yields everything, those bytes included. */
export async function peek(
  chunks: AsyncIterable<Buffer>,
  bytes = HEAD_BYTES,
): Promise<{head: Buffer; rest: AsyncIterable<Buffer>}> {
  const it = chunks[Symbol.asyncIterator]()
  const first: Buffer[] = []
  let size = 0
  let done = false
  while (size < bytes) {
    const next = await it.next()
    if (next.done) {
      done = true
      break
    }
    first.push(next.value)
    size += next.value.length
  }
  const head = Buffer.concat(first)
  async function* rest(): AsyncIterable<Buffer> {
    if (head.length > 0) yield head
    while (!done) {
      const next = await it.next()
      if (next.done) return
      yield next.value
    }
  }
  return {head, rest: rest()}
}

/** At most `max` bytes of a stream, for the message of a wrong answer. */
export async function readSome(chunks: AsyncIterable<Buffer>, max = MESSAGE_BYTES): Promise<Buffer> {
  const parts: Buffer[] = []
  let size = 0
  for await (const chunk of chunks) {
    parts.push(chunk)
    size += chunk.length
    if (size >= max) break
  }
  return Buffer.concat(parts).subarray(0, max)
}
