/**
 * Injectable faults (Upstream.fault): which requests a fault catches, and how it answers them
 * instead of the route: an error status, a raw body, a hang, a drop, a stall, an endless or
 * dripping body, or a delay before the normal answer.
 */
import http from 'node:http'

import {sendJson} from './server-reply.js'
import type {RecordedRequest} from './server-request.js'

interface FaultTarget {
  /** Only requests with this method (case-insensitive); any method when omitted. */
  method?: string
  /** Pathname prefix, e.g. '/api/v1/invoices'; any path when omitted. */
  path?: string
  /** Only requests carrying these query parameters (e.g. {page: '3'}). */
  query?: Record<string, string>
  /** How many matching requests the fault applies to (default 1). */
  times?: number
}

export type FaultKind =
  | {kind: 'status'; status: number; body?: unknown; headers?: Record<string, string>}
  | {kind: 'hang'}
  | {kind: 'drop'}
  | {kind: 'dropMidBody'; contentType?: string; headers?: Record<string, string>}
  /** Headers and the first bytes of the body, then nothing: a transfer that stalls. */
  | {kind: 'stall'; contentType?: string; headers?: Record<string, string>}
  | {kind: 'raw'; status: number; contentType: string; body: string | Buffer; headers?: Record<string, string>}
  | {kind: 'delay'; ms: number}
  /** A body that never ends: 64 KB chunks as fast as the client reads them. */
  | {kind: 'endless'; status?: number; contentType?: string; headers?: Record<string, string>}
  /** One byte of body every `everyMs`, forever: a transfer that never stalls long enough for an idle timeout. */
  | {kind: 'drip'; everyMs: number; contentType?: string}

export type Fault = FaultTarget & FaultKind

function defaultFaultBody(status: number): unknown {
  if (status >= 500) return {message: 'Server Error'}
  if (status === 429) return {message: 'Too many requests'}
  return {message: http.STATUS_CODES[status] ?? 'Error'}
}

/** Faults waiting for their requests; the first queued that matches is the one applied. */
export class FaultQueue {
  private readonly queued: Array<{fault: Fault; remaining: number}> = []

  add(fault: Fault): void {
    this.queued.push({fault, remaining: fault.times ?? 1})
  }

  clear(): void {
    this.queued.length = 0
  }

  /** The fault for this request, if any, counted against its `times`. */
  take(request: RecordedRequest): Fault | undefined {
    const index = this.queued.findIndex(
      ({fault}) =>
        (fault.method === undefined || fault.method.toUpperCase() === request.method) &&
        (fault.path === undefined || request.path.startsWith(fault.path)) &&
        Object.entries(fault.query ?? {}).every(([k, v]) => request.query[k] === v),
    )
    const queued = this.queued[index]
    if (!queued) return undefined
    queued.remaining -= 1
    if (queued.remaining <= 0) this.queued.splice(index, 1)
    return queued.fault
  }
}

/** Answers with the fault; a delay hands the request back through `respondAfter`. */
export function applyFault(fault: Fault, res: http.ServerResponse, respondAfter: (ms: number) => void) {
  switch (fault.kind) {
    case 'status':
      return sendJson(res, fault.status, fault.body ?? defaultFaultBody(fault.status), fault.headers)
    case 'raw':
      res.writeHead(fault.status, {...fault.headers, 'content-type': fault.contentType})
      return res.end(fault.body)
    case 'hang':
      return // Never answered; close() destroys the socket.
    case 'drop':
      return res.socket?.destroy()
    case 'dropMidBody':
      res.writeHead(200, {...fault.headers, 'content-type': fault.contentType ?? 'application/json'})
      // Destroy only once the partial chunk has reached the socket, so the client sees it.
      return res.write('{"data":[{"id":"Vole', () => setImmediate(() => res.socket?.destroy()))
    case 'stall':
      res.writeHead(200, {...fault.headers, 'content-type': fault.contentType ?? 'application/json'})
      return res.write('{"data":[{"id":"Vole') // Never ended; close() destroys the socket.
    case 'endless': {
      res.writeHead(fault.status ?? 200, {...fault.headers, 'content-type': fault.contentType ?? 'application/json'})
      const chunk = Buffer.alloc(64 * 1024, 0x20)
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump)
      }
      return pump()
    }
    case 'drip': {
      res.writeHead(200, {'content-type': fault.contentType ?? 'application/json'})
      const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), fault.everyMs)
      res.once('close', () => clearInterval(timer))
      return res.write('{')
    }
    case 'delay':
      return respondAfter(fault.ms)
  }
}
