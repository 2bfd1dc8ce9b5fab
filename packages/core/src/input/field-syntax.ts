/**
 * The `--field key=value` and `--line-item k=v,...` grammar, small and exact:
 *  - values `true`, `false`, `null` and JSON numbers become JSON scalars;
 *  - a value wrapped in single or double quotes is a string with the quotes removed;
 *  - anything else is a string (so `0042` and ids stay strings);
 *  - dotted keys address nested objects, numeric segments array elements, except right under a
 *    field the server keeps as an object keyed by numbers (`fees_and_limits.1.min_limit`);
 *  - a segment naming a list field (`contacts`, `line_items`, `invitations`) not followed by an
 *    index addresses the list's first element: `contacts.email=x` → `{"contacts":[{"email":"x"}]}`;
 *  - limits and refusals (inexact numbers, deep keys, __proto__) as json-limits.ts says.
 * Objects are built without a prototype, so no key can reach JavaScript's shared ones.
 */
import {shown, usageError} from '../errors.js'
import {checkSegment, JSON_NUMBER, lossyNumber, lossyNumberError, MAX_KEY_SEGMENTS} from './json-limits.js'
import type {Json} from '../plan/request.js'

/** Fields the upstream keeps as lists of objects. */
export const LIST_FIELDS: ReadonlySet<string> = new Set(['contacts', 'line_items', 'invitations'])

/**
 * How a family's fields nest, from the server's facts: lists of objects (a name with no index
 * addresses item 0), and objects whose keys may be numbers (company gateways' `fees_and_limits`,
 * keyed by gateway type), where a numeric segment is a key, not a list index.
 */
export interface KeyShapes {
  readonly lists: ReadonlySet<string>
  readonly keyed: ReadonlySet<string>
}

const NO_FAMILY: KeyShapes = {lists: LIST_FIELDS, keyed: new Set()}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
const INDEX = /^(?:0|[1-9]\d{0,3})$/

/** A number the user typed, or undefined when it is not one that survives JSON unchanged. */
export function parseNumber(raw: string): number | undefined {
  if (!JSON_NUMBER.test(raw) || lossyNumber(raw) !== undefined) return undefined
  return Number(raw)
}

/** What sign an amount may have: a refund or a payment is above 0. */
export type AmountSign = 'positive' | 'any'

/**
 * An amount typed in a flag (`--amount`, `--amount-paid`, `--invoice ID:AMOUNT`): a JSON number sent exactly as
 * typed, or refused (no silent rounding), with the operation's sign rule. `what` names it in the error.
 */
export function parseAmount(raw: string, what: string, sign: AmountSign = 'any'): number {
  const text = raw.trim()
  const lossy = lossyNumber(text)
  if (lossy !== undefined && Number.isFinite(lossy)) throw lossyNumberError(what, text, lossy, false)
  const n = parseNumber(text)
  const rule = sign === 'positive' ? 'a number above 0' : 'a number'
  if (n === undefined || (sign === 'positive' && !(n > 0)))
    throw usageError(`${what} must be ${rule}, got ${shown(raw)}`)
  return n === 0 ? 0 : n
}

/** A value as the grammar reads it; `what` names it in the error for a number JSON cannot carry exactly. */
export function parseScalar(raw: string, what = 'value'): Json {
  if (raw.length >= 2 && (raw[0] === '"' || raw[0] === "'") && raw.at(-1) === raw[0]) return raw.slice(1, -1)
  if (raw === 'true') return true
  if (raw === 'false') return false
  if (raw === 'null') return null
  if (!JSON_NUMBER.test(raw)) return raw
  const lossy = lossyNumber(raw)
  if (lossy !== undefined) throw lossyNumberError(what, raw, lossy)
  return Number(raw)
}

export type KeyPath = Array<string | number>

export function parseKeyPath(key: string, flag = '--field', shapes: KeyShapes = NO_FAMILY): KeyPath {
  if (key === '') throw usageError(`${flag} needs key=value: the key is empty`)
  const segments = key.split('.')
  if (segments.length > MAX_KEY_SEGMENTS)
    throw usageError(`${flag} key ${shown(key)} has ${segments.length} segments: at most ${MAX_KEY_SEGMENTS}`)
  const path: KeyPath = []
  for (const seg of segments) {
    checkSegment(seg, `${flag} key ${shown(key)}`)
    if (INDEX.test(seg)) {
      if (path.length === 0) throw usageError(`${flag} key ${shown(key)} must start with a field name`)
      path.push(path.length === 1 && shapes.keyed.has(String(path[0])) ? seg : Number(seg))
    } else if (NAME.test(seg)) {
      if (shapes.lists.has(String(path.at(-1))) && typeof path.at(-1) === 'string') path.push(0)
      path.push(seg)
    } else {
      throw usageError(
        `${flag} key ${shown(key)} is not valid: use letters, digits and _ separated by dots (e.g. ` +
          'settings.currency_id)',
      )
    }
  }
  return path
}

/** Splits `key=value` at the first `=`. */
export function splitAssignment(raw: string, flag: string): [string, string] {
  const eq = raw.indexOf('=')
  if (eq < 0) throw usageError(`${flag} ${shown(raw)} needs the form key=value`)
  return [raw.slice(0, eq), raw.slice(eq + 1)]
}

/**
 * Builds one JSON object from assignments, refusing to set a field twice (or a field and
 * something inside it) and leaving no gaps in arrays.
 */
export class ObjectBuilder {
  private readonly root: {[key: string]: Json} = Object.create(null)
  private readonly assigned = new Map<string, string>()

  constructor(private readonly what = 'field') {}

  get isEmpty(): boolean {
    return this.assigned.size === 0
  }

  set(path: KeyPath, value: Json, source: string): void {
    const key = path.join('.')
    for (const [other, otherSource] of this.assigned) {
      if (other === key || other.startsWith(`${key}.`) || key.startsWith(`${other}.`)) {
        const same = other === key ? `${this.what} ${key} is set twice` : `${this.what}s ${other} and ${key} overlap`
        throw usageError(`${same} (${otherSource} and ${source}): set each ${this.what} once`)
      }
    }
    this.assigned.set(key, source)
    let node: Json = this.root
    for (let i = 0; i < path.length - 1; i++) {
      const seg = path[i]
      const container = node as Record<string | number, Json>
      // Own properties only: an inherited one (toString, valueOf) is never walked into.
      if (!Object.hasOwn(container, seg)) container[seg] = typeof path[i + 1] === 'number' ? [] : Object.create(null)
      node = container[seg]
    }
    ;(node as Record<string | number, Json>)[path.at(-1)!] = value
  }

  build(): {[key: string]: Json} {
    checkNoGaps(this.root, '')
    return this.root
  }
}

function checkNoGaps(node: Json, at: string): void {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      if (!(i in node)) throw usageError(`${at}.${i} is missing: list elements must be set from index 0 without gaps`)
      checkNoGaps(node[i], `${at}.${i}`)
    }
  } else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) checkNoGaps(v, at ? `${at}.${k}` : k)
  }
}

/** Splits `a=1,b="x, y"` into pairs; a quoted value may hold commas. */
export function splitPairs(raw: string, flag: string): string[] {
  const pairs: string[] = []
  let current = ''
  let quote: string | undefined
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]
    if (quote) {
      current += ch
      if (ch === quote) {
        quote = undefined
        if (i + 1 < raw.length && raw[i + 1] !== ',') {
          // shown(): the pair may hold a line break, and an error is one line.
          throw usageError(
            `${flag} pair ${shown(current + raw.slice(i + 1).split(',')[0])} has text after its closing quote`,
          )
        }
      }
    } else if (ch === ',') {
      pairs.push(current)
      current = ''
    } else {
      if ((ch === '"' || ch === "'") && current.endsWith('=') && !current.slice(0, -1).includes('=')) quote = ch
      current += ch
    }
  }
  if (quote) throw usageError(`${flag} pair ${shown(current)} has an unclosed quote`)
  pairs.push(current)
  return pairs
}

/** One `--line-item` value → one element of `line_items`. */
export function parseLineItem(raw: string, flag = '--line-item'): {[key: string]: Json} {
  const item = new ObjectBuilder('line item key')
  for (const pair of splitPairs(raw, flag)) {
    if (pair === '')
      throw usageError(`${flag} ${shown(raw)} has an empty pair: separate key=value pairs with single commas`)
    const eq = pair.indexOf('=')
    if (eq <= 0) throw usageError(`${flag} pair ${shown(pair)} is malformed: use key=value`)
    const key = pair.slice(0, eq)
    if (!NAME.test(key)) throw usageError(`${flag} pair ${shown(pair)} has an invalid key: use letters, digits and _`)
    checkSegment(key, `${flag} pair ${shown(pair)}`)
    item.set([key], parseScalar(pair.slice(eq + 1), `${flag} ${key}`), `${flag} ${pair}`)
  }
  return item.build()
}
