/**
 * Sends a RequestSpec: timeouts, retries that never duplicate a record, the --verbose trace. got
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
import {DEFAULT_TIMEOUT_MS} from './net-options.js'
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
  /** Milliseconds to wait for a connection (at most 10 s of it), an answer, or the next chunk of a body. */
  timeoutMs?: number
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
}

const CONNECT_TIMEOUT_MS = 10_000

type Got = typeof import('got').default

// The build bundles got into one file (scripts/bundle.js); from source (unit tests) the
// package itself is used.
const GOT_BUNDLE = './vendor/got.js'
let gotPromise: Promise<Got> | undefined
const loadGot = (): Promise<Got> =>
  (gotPromise ??= (import(GOT_BUNDLE) as Promise<{default: Got}>).catch(() => import('got')).then((m) => m.default))

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
    this.agentsPromise ??= Promise.all([import('node:http'), import('node:https')]).then(([http, https]) => ({
      http: new http.Agent({keepAlive: true}),
      https: new https.Agent({keepAlive: true}),
    }))
    return this.agentsPromise
  }

  constructor(readonly connection: Connection) {}

  url(spec: RequestSpec): string {
    return fullUrl(this.connection.baseUrl, spec)
  }

  private get timeoutMs(): number {
    return this.connection.timeoutMs ?? DEFAULT_TIMEOUT_MS
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
      // No overall limit: a large download may take long, as long as bytes keep coming.
      timeout: {lookup: connect, connect, response: wait, socket: wait},
    }
  }

  /** Sends the request and returns the whole answer; network failures become exit-1 errors. */
  async send(spec: RequestSpec, opts: SendOptions = {}): Promise<HttpResponse> {
    return this.withRetries(spec, opts, async () => {
      const got = await loadGot()
      const res = await got(this.url(spec), {...(await this.options(spec)), responseType: 'buffer'})
      return {status: res.statusCode, headers: res.headers, body: res.body}
    })
  }

  /**
   * Sends the request and hands the body to `sink` as it arrives, once the status says success.
   * An error status is read whole and thrown as an upstream error. Retries happen only before
   * the first byte reaches the sink.
   */
  async stream(spec: RequestSpec, sink: (chunks: AsyncIterable<Buffer>, res: HttpResponse) => Promise<void>): Promise<void> {
    const opened = await this.withRetries(spec, {}, () => this.open(spec))
    if (!opened.stream) throw answerError(opened, spec)
    try {
      await sink(opened.stream as AsyncIterable<Buffer>, {status: opened.status, headers: opened.headers, body: Buffer.alloc(0)})
    } catch (error) {
      opened.stream.destroy()
      throw this.networkError(error, spec)
    }
  }

  private async open(spec: RequestSpec): Promise<Opened> {
    const got = await loadGot()
    const stream = got.stream(this.url(spec), await this.options(spec))
    const res = await new Promise<{statusCode: number; headers: HttpResponse['headers']}>((resolve, reject) => {
      stream.once('response', resolve)
      stream.once('error', reject)
    })
    const head = {status: res.statusCode, headers: res.headers, body: Buffer.alloc(0)}
    if (isSuccess(res.statusCode)) return {...head, stream}
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    return {...head, body: Buffer.concat(chunks)}
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
      if (opts.passRateLimit && result?.status === 429) return result
      const next = retryFor(spec, outcome, retry)
      if (next && retry <= retries) {
        const wait = Math.round(next.delayMs * (this.connection.waitScale ?? 1))
        this.notify(`retrying ${spec.method} ${spec.path} in ${seconds(wait)} (retry ${retry} of ${retries}): ${next.reason}`)
        await sleep(wait)
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

  private networkError(error: unknown, spec: RequestSpec): CliError {
    if (error instanceof CliError) return error
    const e = error as Error & {code?: string; event?: string}
    const origin = safeOrigin(this.url(spec))
    const code = errorCode(e)
    const limit = `${seconds(this.timeoutMs)} (--timeout)`
    const nothingSent = BEFORE_CONNECT_CODES.has(code) || code === 'ENOTFOUND' || TLS_CODE.test(code)
    let message: string
    if (code === 'ECONNREFUSED') message = `could not connect to ${origin}: nothing is listening there (${code}). Check the base URL and its port (--base-url, CLI_BASE_URL or the profile)`
    else if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') message = `could not find the host of ${origin} (${code}). Check the base URL (--base-url, CLI_BASE_URL or the profile) and your DNS`
    else if (TLS_CODE.test(code)) message = `could not make a secure connection to ${origin}: its certificate was refused (${code}). Check the base URL; a private CA goes in NODE_EXTRA_CA_CERTS`
    else if (code === 'ETIMEDOUT' && (e.event === 'lookup' || e.event === 'connect')) message = `could not connect to ${origin} within ${seconds(Math.min(CONNECT_TIMEOUT_MS, this.timeoutMs))}`
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
  try {
    return JSON.parse(res.body.toString('utf8'))
  } catch {
    throw new CliError(`upstream answered ${res.status} with a body that is not JSON (${res.body.length} bytes): check the base URL`, ExitCode.upstream, {status: res.status})
  }
}
