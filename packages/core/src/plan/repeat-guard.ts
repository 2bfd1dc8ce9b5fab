/**
 * The server's guard against a repeated request (5.10.42): it refuses some changes with 400 "Duplicate request" when
 * one like it came from the same address less than a second before: the same bulk action on invoices, the same
 * invoice deleted, a payment of the same amount for the same client. Which requests, and what makes two alike, is
 * each family's data (`repeatGuard`). The guard is kept from the start of the request's validation, whatever it
 * answers, so the executor spaces alike requests by REPEAT_GUARD_MS from the previous one's answer. Pure.
 */
import {familyOfSegment} from '../registry/registry.js'
import {API_PREFIX, type RequestSpec} from './request.js'

/**
 * How long after an answer an alike request is let through: the server keeps its mark for one second (its cache's
 * clock may round that up to the next whole second, never past it), plus a margin for the clocks' ticks.
 */
export const REPEAT_GUARD_MS = 1100

/** What the server compares of a body value: PHP's string of it (`90`, `90.5`; one not given is 0, as it reads). */
const asPhpString = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'boolean' ? (value ? '1' : '') : String(value)

/** The key two alike requests share (`invoices bulk archive`), or undefined where the server guards nothing. */
export function repeatKey(request: Pick<RequestSpec, 'method' | 'path' | 'body'>): string | undefined {
  if (!request.path.startsWith(`${API_PREFIX}/`)) return undefined
  const [segment = '', rest, ...more] = request.path.slice(API_PREFIX.length + 1).split('/')
  if (more.length > 0) return undefined
  const verb =
    request.method === 'POST' && rest === undefined
      ? 'create'
      : request.method === 'POST' && rest === 'bulk'
        ? 'bulk'
        : request.method === 'DELETE' && rest !== undefined
          ? 'delete'
          : undefined
  const keys = verb && familyOfSegment(segment)?.repeatGuard?.[verb]
  if (!keys) return undefined
  const body = (request.body ?? {}) as Record<string, unknown>
  const values = keys.map((k) => (k === 'id' ? rest! : asPhpString(Object.hasOwn(body, k) ? body[k] : 0)))
  return [segment, verb, ...values].join(' ')
}
