/** Writing results: stdout holds only the result; everything else goes to stderr. */
import {open, rename, rm, stat} from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'

import {CliError, ExitCode, usageError} from '../errors.js'
import {fileNameFromDisposition, safeFileName} from './filename.js'
import {type Credentials, holdsSecret, requestHeaders} from '../http/headers.js'
import {trackTempFile, untrackTempFile} from '../interrupt.js'
import {forTerminal} from './terminal.js'
import {fullUrl, type RequestSpec} from '../plan/request.js'
import {chooseColumns, getPath, renderRecord, type Style, tableChunks} from './table.js'

/** Longer texts are written in slices of about this many characters: never one giant buffer. */
const SLICE = 1 << 20

/** Writes to stdout; a terminal gets upstream text with its control characters escaped (terminal.ts). */
export async function writeOut(data: string | Uint8Array): Promise<void> {
  if (typeof data === 'string' && data.length > SLICE) {
    for (let start = 0; start < data.length;) {
      let end = Math.min(start + SLICE, data.length)
      // Never between the two halves of a surrogate pair (each half alone would print as U+FFFD).
      if (end < data.length && /[\uD800-\uDBFF]/.test(data[end - 1])) end--
      await writeOut(data.slice(start, end))
      start = end
    }
    return
  }
  if (!process.stdout.write(forTerminal(process.stdout, data)))
    await new Promise((resolve) => process.stdout.once('drain', resolve))
}

/**
 * A JSON answer's bytes as text for stdout, trailing white space trimmed, then a line break; in
 * slices of about 1 MB, each cut just after a comma. A cut there never splits a UTF-8 sequence,
 * nor a secret that holds no comma (in any of its spellings: escapes use no comma either), so
 * each slice can be scrubbed alone. A secret with a comma gets the text in one piece.
 */
export function* jsonTextSlices(bytes: Buffer, secrets: {token?: string; password?: string}): Generator<string> {
  let end = bytes.length
  while (
    end > 0 &&
    (bytes[end - 1] === 0x20 || bytes[end - 1] === 0x0a || bytes[end - 1] === 0x0d || bytes[end - 1] === 0x09)
  )
    end--
  const whole = [secrets.token, secrets.password].some((s) => s?.includes(','))
  for (let start = 0; start < end;) {
    const comma = whole ? -1 : bytes.indexOf(0x2c, Math.min(start + SLICE, end))
    const cut = comma === -1 || comma >= end ? end : comma + 1
    yield bytes.toString('utf8', start, cut)
    start = cut
  }
  yield '\n'
}

export const writeErr = (text: string): void => {
  process.stderr.write(forTerminal(process.stderr, text.endsWith('\n') ? text : `${text}\n`))
}

/** JSON for stdout: indented for people on a terminal, one compact line when piped. */
export const jsonText = (value: unknown, stream: {isTTY?: boolean} = process.stdout): string =>
  `${JSON.stringify(value, null, stream.isTTY ? 2 : undefined)}\n`

/** The description a dry run prints. Multipart bodies are described part by part. */
export function describeRequest(spec: RequestSpec, baseUrl: string, creds: Credentials) {
  let body: unknown = spec.body ?? null
  if (spec.multipart) {
    body = {
      multipart: spec.multipart.map((p) =>
        'value' in p ? {name: p.name, value: p.value} : {name: p.name, filename: p.filename, size: p.size},
      ),
    }
  }
  return {method: spec.method, url: fullUrl(baseUrl, spec), headers: requestHeaders(spec, creds, true), body}
}

/** What `--dry-run` prints as a document (json, yaml). */
export const dryRunDocument = (described: ReturnType<typeof describeRequest>) => ({dry_run: true, request: described})

export function renderDryRun(described: ReturnType<typeof describeRequest>, json: boolean): string {
  if (json) return jsonText(dryRunDocument(described))
  const body = described.body === null ? '' : `${JSON.stringify(described.body, null, 2)}\n`
  return `${described.method} ${described.url}\n${body}`
}

/** An answer's `data` (lists and records come wrapped in it), or the answer itself (statics, ping). */
export function dataOf(body: unknown): unknown {
  return body !== null && typeof body === 'object' && !Array.isArray(body) && 'data' in body
    ? (body as {data: unknown}).data
    : body
}

/**
 * A JSON answer for people: a table for lists, a key/value view for one record. `explicit`
 * columns (--columns) are shown as given; otherwise those of `columns` the records have.
 */
export function renderHuman(body: unknown, style: Style, columns?: readonly string[], explicit = false): string {
  return [...humanChunks(body, style, columns, explicit)].join('')
}

/** renderHuman, line by line for a table. */
export function humanChunks(
  body: unknown,
  style: Style,
  columns?: readonly string[],
  explicit = false,
): Iterable<string> {
  const data = dataOf(body)
  const picked = explicit && columns ? [...columns] : undefined
  if (Array.isArray(data)) {
    if (data.length === 0) return ['No records.']
    return tableChunks(data, picked ?? chooseColumns(data, columns), style, picked !== undefined)
  }
  if (data && typeof data === 'object') {
    return [
      renderRecord(
        picked ? Object.fromEntries(picked.map((c) => [c, getPath(data, c)])) : (data as Record<string, unknown>),
        style,
      ),
    ]
  }
  return [String(JSON.stringify(data))]
}

/**
 * Refuses, before anything is sent, an output file that cannot or should not be written. A
 * folder is fine unless `folder` is false: the file name then comes from the answer (outputPath).
 */
export async function checkOutputTarget(target: string, force: boolean, folder = true): Promise<void> {
  if (target === '-') {
    // A PDF or zip on a terminal is noise at best and control sequences at worst.
    if (process.stdout.isTTY)
      throw usageError(
        '--output-file - writes the file to standard output, which is a terminal here: give a path, or pipe the output',
      )
    return
  }
  if (target === '') throw usageError('--output-file must not be empty: give a path, or - for stdout')
  // /dev/stdout and /dev/fd/1 are `-` by another name, terminal rule included.
  if (standardStream(target) === process.stdout) return checkOutputTarget('-', force, folder)
  if (await isStreamTarget(target)) return
  const existing = await stat(target).catch(() => undefined)
  if (existing?.isBlockDevice()) throw usageError(`--output-file ${target} is a block device: give a file path`)
  if (existing?.isDirectory()) {
    if (folder) return
    throw usageError(`${target} is a folder: give a file path`)
  }
  if (existing && !force) throw usageError(`--output-file ${target} exists: pass --force to overwrite it`)
  const dir = await stat(dirname(target)).catch(() => undefined)
  if (!dir?.isDirectory()) throw usageError(`--output-file ${target}: folder ${dirname(target)} does not exist`)
}

/**
 * Where an answer goes: `target`, or inside it when it is a folder, named by Content-Disposition.
 * A suggested name that holds a secret in use (in any spelling) is never used: the fallback is.
 */
export async function outputPath(
  target: string,
  headers: Record<string, string | string[] | undefined>,
  secrets: Pick<Credentials, 'token' | 'password'> = {},
): Promise<string> {
  if (target === '-' || !(await stat(target).catch(() => undefined))?.isDirectory()) return target
  const raw = headers['content-disposition']
  const disposition = Array.isArray(raw) ? raw[0] : raw
  const suggested = fileNameFromDisposition(disposition)
  const fallback = /pdf/i.test(String(headers['content-type'] ?? '')) ? 'download.pdf' : 'download'
  const leaks = holdsSecret(disposition ?? '', secrets) || holdsSecret(suggested ?? '', secrets)
  return join(target, safeFileName(leaks ? undefined : suggested, fallback))
}

// A descriptor of this process (/dev/fd/1, /dev/stdout, /proc/self/fd/3): whatever it is, the shell opened it.
const FD_PATH = /^\/(?:dev\/fd\/\d+|proc\/self\/fd\/\d+|dev\/std(?:out|err))$/

/** Standard output or error named by path; reopening those fails when they are sockets (ENXIO). */
function standardStream(target: string): NodeJS.WriteStream | undefined {
  if (/^\/(?:dev\/fd\/1|proc\/self\/fd\/1|dev\/stdout)$/.test(target)) return process.stdout
  if (/^\/(?:dev\/fd\/2|proc\/self\/fd\/2|dev\/stderr)$/.test(target)) return process.stderr
  return undefined
}

/**
 * A FIFO, a character device (/dev/null, a terminal) or a descriptor path: a stream to write into,
 * never a file to replace (a temporary file renamed over it would replace the device itself).
 */
export async function isStreamTarget(target: string): Promise<boolean> {
  if (FD_PATH.test(target)) return true
  const info = await stat(target).catch(() => undefined)
  return Boolean(info && (info.isFIFO() || info.isCharacterDevice()))
}

/** Writes straight into a stream target; O_APPEND, so a descriptor redirected with >> is not truncated. */
async function writeInto(
  target: string,
  fill: (write: (chunk: Uint8Array) => Promise<void>) => Promise<void>,
): Promise<void> {
  const stream = standardStream(target)
  if (stream === process.stdout) return fill(writeOut)
  if (stream) {
    return fill(async (chunk) => {
      if (!stream.write(chunk)) await new Promise((resolve) => stream.once('drain', resolve))
    })
  }
  const handle = await open(target, 'a').catch((error: Error) => {
    throw new CliError(`cannot write ${target}: ${error.message}`, ExitCode.usage)
  })
  try {
    await fill(async (chunk) => {
      await handle.write(chunk)
    })
  } finally {
    await handle.close()
  }
}

/**
 * Writes bytes to a file atomically: a temporary file beside the target, renamed into place when
 * complete, removed on failure. `-` means stdout. An existing file needs `force`. A FIFO, a device
 * or /dev/fd/N is written into directly (isStreamTarget).
 */
export async function writeFileAtomically(
  target: string,
  force: boolean,
  fill: (write: (chunk: Uint8Array) => Promise<void>) => Promise<void>,
): Promise<void> {
  if (target === '-') {
    await fill(writeOut)
    return
  }
  await checkOutputTarget(target, force, false)
  if (await isStreamTarget(target)) {
    await writeInto(target, fill)
    return
  }
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.part`)
  trackTempFile(tmp)
  const handle = await open(tmp, 'wx', 0o644).catch((error: Error) => {
    untrackTempFile(tmp)
    throw new CliError(`cannot write ${target}: ${error.message}`, ExitCode.usage)
  })
  try {
    await fill(async (chunk) => {
      await handle.write(chunk)
    })
    await handle.close()
    await rename(tmp, target)
  } catch (error) {
    await handle.close().catch(() => {})
    await rm(tmp, {force: true})
    throw error
  } finally {
    untrackTempFile(tmp)
  }
}
