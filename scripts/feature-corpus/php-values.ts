/**
 * The value of a PHP expression as a feature test writes it, as far as it is literal: strings (with interpolation),
 * numbers, booleans, null, array literals, concatenation, the test's own variables. What is computed is a
 * placeholder where its kind is plain (a hashed id, a raw database id, a date, faker text), or Unknown.
 */
import type {Json} from '../../packages/core/src/plan/request.js'
import {closing, splitTop} from '../server-facts/php.js'

export type {Json}

/** A value the reading cannot know, and why. */
export class Unknown {
  constructor(readonly why: string) {}
}
export type Value = Json | Unknown

/** Placeholders the corpus writes for computed values; the test puts sample values in. */
export const HID = '{{hid}}'
export const RAW_ID = '{{raw-id}}'
export const TEXT = '{{text}}'
export const EMAIL = '{{email}}'
export const DATE = '{{date}}'
export const DATETIME = '{{datetime}}'
export const AMOUNT = '{{amount}}'

/** Class constants the tests name (`RecurringInvoice::FREQUENCY_MONTHLY`), read from the server's app/ folder. */
export type Constants = (cls: string, name: string) => Json | undefined
let constants: Constants = () => undefined
export function useConstants(read: Constants): void {
  constants = read
}

export type Env = Map<string, Value>

const unknown = (why: string, text: string) => new Unknown(`${why}: ${text.replaceAll(/\s+/g, ' ').slice(0, 60)}`)

/** Whether the brackets at both ends of `text` are one pair. */
function wrapped(text: string, open: string): boolean {
  return text.startsWith(open) && closing(text, 0) === text.length - 1
}

const FAKER_EMAIL = /email/i
const FAKER_NUMBER = /^(randomNumber|numberBetween|randomFloat|randomDigit\w*|randomElement)$/

function faker(text: string): Value {
  const method = /->faker->(?:unique\(\)->)?(\w+)/.exec(text)?.[1] ?? ''
  if (FAKER_EMAIL.test(method)) return EMAIL
  if (FAKER_NUMBER.test(method)) return 7
  if (/date|time/i.test(method)) return DATE
  return TEXT
}

function dateOf(text: string): Value {
  if (/->(format\(\s*['"]Y-m-d['"]\s*\)|toDateString\(\))\s*$/.test(text)) return DATE
  if (/->(format\(\s*['"]Y-m-d H:i:s['"]\s*\)|toDateTimeString\(\))\s*$/.test(text)) return DATETIME
  return unknown('a date object', text)
}

/** `$a['x']['y']` → ['a', 'x', 'y'], or undefined when the indexes are not literal. */
function indexPath(text: string): string[] | undefined {
  const m = /^\$(\w+)((?:\[\s*(?:'[^']*'|"[^"]*"|\d+)\s*\])*)$/.exec(text)
  if (!m) return undefined
  return [m[1], ...[...m[2].matchAll(/\[\s*(?:'([^']*)'|"([^"]*)"|(\d+))\s*\]/g)].map((x) => x[1] ?? x[2] ?? x[3])]
}

function index(value: Value, keys: string[]): Value | undefined {
  let v: Value = value
  for (const k of keys) {
    if (v === null || typeof v !== 'object' || v instanceof Unknown) return undefined
    v = Array.isArray(v) ? v[Number(k)] : v[k]
    if (v === undefined) return undefined
  }
  return v
}

/** A property chain of an object of the test (`$this->client->hashed_id`, `$invoice->id`). */
function property(text: string, env: Env): Value {
  if (/->hashed_id$/.test(text) || /^\$this->encodePrimaryKey\(/.test(text) || /^\$\w+->encodePrimaryKey/.test(text))
    return HID
  if (/->(id|\w+_id)$/.test(text) && !/\[/.test(text)) return RAW_ID
  if (/->(amount|balance|paid_to_date)$/.test(text) && !/\[/.test(text)) return AMOUNT
  if (/->pluck\(\s*['"]hashed_id['"]\s*\)(->(toArray|all)\(\))?$/.test(text)) return [HID]
  if (/->toArray\(\)$/.test(text)) return unknown("a model's toArray()", text)
  if (/->faker->/.test(text) || /^\$faker->/.test(text)) return faker(text)
  const path = indexPath(text)
  if (path) {
    const base = env.get(path[0])
    const found = base === undefined ? undefined : index(base, path.slice(1))
    if (found !== undefined) return found
    // An id read from an earlier answer (`$arr['data']['id']`) is a hashed id.
    if (path.length > 1 && path[0] !== 'this' && /^(id|\w+_id)$/.test(path.at(-1)!) && path.includes('data')) return HID
    if (path.length === 1) return unknown('a variable the test computes', text)
  }
  return unknown('computed', text)
}

/** The contents of a PHP string literal (the whole of `text`). */
function stringLiteral(text: string, env: Env): Value {
  const body = text.slice(1, -1)
  if (text[0] === "'") return body.replaceAll(/\\(['\\])/g, '$1')
  let out = ''
  let i = 0
  while (i < body.length) {
    const c = body[i]
    if (c === '\\' && i + 1 < body.length) {
      const n = body[i + 1]
      out += n === 'n' ? '\n' : n === 't' ? '\t' : n
      i += 2
    } else if (c === '{' && body[i + 1] === '$') {
      const end = closing(body, i)
      const v = evaluate(body.slice(i + 1, end), env)
      if (v instanceof Unknown) return v
      out += typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v)
      i = end + 1
    } else if (c === '$' && /[A-Za-z_]/.test(body[i + 1] ?? '')) {
      const m = /^\$\w+(?:->\w+)*/.exec(body.slice(i))!
      const v = evaluate(m[0], env)
      if (v instanceof Unknown) return v
      out += String(v)
      i += m[0].length
    } else {
      out += c
      i++
    }
  }
  return out
}

function arrayLiteral(inner: string, env: Env): Value {
  const items = splitTop(inner, ',').map((part) => splitTop(part, '=>'))
  if (items.some((parts) => parts[0].startsWith('...'))) return unknown('a spread array', inner)
  if (items.every((parts) => parts.length === 1)) {
    const list: Json[] = []
    for (const [item] of items) {
      const v = evaluate(item, env)
      if (v instanceof Unknown) return v
      list.push(v)
    }
    return list
  }
  const object: {[key: string]: Json} = {}
  for (const parts of items) {
    const key = parts.length === 2 ? evaluate(parts[0], env) : undefined
    if (typeof key !== 'string' && typeof key !== 'number') return unknown('an array with computed keys', inner)
    const v = evaluate(parts[1], env)
    if (v instanceof Unknown) return v
    object[String(key)] = v
  }
  return object
}

/** The value of `text`, a PHP expression, where the test's variables are `env`. */
export function evaluate(raw: string, env: Env): Value {
  const text = raw.trim()
  if (text === '') return unknown('empty', text)
  if (wrapped(text, '(')) return evaluate(text.slice(1, -1), env)
  const cast = /^\((string|int|integer|float|bool)\)\s*/i.exec(text)
  if (cast) {
    const v = evaluate(text.slice(cast[0].length), env)
    if (v instanceof Unknown) return v
    return cast[1] === 'string' ? String(v) : cast[1] === 'bool' ? Boolean(v) : Number(v)
  }
  if (splitTop(text, '??').length > 1 || splitTop(text, '?').length > 1) return unknown('a condition', text)
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text)
  if (!/^['"]/.test(text) || !wrapped2(text)) {
    const parts = splitTop(text, '.')
    if (parts.length > 1) {
      let out = ''
      for (const p of parts) {
        const v = evaluate(p, env)
        if (v instanceof Unknown) return v
        if (v !== null && typeof v === 'object') return unknown('an array in a string', text)
        out += v === null ? '' : String(v)
      }
      return out
    }
  }
  if (/^(['"])/.test(text) && wrapped2(text)) return stringLiteral(text, env)
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true'
  if (/^null$/i.test(text)) return null
  if (wrapped(text, '[')) return arrayLiteral(text.slice(1, -1), env)
  if (/^array\s*\(/i.test(text) && wrapped(text.replace(/^array\s*/i, ''), '('))
    return arrayLiteral(text.replace(/^array\s*\(/i, '').slice(0, -1), env)
  if (/^(\\?Carbon\\?)?(now|today)\(\)|^\\?(Illuminate\\Support\\)?Carbon::(now|today|parse)/.test(text))
    return dateOf(text)
  if (/^\\?(Illuminate\\Support\\)?Str::(random|uuid|slug)/.test(text)) return TEXT
  if (/^new\s+\\?stdClass(\(\))?$/.test(text)) return {}
  const constant = /^\\?(?:[\w\\]+\\)?(\w+)::([A-Z][A-Z0-9_]*)$/.exec(text)
  if (constant) return constants(constant[1], constant[2]) ?? unknown('a class constant', text)
  if (/^(rand|random_int|mt_rand)\(/.test(text)) return 5
  if (/^\$/.test(text)) return property(text, env)
  return unknown('computed', text)
}

/** Whether `text` is one string literal from its first to its last character. */
function wrapped2(text: string): boolean {
  const quote = text[0]
  let i = 1
  while (i < text.length && text[i] !== quote) i += text[i] === '\\' ? 2 : 1
  return i === text.length - 1
}
