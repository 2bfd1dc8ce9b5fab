/**
 * What a payload the user typed may hold, so that what is sent is exactly what was meant:
 *  - numbers JSON carries exactly: the number JavaScript reads from the text must print back as
 *    the same decimal value (0.1, 12.50, 1e3 pass; 1e-400 would become 0,
 *    1.00000000000000000001 would become 1), and an integer written without fraction or exponent
 *    is at most 2^53 − 1 (9007199254740993 would become …992);
 *  - at most MAX_JSON_DEPTH levels of nesting in raw JSON, MAX_KEY_SEGMENTS segments in a dotted
 *    key (deeper input overflows the stack of the JSON and schema code: refused up front);
 *  - no key segment __proto__, prototype or constructor: they name JavaScript's shared
 *    prototypes, never an upstream field.
 */
import {type CliError, shown, usageError} from '../errors.js'

export const MAX_JSON_DEPTH = 64
export const MAX_KEY_SEGMENTS = 32
export const FORBIDDEN_SEGMENTS: ReadonlySet<string> = new Set(['__proto__', 'prototype', 'constructor'])

/** JSON's number grammar. */
export const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/
const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/

/** A decimal text as sign, significant digits and exponent: `12.50` → ['', '125', -1]. Zero is ['', '', 0]. */
function canonical(text: string): [string, string, number] | undefined {
  const m = DECIMAL.exec(text)
  if (!m) return undefined
  const frac = m[3] ?? ''
  let digits = (m[2] + frac).replace(/^0+/, '')
  let exp = Number(m[4] ?? 0) - frac.length
  const trailing = /0*$/.exec(digits)![0].length
  digits = digits.slice(0, digits.length - trailing)
  exp += trailing
  return digits === '' ? ['', '', 0] : [m[1], digits, exp]
}

/**
 * The number a JSON number text would silently turn into, when that differs from the text's
 * decimal value (or is not finite); undefined when the text is carried exactly, or is no JSON number.
 */
export function lossyNumber(text: string): number | undefined {
  if (!JSON_NUMBER.test(text)) return undefined
  const n = Number(text)
  if (!Number.isFinite(n)) return n
  if (/^-?\d+$/.test(text) && !Number.isSafeInteger(n)) return n
  const [a, b] = [canonical(text), canonical(String(n))]
  return a && b && a[0] === b[0] && a[1] === b[1] && a[2] === b[2] ? undefined : n
}

/** The usage error for a number JSON cannot carry exactly; `what` names where it was typed. */
export function lossyNumberError(what: string, text: string, becomes: number, quoted = true): CliError {
  const would = Number.isFinite(becomes) ? `would be sent as ${String(becomes)}` : 'is out of range'
  return usageError(
    `${what} ${shown(text)} cannot be sent exactly as a JSON number (it ${would}): give fewer digits` +
      (quoted ? ', or quote it to send a string' : ''),
  )
}

/** Refuses a key segment that names a JavaScript prototype. */
export function checkSegment(segment: string, what: string): void {
  if (FORBIDDEN_SEGMENTS.has(segment)) {
    throw usageError(
      `${what} has the segment ${shown(segment)}, which is not allowed: __proto__, prototype and constructor ` +
        'name JavaScript internals, never a field',
    )
  }
}

const NUMBER_START = /[-\d]/
const NUMBER_CHAR = /[-+.\deE]/

/**
 * Scans raw JSON text (already known to parse) without recursion: refuses nesting deeper than
 * MAX_JSON_DEPTH, numbers JSON cannot carry exactly, and prototype-naming keys.
 */
export function checkJsonText(text: string, source: string): void {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (ch === '"') {
      const start = i
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++
      // A key is a string followed by a colon.
      let j = i + 1
      while (j < text.length && /\s/.test(text[j])) j++
      const raw = text.slice(start + 1, i)
      // Decoded only when it may spell a refused name (escapes such as \u005f included).
      if (text[j] === ':' && (raw.includes('\\') || FORBIDDEN_SEGMENTS.has(raw)))
        checkSegment(JSON.parse(`"${raw}"`) as string, `${source}: a key`)
    } else if (ch === '{' || ch === '[') {
      if (++depth > MAX_JSON_DEPTH)
        throw usageError(
          `${source} nests deeper than ${MAX_JSON_DEPTH} levels, the limit (no upstream record comes near it): ` +
            'check what it holds',
        )
    } else if (ch === '}' || ch === ']') {
      depth--
    } else if (NUMBER_START.test(ch)) {
      let j = i + 1
      while (j < text.length && NUMBER_CHAR.test(text[j])) j++
      const number = text.slice(i, j)
      const becomes = lossyNumber(number)
      if (becomes !== undefined) throw lossyNumberError(`${source}: the number`, number, becomes)
      i = j - 1
    }
  }
}
