/**
 * Sends a RequestSpec: timeouts, a size cap, retries that never duplicate a record, the --verbose trace. got
 * is imported on first use only, so commands that never reach the network (help, dry runs, usage
 * errors) do not pay for loading it. got's own retry stays off: the loop here decides, by the
 * rules in retry.ts.
 */
import type {Agent as HttpAgent} from 'node:http'
import type {Agent as HttpsAgent} from 'node:https'
import type {Readable} from 'node:stream'
import {setTimeout as sleep} from 'node:timers/promises'

import {CliError, ExitCode} from './errors.js'
import {type Credentials, requestHeaders, scrubSecrets} from './headers.js'
import {DEFAULT_MAX_RESPONSE_MB, DEFAULT_TIMEOUT_MS} from './net-options.js'
import {proxyAgents} from './proxy.js'
import {parseJsonBytes} from './json-scan.js'
import {fullUrl, type RequestSpec} from './request.js'
import {BEFORE_CONNECT_CODES, DEFAULT_RETRIES, type Outcome, retryFor, seconds} from './retry.js'
import {failureTrace, requestTrace, responseTrace} from './trace.js'
import {answerError, mayHaveTakenEffect} from './upstream-error.js'

export interface HttpResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

export interface Connection extends Credentials {
  baseUrl: string
  /** Milliseconds for the whole request: connecting (at most 10 s of it), sending, and the answer to its last byte. */
  timeoutMs?: number
  /** The largest answer read, in bytes (default 256 MB); a larger one fails the command. */
  maxResponseBytes?: number
  /** Retries after the first attempt (default 3). */
  retries?: number
  /** Multiplies every retry wait (default 1). */
  waitScale?: number
  /** Receives the --verbose trace, one line at a time. */
  trace?: (line: string) => void
  /** Receives one line per retry, and notes on what was not retried (stderr). */
  notify?: (line: string) => void
}

export interface SendOptions {
  /** Hand a 429 straight back instead of retrying it (paging shrinks its window first). */
  passRateLimit?: boolean
  /** Cancels the request, and any retry of it (paging, once the listing has what it needs). */
  signal?: AbortSignal
}

const CONNECT_TIMEOUT_MS = 10_000

/** Thrown when an answer grows past the size cap: never retried (it would be as large again). */
class TooLargeError extends Error {
  readonly code = 'ERESPONSETOOLARGE'
}

/** The body's chunks as they arrive, failing as soon as they add up to more than `max` bytes. */
async function* capped(stream: Readable, max: number): AsyncGenerator<Buffer> {
  let size = 0
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > max) {
      stream.destroy()
      throw new TooLargeError('the answer is too large')
    }
    yield chunk
  }
}

/**
 * Reads a body whole, never past `max` bytes, into one resizable buffer that grows in place
 * (address space is reserved up to the cap, memory used as bytes arrive). Each chunk is copied in
 * and let go: the answer is never held as chunks and a joined copy, nor as the old and new
 * buffers of a regrowth. releaseBody() hands the memory back at once, without waiting for a GC.
 */
async function readCapped(stream: Readable, headers: HttpResponse['headers'], max: number): Promise<Buffer> {
  const declared = Number(headerValue(headers, 'content-length'))
  if (declared > max) {
    stream.destroy()
    throw new TooLargeError('the answer is too large')
  }
  const space = growable(max)
  const bytes = new Uint8Array(space)
  let size = 0
  for await (const chunk of capped(stream, max)) {
    if (size + chunk.length > space.byteLength) (space as Resizable).resize(size + chunk.length)
    bytes.set(chunk, size)
    size += chunk.length
  }
  return Buffer.from(space, 0, size)
}

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
      return new (ArrayBuffer as unknown as new (n: number, o: {maxByteLength: number}) => ArrayBuffer)(0, {maxByteLength: limit})
    } catch (error) {
      if (!(error instanceof RangeError) || limit < 1024 * 1024) throw error
    }
  }
}

type Got = typeof import('got').default

// The build bundles got into one CommonJS file with its V8 code cache (scripts/bundle.js,
// code-cache.ts); from source (unit tests) the package itself is used.
let gotPromise: Promise<Got> | undefined
const loadGot = (): Promise<Got> =>
  (gotPromise ??= import('./code-cache.js').then(async ({loadBundle}) => {
    const bundled = loadBundle(new URL('./vendor/got.cjs', import.meta.url)) as {default: Got} | undefined
    return (bundled ?? (await import('got'))).default
  }))

/** A 2xx status; everything else is an upstream error (redirects included: the API never redirects on success). */
export const isSuccess = (status: number): boolean => status >= 200 && status < 300

/** A header's (first) value. */
export const headerValue = (headers: HttpResponse['headers'], name: string): string | undefined => {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

const errorCode = (error: unknown): string => String((error as {code?: unknown}).code ?? 'ERROR')

/** Node's codes for a certificate or handshake the client refused: nothing was sent. */
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH)/

/** A successful answer whose body has not been read yet. */
interface Opened extends HttpResponse {
  stream?: Readable
}

export class HttpClient {
  // Own keep-alive agents, destroyed by close(): Node's global agent would keep the process alive.
  // Made on the first request, so commands that send nothing do not load TLS.
  private agentsPromise?: Promise<{http: HttpAgent; https: HttpsAgent}>

  private agents(): Promise<{http: HttpAgent; https: HttpsAgent}> {
    this.agentsPromise ??= proxyAgents(this.connection.baseUrl).then(
      (proxied) =>
        proxied ??
        Promise.all([import('node:http'), import('node:https')]).then(([http, https]) => ({
          http: new http.Agent({keepAlive: true}),
          https: new https.Agent({keepAlive: true}),
        })),
    )
    return this.agentsPromise
  }

  constructor(readonly connection: Connection) {}

  url(spec: RequestSpec): string {
    return fullUrl(this.connection.baseUrl, spec)
  }

  private get timeoutMs(): number {
    return this.connection.timeoutMs ?? DEFAULT_TIMEOUT_MS
  }

  private get maxResponseBytes(): number {
    return this.connection.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_MB * 1024 * 1024
  }

  private async options(spec: RequestSpec) {
    const headers = requestHeaders(spec, this.connection, false)
    let body: string | FormData | undefined
    if (spec.body !== undefined) body = JSON.stringify(spec.body)
    if (spec.multipart) {
      delete headers['Content-Type']
      body = await multipartBody(spec)
    }
    const wait = this.timeoutMs
    const connect = Math.min(CONNECT_TIMEOUT_MS, wait)
    return {
      method: spec.method,
      headers,
      body,
      throwHttpErrors: false,
      followRedirect: false,
      retry: {limit: 0},
      agent: await this.agents(),
      // `request` bounds the whole exchange, to the answer's last byte: a server that drips one
      // byte at a time cannot hold the command past --timeout (an idle-gap timeout would reset).
      timeout: {lookup: connect, connect, request: wait},
    }
  }

  /** Sends the request and returns the whole answer (at most the size cap); network failures become exit-1 errors. */
  async send(spec: RequestSpec, opts: SendOptions = {}): Promise<HttpResponse> {
    return this.withRetries(spec, opts, async () => {
      const {stream, ...head} = await this.open(spec, false, opts.signal)
      return stream ? {...head, body: await readCapped(stream, head.headers, this.maxResponseBytes)} : head
    })
  }

  /**
   * Sends the request and hands the body to `sink` as it arrives, once the status says success.
   * An error status is read whole and thrown as an upstream error. Retries happen only before
   * the first byte reaches the sink.
   */
  async stream(spec: RequestSpec, sink: (chunks: AsyncIterable<Buffer>, res: HttpResponse) => Promise<void>): Promise<void> {
    const opened = await this.withRetries(spec, {}, () => this.open(spec, true))
    if (!opened.stream) throw answerError(opened, spec)
    try {
      await sink(capped(opened.stream, this.maxResponseBytes), {status: opened.status, headers: opened.headers, body: Buffer.alloc(0)})
    } catch (error) {
      opened.stream.destroy()
      throw this.networkError(error, spec, true)
    }
  }

  /** Opens the request; the body of any answer is left to read, except an error's when `readErrors` (read whole, capped). */
  private async open(spec: RequestSpec, readErrors = false, signal?: AbortSignal): Promise<Opened> {
    const got = await loadGot()
    const options = await this.options(spec)
    const stream = got.stream(this.url(spec), {...options, signal})
    // A stream with no body to send waits for one to be piped in: end it (a GET ends by itself).
    if (options.body === undefined && spec.method !== 'GET') stream.end()
    const res = await new Promise<{statusCode: number; headers: HttpResponse['headers']}>((resolve, reject) => {
      stream.once('response', resolve)
      stream.once('error', reject)
    })
    const head = {status: res.statusCode, headers: res.headers, body: Buffer.alloc(0)}
    if (!readErrors || isSuccess(res.statusCode)) return {...head, stream}
    return {...head, body: await readCapped(stream, res.headers, this.maxResponseBytes)}
  }

  /** Runs attempts until one stands, by the rules of retry.ts; says on stderr what is retried and why. */
  private async withRetries<T extends HttpResponse>(spec: RequestSpec, opts: SendOptions, attempt: () => Promise<T>): Promise<T> {
    const retries = this.connection.retries ?? DEFAULT_RETRIES
    for (let retry = 1; ; retry++) {
      this.trace(() => requestTrace(spec, this.url(spec), this.connection))
      const started = Date.now()
      let result: T | undefined
      let failure: unknown
      let outcome: Outcome
      try {
        const res = await attempt()
        result = res
        outcome = {status: res.status, retryAfter: headerValue(res.headers, 'retry-after')}
        this.trace(() => responseTrace(res.status, res.headers, Date.now() - started, this.connection))
      } catch (error) {
        failure = error
        const code = errorCode(error)
        outcome = {code}
        this.trace(() => failureTrace(code, Date.now() - started, this.connection))
      }
      if (opts.signal?.aborted) throw opts.signal.reason
      if (opts.passRateLimit && result?.status === 429) return result
      const next = retryFor(spec, outcome, retry)
      if (next && retry <= retries) {
        const wait = Math.round(next.delayMs * (this.connection.waitScale ?? 1))
        this.notify(`retrying ${spec.method} ${spec.path} in ${seconds(wait)} (retry ${retry} of ${retries}): ${next.reason}`)
        await sleep(wait, undefined, {signal: opts.signal})
        continue
      }
      if (next && retries > 0) this.notify(`gave up after ${retries} ${retries === 1 ? 'retry' : 'retries'}`)
      if (result) return result
      throw this.networkError(failure, spec)
    }
  }

  private trace(lines: () => string[]): void {
    if (this.connection.trace) for (const line of lines()) this.connection.trace(line)
  }

  private notify(line: string): void {
    this.connection.notify?.(scrubSecrets(line, this.connection))
  }

  private networkError(error: unknown, spec: RequestSpec, download = false): CliError {
    if (error instanceof CliError) return error
    const e = error as Error & {code?: string; event?: string; response?: unknown}
    const origin = safeOrigin(this.url(spec))
    const code = errorCode(e)
    const limit = `${seconds(this.timeoutMs)} (--timeout)`
    const nothingSent = BEFORE_CONNECT_CODES.has(code) || code === 'ENOTFOUND' || TLS_CODE.test(code)
    const mb = +(this.maxResponseBytes / 1024 / 1024).toFixed(3)
    let message: string
    if (code === 'ERESPONSETOOLARGE') {
      message = `the answer from ${origin} is larger than ${mb} MB: ${download ? 'for a larger file' : 'ask for less (--per-page, --filter), or'} raise CLI_MAX_RESPONSE_MB`
    } else if (code === 'ECONNREFUSED') message = `could not connect to ${origin}: nothing is listening there (${code}). Check the base URL and its port (--base-url, CLI_BASE_URL or the profile)`
    else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') message = `could not find the host of ${origin} (${code}). Check the base URL (--base-url, CLI_BASE_URL or the profile) and your DNS`
    else if (TLS_CODE.test(code)) message = `could not make a secure connection to ${origin}: its certificate was refused (${code}). Check the base URL; a private CA goes in NODE_EXTRA_CA_CERTS`
    else if (code === 'ETIMEDOUT' && (e.event === 'lookup' || e.event === 'connect')) message = `could not connect to ${origin} within ${seconds(Math.min(CONNECT_TIMEOUT_MS, this.timeoutMs))}`
    else if (code === 'ETIMEDOUT' && download && e.response) message = `the download from ${origin} did not finish within ${limit}: for a large file, raise --timeout`
    else if (code === 'ETIMEDOUT' && e.response) message = `the answer from ${origin} did not finish within ${limit}`
    else if (code === 'ETIMEDOUT') message = `no answer from ${origin} within ${limit}`
    else if (e.name === 'ReadError' || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
      message = `the connection to ${origin} broke before the answer was complete (${code})`
    } else message = `could not complete the request to ${origin}: ${e.code ?? e.message}. Check the base URL and your network`
    const connectPhase = code === 'ETIMEDOUT' && (e.event === 'lookup' || e.event === 'connect')
    if (spec.changes && !nothingSent && !connectPhase) message += `; ${mayHaveTakenEffect(spec)}`
    return new CliError(scrubSecrets(message, this.connection), ExitCode.upstream, {cause: error})
  }

  close(): void {
    void this.agentsPromise?.then((agents) => {
      agents.http.destroy()
      agents.https.destroy()
    })
  }
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return 'the upstream'
  }
}

/** A multipart body whose files are streamed from disk (file-backed Blobs), never read into memory. */
async function multipartBody(spec: RequestSpec): Promise<FormData> {
  const {openAsBlob} = await import('node:fs')
  const form = new FormData()
  for (const part of spec.multipart ?? []) {
    if ('value' in part) form.append(part.name, part.value)
    else form.append(part.name, await openAsBlob(part.path), part.filename)
  }
  return form
}

/** Parses a JSON answer; a success that is not JSON is an upstream error. */
export function parseJsonBody(res: HttpResponse): unknown {
  return parseBody(res, () => JSON.parse(res.body.toString('utf8')))
}

/**
 * A JSON answer's value, parsed piece by piece (json-scan.ts); the bytes are let go (res.body
 * emptied) once parsed. With `keep` false it only checks the answer is JSON and hands back the
 * bytes (`--output json` prints them as they came).
 */
export function takeJsonBody(res: HttpResponse): unknown
export function takeJsonBody(res: HttpResponse, keep: false): Buffer
export function takeJsonBody(res: HttpResponse, keep = true): unknown {
  const bytes = res.body
  const value = parseBody(res, () => parseJsonBytes(bytes, keep))
  res.body = Buffer.alloc(0)
  if (!keep) return bytes
  releaseBody(bytes)
  return value
}

function parseBody(res: HttpResponse, parse: () => unknown): unknown {
  try {
    return parse()
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error
    throw new CliError(`upstream answered ${res.status} with a body that is not JSON (${res.body.length} bytes): check the base URL`, ExitCode.upstream, {status: res.status})
  }
}
