/**
 * One request of the feature corpus against what the CLI's dry run printed: the placeholders of the corpus put in,
 * and the verdict (sent unchanged, refused naming a field, or what differs).
 */
import {isDeepStrictEqual} from 'node:util'

import type {CliResult} from './cli.js'
import type {CorpusRequest, Json} from './corpus-argv.js'
import {allowedWarning} from './corpus-unread.js'

export const SAMPLE_ID = 'VolejRejNm'
/** What stands in for a raw database id when it is tried as the hashed id the API takes. */
export const HASHED_FOR_RAW = 'WJxbojagwO'

const WHOLE: Readonly<Record<string, Json>> = {
  '{{hid}}': SAMPLE_ID,
  '{{raw-id}}': 1,
  '{{amount}}': 10,
  '{{text}}': 'Corpus text',
  '{{email}}': 'corpus@example.test',
  '{{date}}': '2024-01-15',
  '{{datetime}}': '2024-01-15 10:00:00',
}

/** `value` with its placeholders put in; `rawAsHashed` puts a hashed id where the test sent a raw one. */
export function filled<T extends Json>(value: T, rawAsHashed = false): T {
  const one = (v: Json): Json => {
    if (typeof v === 'string') {
      if (v === '{{raw-id}}') return rawAsHashed ? HASHED_FOR_RAW : 1
      if (Object.hasOwn(WHOLE, v)) return WHOLE[v]
      return v.replaceAll(/\{\{([a-z-]+)\}\}/g, (m) =>
        m === '{{raw-id}}' && rawAsHashed ? HASHED_FOR_RAW : String(WHOLE[m] ?? m),
      )
    }
    if (Array.isArray(v)) return v.map(one)
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, one(x)]))
    return v
  }
  return one(value) as T
}

export const carriesRawId = (r: CorpusRequest) => JSON.stringify(r).includes('{{raw-id}}')

export const fill = (r: CorpusRequest, rawAsHashed = false): CorpusRequest => ({
  ...r,
  path: filled(r.path, rawAsHashed),
  query: filled(r.query, rawAsHashed) as Record<string, string>,
  payload: filled(r.payload, rawAsHashed),
})

/** An empty body (`[]`, `{}`, null): what PHP's putJson($url, []) sends is no body to the server's input. */
export const empty = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'object' && Object.keys(v as object).length === 0)

interface Sent {
  method: string
  url: string
  body: Json
}

/** The request a dry run printed: as JSON (--output json), or as text (`METHOD URL`, then the body). */
function printed(stdout: string): Sent {
  const text = /^(GET|POST|PUT|DELETE|PATCH) (\S+)\n?([^]*)$/.exec(stdout)
  if (text) return {method: text[1], url: text[2], body: text[3].trim() ? (JSON.parse(text[3]) as Json) : null}
  return (JSON.parse(stdout) as {request: Sent}).request
}

/** The server reads a bulk request's `action` from the query or the body alike: compared in the body. */
function normalised(method: string, path: string, query: Record<string, string>, body: Json) {
  const q = {...query}
  let b = body
  if (path.endsWith('/bulk') && q.action !== undefined && b !== null && typeof b === 'object' && !Array.isArray(b)) {
    b = {action: q.action, ...b}
    delete q.action
  }
  // A report reads its parameters from the query or the body alike ($request->has('output')): compared in the body.
  if (/\/api\/v1\/reports\//.test(path) && Object.keys(q).length > 0) {
    b = {...(b !== null && typeof b === 'object' && !Array.isArray(b) ? b : {}), ...q}
    for (const k of Object.keys(q)) delete q[k]
  }
  return {method, path: path.replace(/\/+$/, ''), query: q, body: empty(b) ? null : b}
}

/** What differs between the request the test sent and the one the dry run printed; undefined when nothing. */
export function difference(r: CorpusRequest, result: CliResult): string | undefined {
  let sent: Sent
  try {
    sent = printed(result.stdout)
  } catch {
    return `no request printed: ${result.stdout.slice(0, 120)}`
  }
  const url = new URL(sent.url)
  const got = normalised(sent.method, url.pathname, Object.fromEntries(url.searchParams), sent.body)
  const want = normalised(r.method, r.path, r.query, r.payload)
  for (const key of ['method', 'path', 'query', 'body'] as const)
    if (!isDeepStrictEqual(got[key], want[key]))
      return `${key} differs: sent ${JSON.stringify(got[key])}, the test sent ${JSON.stringify(want[key])}`
  return undefined
}

/** Every key of a payload, nested ones too, and the query's: a refusal must name one of them. */
export function keysOf(r: CorpusRequest): string[] {
  const keys = new Set(Object.keys(r.query))
  const walk = (v: Json) => {
    if (Array.isArray(v)) v.forEach(walk)
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        keys.add(k)
        walk(x)
      }
  }
  walk(r.payload)
  return [...keys]
}

export type Verdict =
  {ok: true; how: 'sent' | 'refused'} | {ok: true; how: 'unread'; warned: string[]} | {ok: false; why: string}

/**
 * Accepted by the server: sent unchanged, with no warning but on keys the server never reads (corpus-unread.ts).
 * Refused by it: refused here naming a field, or sent. `argv` is the command typed (`invoices create ...`).
 */
export function verdict(r: CorpusRequest, result: CliResult, argv: string[]): Verdict {
  const accepted = r.status >= 200 && r.status < 300
  if (result.code === 0) {
    const diff = difference(r, result)
    if (diff) return {ok: false, why: diff}
    const warnings = result.stderr.trim() === '' ? [] : result.stderr.trim().split('\n')
    if (!accepted || warnings.length === 0) return {ok: true, how: 'sent'}
    const command = `${argv[0]} ${argv[1]}`
    const reads = warnings.find((w) => allowedWarning(command, w) === undefined)
    if (reads !== undefined) return {ok: false, why: `warned: ${reads}`}
    return {ok: true, how: 'unread', warned: warnings.map((w) => `${command}: ${w}`)}
  }
  const line = result.stderr.trim().split('\n')[0] ?? ''
  if (accepted) return {ok: false, why: `refused (exit ${result.code}): ${line}`}
  // A field is named by its key, or by the flag that sets it (`ids` by --id, `entity_id` by --entity-id).
  const names = keysOf(r).flatMap((k) => [k, `--${k.replaceAll('_', '-').replace(/s$/, '')}`])
  if (result.code === 2 && names.some((k) => line.includes(k))) return {ok: true, how: 'refused'}
  // A route the server refuses every request on (system logs are read-only): the verb is refused, naming the route.
  if (result.code === 2 && /does not support "[\w-]+": the upstream publishes no such route/.test(line))
    return {ok: true, how: 'refused'}
  return {ok: false, why: `refused without naming a field (exit ${result.code}): ${line}`}
}
