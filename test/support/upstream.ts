/**
 * A small, stateful stand-in for the Invoice Ninja v5 API, for end-to-end tests that spawn the CLI.
 *
 * It mirrors what /work/shared/upstream/FACTS.md says a client meets: the auth headers, the error
 * bodies, paging (links without per_page), bulk and single-record actions, multipart upload with
 * `_method=PUT` and `documents[]`, streamed PDF downloads, and injectable faults.
 *
 * The server runs inside the test process, so spawn the CLI asynchronously (spawn/execFile, never
 * spawnSync): a blocked event loop cannot answer.
 *
 * This file starts and stops it and records what it receives; the parts live beside it in
 * server-*.ts (server-dispatch.ts routes a request), and what the tests use is re-exported here.
 */
import http from 'node:http'
import type {AddressInfo, Socket} from 'node:net'

import {dispatch, SEGMENT} from './server-dispatch.js'
import {applyFault, FaultQueue, type Fault} from './server-faults.js'
import {HttpError, send, sendJson} from './server-reply.js'
import {readBody, recordRequest, type RecordedRequest} from './server-request.js'
import {Store, type Mail} from './server-store.js'
import {clone, nowSeconds} from './server-values.js'

export {defaultSeed, fakePdf, fakePng, fakeZip, REPORT_CSV} from './server-fixtures.js'
export {CATCH_ALL_MESSAGE} from './server-reply.js'
export type {Fault, FaultKind} from './server-faults.js'
export type {UploadPart} from './server-multipart.js'
export type {RecordedRequest} from './server-request.js'
export type {Mail} from './server-store.js'
export type {Rec} from './server-values.js'

export interface Upstream {
  /** Server root, e.g. 'http://127.0.0.1:43121' (no /api/v1). */
  url: string
  token: string
  requests: RecordedRequest[]
  /** Connections opened since the last reset: requests over one keep-alive connection count once. */
  readonly connections: number
  reset(): void
  seed(segment: string, records: Array<Record<string, unknown>>): void
  records(segment: string): Array<Record<string, unknown>>
  fault(f: Fault): void
  /** E-mails sent since the last reset (by GET actions and bulk actions that mail). */
  outbox(): Mail[]
  /** How many polls of a report preview answer 409 before the result (default 2). */
  setReportDelay(polls: number): void
  /** How long the server's mark against a repeat stands (server-repeat-guard.ts), until the next reset; 0: none. */
  setRepeatWindow(ms: number): void
  /**
   * Another user's edit: once the next GET of the record has been answered, `changes` are saved into it and
   * its updated_at moves on (at least one second), as a save by someone else between two reads.
   */
  changeAfterRead(segment: string, id: string, changes: Record<string, unknown>): void
  /** Another user's edit in the second of the last read: the record changes, its `updated_at` (seconds) does not. */
  editSameSecond(segment: string, id: string, changes: Record<string, unknown>): void
  /**
   * Another user's purge (a hard delete, gone from every list): once the first GET of `path` whose query holds
   * `query` has been answered, the record is removed, as a purge between two page reads.
   */
  purgeAfter(path: string, query: Record<string, string>, segment: string, id: string): void
  close(): Promise<void>
}

export const DEFAULT_TOKEN = 'test-token-123'
export const DEFAULT_PASSWORD = 'secret-pass'

export interface UpstreamOptions {
  token?: string
  password?: string
  /** Delay before every answer, like a remote server's round trip (the benchmark uses it). */
  latencyMs?: number
  /** Port on 127.0.0.1 (0: any free port). */
  port?: number
}

export async function startUpstream(opts: UpstreamOptions = {}): Promise<Upstream> {
  const standIn = new StandIn(opts.token ?? DEFAULT_TOKEN, opts.password ?? DEFAULT_PASSWORD, opts.latencyMs ?? 0)
  await standIn.listen(opts.port ?? 0)
  return standIn
}

class StandIn implements Upstream {
  url = ''
  readonly requests: RecordedRequest[] = []
  private readonly store = new Store()
  private readonly faults = new FaultQueue()
  private readonly sockets = new Set<Socket>()
  connections = 0
  private readonly timers = new Set<NodeJS.Timeout>()
  private readonly afterRead = new Map<string, Record<string, unknown>>()
  private readonly purges: Array<{path: string; query: Record<string, string>; segment: string; id: string}> = []
  private readonly server = http.createServer((req, res) => {
    this.receive(req, res).catch(() => res.socket?.destroy())
  })

  constructor(
    readonly token: string,
    private readonly password: string,
    private readonly latencyMs: number,
  ) {
    this.server.on('connection', (socket: Socket) => {
      this.connections++
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
  }

  /** Port 0 picks a free port. */
  async listen(port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(port, '127.0.0.1', () => resolve())
    })
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  reset(): void {
    this.requests.length = 0
    this.connections = 0
    this.afterRead.clear()
    this.purges.length = 0
    this.faults.clear()
    this.store.reset()
  }

  setReportDelay(polls: number): void {
    this.store.reportDelay = polls
  }

  setRepeatWindow(ms: number): void {
    this.store.repeatWindowMs = ms
  }

  seed(segment: string, records: Array<Record<string, unknown>>): void {
    if (!SEGMENT.test(segment)) throw new Error(`not a collection segment: ${segment}`)
    this.store.seed(segment, records)
  }

  records(segment: string): Array<Record<string, unknown>> {
    return clone(this.store.collection(segment))
  }

  fault(f: Fault): void {
    this.faults.add(f)
  }

  changeAfterRead(segment: string, id: string, changes: Record<string, unknown>): void {
    this.afterRead.set(`/api/v1/${segment}/${id}`, changes)
  }

  editSameSecond(segment: string, id: string, changes: Record<string, unknown>): void {
    Object.assign(this.store.find(segment, id), clone(changes))
  }

  purgeAfter(path: string, query: Record<string, string>, segment: string, id: string): void {
    this.purges.push({path, query, segment, id})
  }

  outbox(): Mail[] {
    return clone(this.store.outbox)
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    // Hanging and keep-alive sockets would otherwise hold the test process open.
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private async receive(req: http.IncomingMessage, res: http.ServerResponse) {
    const request = recordRequest(req, await readBody(req))
    this.requests.push(request)
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs))
    const fault = this.faults.take(request)
    if (fault) applyFault(fault, res, (ms) => this.respondAfter(ms, request, res))
    else this.respond(request, res)
  }

  private purgeAfterAnswer(request: RecordedRequest) {
    const at = this.purges.findIndex(
      (p) =>
        request.method === 'GET' &&
        request.path === p.path &&
        Object.entries(p.query).every(([k, v]) => request.query[k] === v),
    )
    if (at < 0) return
    const [purge] = this.purges.splice(at, 1)
    const records = this.store.collection(purge.segment)
    const index = records.findIndex((r) => r.id === purge.id)
    if (index >= 0) records.splice(index, 1)
  }

  private respondAfter(ms: number, request: RecordedRequest, res: http.ServerResponse) {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      this.respond(request, res)
    }, ms)
    this.timers.add(timer)
  }

  private respond(request: RecordedRequest, res: http.ServerResponse) {
    try {
      send(res, dispatch(this.store, {url: this.url, token: this.token, password: this.password}, request))
      const changes = request.method === 'GET' ? this.afterRead.get(request.path) : undefined
      if (changes) {
        this.afterRead.delete(request.path)
        const [, , , segment, id] = request.path.split('/')
        const record = this.store.find(segment, id)
        Object.assign(record, clone(changes), {updated_at: Math.max(Number(record.updated_at) + 1, nowSeconds())})
      }
      this.purgeAfterAnswer(request)
    } catch (error) {
      if (error instanceof HttpError) return sendJson(res, error.status, error.body)
      console.error('upstream stand-in failed:', error)
      sendJson(res, 500, {message: 'Server Error'})
    }
  }
}
