/**
 * What the server refuses, per field type: Laravel's rules as the server applies them to a JSON
 * value. Only a rule refuses (a field in a family's `strict` list); a cast converts whatever it is
 * given, so a field without a rule is never refused here. Laravel turns "" into null before its
 * rules run, and null passes every rule a field may leave empty, so neither is refused.
 */
import type {ServerType} from '../server/types.js'
import {isIsoDate} from '../../input/dates.js'

/** How an error message names what a type wants. */
export const WANTS: Readonly<Record<ServerType, string>> = {
  hid: 'a hashed id string',
  iid: 'a whole number, 1 or "1"',
  int: 'a whole number',
  num: 'a number',
  bool: 'true, false, 1 or 0',
  date: 'a date (YYYY-MM-DD)',
  email: 'an e-mail address',
  url: 'a URL with its scheme (https://...)',
  str: 'a string',
  obj: 'an object',
  objs: 'a list',
  strs: 'a list',
}

// PHP's FILTER_VALIDATE_INT (trims whitespace) and is_numeric (leading and trailing whitespace).
const INTEGER = /^\s*[+-]?\d+\s*$/
const NUMERIC = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/
// Laravel's email rule (RFC, not strict): something at something, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+$/
const URL = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i
const ISO_SHAPED = /^\d{4}-\d{2}-\d{2}$/

/**
 * Whether the server's rule for `type` takes `value` (not null, not ""). Laravel's boolean takes
 * true, false, 0, 1, "0" and "1"; integer takes "12" (and true, which PHP reads as 1); numeric
 * takes numeric strings; date takes whatever strtotime reads and the calendar has (2024-02-30 is
 * refused, "next monday" taken); array takes a JSON object or list alike (both are PHP arrays).
 */
export function ruleTakes(type: ServerType, value: unknown): boolean {
  switch (type) {
    case 'hid':
    case 'str':
      return typeof value === 'string'
    case 'iid':
    case 'int':
      return value === true || (typeof value === 'number' && Number.isInteger(value)) || isText(value, INTEGER)
    case 'num':
      return typeof value === 'number' || isText(value, NUMERIC)
    case 'bool':
      return value === true || value === false || value === 0 || value === 1 || value === '0' || value === '1'
    case 'date':
      if (typeof value === 'number') return true
      return typeof value === 'string' && (!ISO_SHAPED.test(value) || isIsoDate(value))
    case 'email':
      return isText(value, EMAIL)
    case 'url':
      return isText(value, URL)
    case 'obj':
    case 'objs':
    case 'strs':
      return typeof value === 'object' && value !== null
  }
}

const isText = (value: unknown, pattern: RegExp) => typeof value === 'string' && pattern.test(value)

/** The value a user gave, as an error message names it: `the string "12"`, `a list`. */
export function describeValue(value: unknown): string {
  if (value === null || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 20 ? `${value.slice(0, 19)}…` : value)}`
  return `the number ${String(value)}`
}
