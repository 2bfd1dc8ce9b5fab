/**
 * The requests of one feature test file: each test method read statement by statement, its variables kept as far as
 * they are literal (php-values.ts), each `$this->...->postJson(URL, DATA)` call recorded with the status the test
 * asserts on its answer (chained, or on the variable that holds it, before the next request).
 */
import {closing, splitTop, stripComments} from '../server-facts/php.js'
import {type Env, evaluate, type Json, Unknown, type Value} from './php-values.js'

export interface CorpusRequest {
  test: string
  method: string
  path: string
  query: Record<string, string>
  payload: Json
  status: number
  /** No status asserted: the test reads the record its answer holds (`$arr['data']`), so it was 200. */
  implied?: true
}

export interface Skipped {
  test: string
  call: string
  reason: string
}

const CALL = /->(get|post|put|patch|delete)(Json)?\s*\(/g
const STATUS_WORDS: Readonly<Record<string, number>> = {
  assertOk: 200,
  assertCreated: 201,
  assertNoContent: 204,
  assertUnauthorized: 401,
  assertForbidden: 403,
  assertNotFound: 404,
  assertUnprocessable: 422,
  assertRedirect: 302,
}

/** The body statements of a method, split at `;`, `{` and `}` outside brackets and strings. */
function statements(body: string): string[] {
  const out: string[] = []
  let start = 0
  let i = 0
  while (i < body.length) {
    const c = body[i]
    if (c === "'" || c === '"') {
      const quote = c
      i++
      while (i < body.length && body[i] !== quote) i += body[i] === '\\' ? 2 : 1
      i++
      continue
    }
    if (c === '(' || c === '[') {
      i = closing(body, i) + 1
      continue
    }
    if (c === ';' || c === '{' || c === '}') {
      const s = body.slice(start, i).trim()
      if (s) out.push(s)
      start = i + 1
    }
    i++
  }
  const last = body.slice(start).trim()
  if (last) out.push(last)
  return out
}

/** The methods of a test class that are tests (`testX`, or marked `@test` / `#[Test]`), with their bodies. */
function testMethods(php: string): Array<{name: string; body: string}> {
  const found: Array<{name: string; body: string}> = []
  for (const m of php.matchAll(/(@test\b[^]*?\*\/\s*|#\[Test\]\s*)?public\s+function\s+(\w+)\s*\(/g)) {
    if (!m[2].startsWith('test') && !m[1]) continue
    const paren = m.index + m[0].length - 1
    const brace = php.indexOf('{', closing(php, paren))
    found.push({name: m[2], body: php.slice(brace + 1, closing(php, brace))})
  }
  return found
}

function statusIn(text: string): number | undefined {
  const m = /->assertStatus\(\s*(\d{3})\s*\)/.exec(text)
  if (m) return Number(m[1])
  for (const [word, status] of Object.entries(STATUS_WORDS)) if (text.includes(`->${word}(`)) return status
  return undefined
}

/** `container` with `keys` set to `value`, as PHP does it: an empty list takes string keys, `[]` appends. */
function withKey(container: Json | undefined, keys: string[], value: Json): Json | undefined {
  if (keys.length === 0) return value
  const [key, ...rest] = keys
  const base = container ?? []
  if (base === null || typeof base !== 'object') return undefined
  if (Array.isArray(base) && (key === '' || /^\d+$/.test(key))) {
    const list = [...base]
    const i = key === '' ? list.length : Number(key)
    const v = withKey(list[i], rest, value)
    if (v === undefined) return undefined
    list[i] = v
    return list
  }
  if (Array.isArray(base) && base.length > 0) return undefined
  const object: {[key: string]: Json} = Array.isArray(base) ? {} : {...base}
  const v = withKey(object[key], rest, value)
  if (v === undefined) return undefined
  object[key === '' ? String(Object.keys(object).length) : key] = v
  return object
}

/** Sets `$x['a']['b'] = v` (or `$x[] = v`, `$x->a = v`) in the environment, where `$x` is a known array. */
function setIndex(env: Env, name: string, keys: string[], value: Value): void {
  const base = env.get(name)
  if (base === undefined || base instanceof Unknown) return
  if (value instanceof Unknown) {
    env.set(name, new Unknown(`${name}[${keys.join('][')}] is computed: ${value.why}`))
    return
  }
  const next = withKey(base, keys, structuredClone(value))
  env.set(name, next === undefined ? new Unknown(`${name} indexed through a non-array`) : next)
}

type Found = {request?: CorpusRequest; skipped?: Skipped; variable?: string}

function readCall(test: string, statement: string, match: RegExpMatchArray, env: Env): Found {
  const open = (match.index ?? 0) + match[0].length - 1
  const args = splitTop(statement.slice(open + 1, closing(statement, open)), ',')
  const method = match[1].toUpperCase()
  const variable = /^\$(\w+)\s*=[^=>]/.exec(statement)?.[1]
  const call = `${method} ${args[0] ?? ''}`.replaceAll(/\s+/g, ' ').slice(0, 120)
  const skip = (reason: string): Found => ({skipped: {test, call, reason}, variable})
  const url = evaluate(args[0] ?? '', env)
  if (url instanceof Unknown) return skip(`route not literal (${url.why.split(':')[0]})`)
  if (typeof url !== 'string') return skip('route not literal (not a string)')
  const [rawPath, rawQuery = ''] = url.split('?', 2)
  const path = rawPath.startsWith('/') ? rawPath : `/${rawPath}`
  if (!path.startsWith('/api/v1/')) return skip('not an /api/v1 route (web, client portal, webhooks)')
  let payload: Json = null
  // A GET's second argument is its headers (Laravel's get($uri, $headers)), no payload.
  if (args[1] !== undefined && method !== 'GET') {
    const v = evaluate(args[1], env)
    if (v instanceof Unknown) return skip(`payload not literal (${v.why.split(':')[0]})`)
    payload = structuredClone(v)
  }
  const query = Object.fromEntries(new URLSearchParams(rawQuery))
  return {request: {test, method, path, query, payload, status: statusIn(statement.slice(open)) ?? 0}, variable}
}

/** The requests one test file makes, and those it makes that cannot be read, with why. */
export function readTestFile(file: string, source: string): {requests: CorpusRequest[]; skipped: Skipped[]} {
  const php = stripComments(source)
  const requests: CorpusRequest[] = []
  const skipped: Skipped[] = []
  for (const method of testMethods(php)) {
    const test = `${file}::${method.name}`
    const env: Env = new Map()
    // Requests whose status is still to be asserted, by the variable holding their answer.
    const pending = new Map<string, CorpusRequest>()
    // Answers read as JSON (`$arr = $response->json()`) whose status is not asserted.
    const answersRead = new Map<string, CorpusRequest>()
    for (const statement of statements(method.body)) {
      const calls = [...statement.matchAll(CALL)].filter(
        (m) => /\$this\b/.test(statement.slice(0, m.index)) && !/^\s*\)/.test(statement.slice(m.index! + m[0].length)),
      )
      if (calls.length > 0) {
        const found = readCall(test, statement, calls[0], env)
        if (found.request) requests.push(found.request)
        if (found.skipped) skipped.push(found.skipped)
        if (found.variable) {
          if (found.request && found.request.status === 0) pending.set(found.variable, found.request)
          else pending.delete(found.variable)
          env.set(found.variable, new Unknown('an answer'))
        }
        continue
      }
      for (const [name, request] of answersRead)
        if (request.status === 0 && new RegExp(`\\$${name}\\['data'\\]`).test(statement)) {
          // The test reads the record the answer holds: the server answered 200.
          request.status = 200
          request.implied = true
        }
      const asserted = /^\$(\w+)->assert\w*\(/.exec(statement)
      if (asserted) {
        const status = statusIn(statement)
        const request = pending.get(asserted[1])
        if (request && status !== undefined) {
          request.status = status
          pending.delete(asserted[1])
        }
        continue
      }
      const prop = /^\$(\w+)->(\w+)\s*=(?![=>])([^]*)$/.exec(statement)
      if (prop && prop[1] !== 'this') {
        setIndex(env, prop[1], [prop[2]], evaluate(prop[3], env))
        continue
      }
      const read = /^\$(\w+)\s*=\s*\$(\w+)->json\(\)$/.exec(statement)
      if (read && pending.has(read[2])) answersRead.set(read[1], pending.get(read[2])!)
      const assign = /^\$(\w+)((?:\[[^\]]*\])*)\s*=(?![=>])([^]*)$/.exec(statement)
      if (!assign) continue
      const value = evaluate(assign[3], env)
      if (assign[2] === '') env.set(assign[1], value instanceof Unknown ? value : structuredClone(value))
      else {
        const keys = [...assign[2].matchAll(/\[\s*(?:'([^']*)'|"([^"]*)"|(\d+)|())\s*\]/g)].map(
          (k) => k[1] ?? k[2] ?? k[3] ?? '',
        )
        setIndex(env, assign[1], keys, value)
      }
    }
  }
  const kept = requests.filter((r) => r.status !== 0)
  for (const r of requests)
    if (r.status === 0) skipped.push({test: r.test, call: `${r.method} ${r.path}`, reason: 'no status asserted'})
  return {requests: kept, skipped}
}
