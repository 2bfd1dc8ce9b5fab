/**
 * One HTTP exchange on node:http / node:https (only the one the URL needs, loaded on first use):
 * the answer's status and headers, then its body as a stream. It does what the client relied on
 * got for, and no more: the whole-exchange timeout and the lookup/connect timeouts (errors with
 * code ETIMEDOUT and the `event` that ran out), Node's own codes for connection failures, errors
 * after the answer began carrying `response` (body errors named ReadError), no redirects, gzip /
 * deflate / br answers decoded (the same Accept-Encoding got sent), and the abort signal, whose
 * listener is let go once the exchange is over. Loading got cost about a fifth of a request's start.
 */
import type {Agent as HttpAgent, IncomingMessage} from 'node:http'
import type {Socket} from 'node:net'
import type {Readable} from 'node:stream'

import type {HttpResponse} from './body.js'

export interface ExchangeOptions {
  method: string
  headers: Record<string, string>
  body?: string
  /** The keep-alive (or proxy) agent for the URL's protocol. */
  agent: HttpAgent
  /** Milliseconds: `request` bounds the whole exchange, to the answer's last byte; `connect` the lookup and connect. */
  timeout: {connect: number; request: number}
  signal?: AbortSignal
}

export interface Exchange {
  statusCode: number
  headers: HttpResponse['headers']
  body: Readable
}

/** What ran out: got's names, which network-error.ts reads. */
class TimeoutError extends Error {
  override readonly name = 'TimeoutError'
  readonly code = 'ETIMEDOUT'
  constructor(
    ms: number,
    readonly event: 'lookup' | 'connect' | 'request',
  ) {
    super(`Timeout awaiting '${event}' for ${ms}ms`)
  }
}

// Sent as got sent it: what the server may compress with, decoded below (zlib loaded only then).
const ACCEPT_ENCODING = 'gzip, deflate, br'

/** Sends one request; resolves with the answer's head once it arrives, its body left to read. */
export async function exchange(url: string, opts: ExchangeOptions): Promise<Exchange> {
  if (opts.signal?.aborted) throw opts.signal.reason
  const target = new URL(url)
  const {request} = target.protocol === 'https:' ? await import('node:https') : await import('node:http')
  // Names in lower case, in got's order (user-agent first, the length and encodings last): the request as before.
  const headers: Record<string, string> = {'user-agent': ''}
  for (const [name, value] of Object.entries(opts.headers)) headers[name.toLowerCase()] = value
  if (!headers['user-agent']) delete headers['user-agent']
  if (opts.body !== undefined) headers['content-length'] = String(Buffer.byteLength(opts.body))
  headers['accept-encoding'] = ACCEPT_ENCODING
  const req = request(target, {method: opts.method, headers, agent: opts.agent})
  return new Promise<Exchange>((resolve, reject) => {
    let res: IncomingMessage | undefined
    let body: Readable | undefined
    let settled = false
    let failure: unknown
    const timers: NodeJS.Timeout[] = []
    const finish = () => {
      for (const t of timers) clearTimeout(t)
      opts.signal?.removeEventListener('abort', onAbort)
    }
    const fail = (error: unknown) => {
      failure ??= error
      // After the answer began, the failure carries it (network-error.ts: "did not finish" rather than "no answer").
      if (res && typeof error === 'object' && error !== null)
        (error as {response?: unknown}).response ??= {statusCode: res.statusCode, headers: res.headers}
      finish()
      if (!settled) {
        settled = true
        reject(error)
      }
      body?.destroy(error as Error)
      req.destroy()
    }
    const onAbort = () => fail(opts.signal?.reason)
    const timer = (ms: number, event: TimeoutError['event']) => {
      const t = setTimeout(() => fail(new TimeoutError(ms, event)), ms)
      timers.push(t)
      return () => clearTimeout(t)
    }
    opts.signal?.addEventListener('abort', onAbort, {once: true})
    // Aborted while node:http(s) was loading: the listener above came too late to hear it.
    if (opts.signal?.aborted) onAbort()
    timer(opts.timeout.request, 'request')
    req.once('socket', (socket: Socket) => connectTimeouts(socket, target.hostname, opts.timeout.connect, timer))
    req.on('error', fail)
    req.once('response', (answer: IncomingMessage) => {
      res = answer
      // A body that fails part way reads as got's ReadError, Node's code kept; not the failure
      // that destroyed it here (a timeout, the abort), which comes back through this listener.
      const readError = (error: Error) => {
        if (failure === undefined) fail(Object.assign(error, {name: 'ReadError'}))
      }
      answer.on('error', readError)
      void decoded(answer, opts.method).then((stream) => {
        body = stream
        if (stream !== answer) stream.on('error', readError)
        stream.once('end', finish)
        stream.once('close', finish)
        if (settled) stream.destroy()
        else {
          settled = true
          resolve({statusCode: answer.statusCode ?? 0, headers: answer.headers, body: stream})
        }
      })
    })
    req.end(opts.body)
  })
}

/**
 * got's lookup and connect timeouts: on a new socket only (a kept-alive one is connected), the
 * lookup timed unless the host is an address, then the connect timed from the lookup's end.
 * An address is told by its form: the URL parser writes IPv4 as four decimals, IPv6 in brackets.
 */
function connectTimeouts(
  socket: Socket,
  hostname: string,
  ms: number,
  timer: (ms: number, event: 'lookup' | 'connect') => () => void,
): void {
  if (!socket.connecting) return
  if (hostname.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(hostname)) {
    socket.once('connect', timer(ms, 'connect'))
    return
  }
  socket.once('lookup', timer(ms, 'lookup'))
  socket.once('lookup', (error: Error | null) => {
    if (error === null) socket.once('connect', timer(ms, 'connect'))
  })
}

/** The body, decoded when the server compressed it (as got did), node:zlib loaded only then. */
async function decoded(res: IncomingMessage, method: string): Promise<Readable> {
  const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase()
  const status = res.statusCode ?? 0
  const noBody = method === 'HEAD' || status < 200 || status === 204 || status === 205 || status === 304
  // An empty compressed body is no body: a decoder would call it truncated.
  const empty = res.headers['content-length'] === '0'
  if (noBody || empty || !['gzip', 'x-gzip', 'deflate', 'br'].includes(encoding)) return res
  const zlib = await import('node:zlib')
  // Sync flush: an answer cut short yields what arrived, and the cut is the connection's error. Unzip reads gzip and
  // zlib-wrapped deflate alike, whichever header the server actually wrote.
  const flush = {flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH}
  const decoder = encoding === 'br' ? zlib.createBrotliDecompress() : zlib.createUnzip(flush)
  res.pipe(decoder)
  decoder.once('close', () => res.destroy())
  return decoder
}
