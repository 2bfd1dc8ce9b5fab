/**
 * Sends a RequestSpec: timeouts, a size cap, retries that never duplicate a record, the --verbose trace.
 * The exchange itself is transport.ts's (node:http/https, loaded on first use, so commands that never
 * reach the network do not pay for it); multipart uploads go through got (got-loader.ts). Neither
 * retries: the loop here decides, by the rules in retry.ts.
 */
import type {Agent as HttpAgent} from 'node:http'
import type {Readable} from 'node:stream'
import {setTimeout as sleep} from 'node:timers/promises'

import {requestHeaders, scrubSecrets} from './headers.js'
import {capped, headerValue, type HttpResponse, multipartBody, readCapped} from './body.js'
import type {Connection, SendOptions} from './connection.js'
import {uploadExchange} from './got-loader.js'
import {DEFAULT_MAX_RESPONSE_MB, DEFAULT_TIMEOUT_MS} from './net-options.js'
import {CONNECT_TIMEOUT_MS, errorCode, networkError} from './network-error.js'
import {proxyAgent, type ProxyInUse} from './proxy.js'
import {fullUrl, type RequestSpec} from '../plan/request.js'
import {DEFAULT_RETRIES, type Outcome, retryFor, seconds} from './retry.js'
import {failureTrace, loadStatusTexts, requestTrace, responseTrace} from './trace.js'
import {exchange} from './transport.js'
import {answerError} from './upstream-error.js'

export {headerValue, type HttpResponse, parseJsonBody, takeJsonBody} from './body.js'
export type {Connection, SendOptions} from './connection.js'

/** A 2xx status; everything else is an upstream error (redirects included: the API never redirects on success). */
export const isSuccess = (status: number): boolean => status >= 200 && status < 300

/** A successful answer whose body has not been read yet. */
interface Opened extends HttpResponse {
  stream?: Readable
}

type MadeAgent = {agent: HttpAgent; proxy?: ProxyInUse}

/** A keep-alive agent for the base URL's protocol only (http:// loads no TLS), or the proxy's. */
async function newAgent(baseUrl: string): Promise<MadeAgent> {
  const proxied = await proxyAgent(baseUrl)
  if (proxied) return proxied
  const https = new URL(baseUrl).protocol === 'https:'
  const {Agent} = https ? await import('node:https') : await import('node:http')
  return {agent: new Agent({keepAlive: true})}
}

/** Agents kept for the life of the process, by base URL: set by keepConnections(). */
let keptAgents: Map<string, Promise<MadeAgent>> | undefined

/**
 * From now on, every client of a base URL shares one keep-alive agent, so that a long-lived process (the MCP server,
 * whose every tool call runs a command with a client of its own) reuses its connections rather than opening (and,
 * over https, shaking hands on) one per call.
 */
export function keepConnections(): void {
  keptAgents ??= new Map()
}

export class HttpClient {
  // Its keep-alive agent (after keepConnections(), the one of every client of its base URL), its open requests ended
  // by close(). Made on the first request, for the base URL's protocol only (every request goes there), so
  // commands that send nothing, and http:// base URLs, do not load TLS.
  private agentPromise?: Promise<HttpAgent>
  // The proxy the agent goes through, if any: a connection error then names it, not the base URL.
  private proxy?: ProxyInUse

  private agent(): Promise<HttpAgent> {
    if (!this.agentPromise) {
      const key = this.connection.baseUrl
      const made = keptAgents?.get(key) ?? newAgent(key)
      keptAgents?.set(key, made)
      this.agentPromise = made.then((m) => {
        this.proxy = m.proxy
        return m.agent
      })
    }
    return this.agentPromise
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
    return {
      method: spec.method,
      headers,
      body,
      agent: await this.agent(),
      // `request` bounds the whole exchange, to the answer's last byte: a server that drips one
      // byte at a time cannot hold the command past --timeout (an idle-gap timeout would reset).
      timeout: {connect: Math.min(CONNECT_TIMEOUT_MS, wait), request: wait},
    }
  }

  /** Sends the request and returns the whole answer (at most the size cap); network failures become exit-1 errors. */
  async send(spec: RequestSpec, opts: SendOptions = {}): Promise<HttpResponse> {
    return this.withRetries(spec, opts, async () => {
      const {stream, ...head} = await this.open(spec, false, opts.signal)
      return stream ? {...head, body: await this.readAll(stream, head.headers)} : head
    })
  }

  /**
   * Reads the rest of an answer whole (capped), then destroys the body stream: the exchange lets go
   * of what it holds (its listener on the request's abort signal, its timers) once the stream closes;
   * got's upload stream has autoDestroy off and does so only on destroy. Left alone, every page of a
   * listing added one more listener to the listing's signal.
   */
  private async readAll(stream: Readable, headers: HttpResponse['headers']): Promise<Buffer> {
    try {
      return await readCapped(stream, headers, this.maxResponseBytes)
    } finally {
      stream.destroy()
    }
  }

  /**
   * Sends the request and hands the body to `sink` as it arrives, once the status says success.
   * An error status is read whole and thrown as an upstream error. Retries happen only before
   * the first byte reaches the sink.
   */
  async stream(
    spec: RequestSpec,
    sink: (chunks: AsyncIterable<Buffer>, res: HttpResponse) => Promise<void>,
    opts: SendOptions = {},
  ): Promise<void> {
    const opened = await this.withRetries(spec, opts, () => this.open(spec, true))
    if (!opened.stream) throw answerError(opened, spec)
    try {
      await sink(capped(opened.stream, this.maxResponseBytes), {
        status: opened.status,
        headers: opened.headers,
        body: Buffer.alloc(0),
      })
    } catch (error) {
      throw this.networkError(error, spec, true)
    } finally {
      // Read to the end or given up: either way the stream lets go of its listeners (see readAll).
      opened.stream.destroy()
    }
  }

  /**
   * Opens the request; the body of any answer is left to read,
   * except an error's when `readErrors` (read whole, capped).
   */
  private async open(spec: RequestSpec, readErrors = false, signal?: AbortSignal): Promise<Opened> {
    const {body, ...options} = await this.options(spec)
    const url = this.url(spec)
    // Not `instanceof FormData`: reading that global loads fetch's machinery (node:zlib, node:http2).
    const res =
      typeof body === 'object'
        ? await uploadExchange(url, {...options, body, signal})
        : await exchange(url, {...options, body, signal})
    const stream = res.body
    const head = {status: res.statusCode, headers: res.headers, body: Buffer.alloc(0)}
    if (!readErrors || isSuccess(res.statusCode)) return {...head, stream}
    return {...head, body: await this.readAll(stream, res.headers)}
  }

  /** Runs attempts until one stands, by the rules of retry.ts; says on stderr what is retried and why. */
  private async withRetries<T extends HttpResponse>(
    spec: RequestSpec,
    opts: SendOptions,
    attempt: () => Promise<T>,
  ): Promise<T> {
    const retries = this.connection.retries ?? DEFAULT_RETRIES
    if (this.connection.trace) await loadStatusTexts()
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
        this.notify(
          `retrying ${spec.method} ${spec.path} in ${seconds(wait)} (retry ${retry} ` +
            `of ${Math.min(retries, next.max ?? retries)}): ${next.reason}`,
        )
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

  private networkError(error: unknown, spec: RequestSpec, download = false): ReturnType<typeof networkError> {
    return networkError(
      error,
      spec,
      {
        url: this.url(spec),
        timeoutMs: this.timeoutMs,
        maxResponseBytes: this.maxResponseBytes,
        secrets: this.connection,
        proxy: this.proxy,
      },
      download,
    )
  }

  /**
   * Ends the requests still open. Idle keep-alive sockets are left to end with the process (Node's agent unrefs
   * them, and a server closes them when idle): destroying a socket makes Node's net create process.stderr, ≈1 ms.
   */
  close(): void {
    void this.agentPromise?.then((agent) => {
      for (const sockets of Object.values(agent.sockets)) for (const socket of sockets ?? []) socket.destroy()
    })
  }
}
