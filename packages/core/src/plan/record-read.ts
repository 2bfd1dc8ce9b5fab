/**
 * What a record read before a write must be: the record asked for (its `data.id`), with each list
 * to be edited a list of objects. PHP writes a list with a gap as an object keyed by index
 * (`{"0":{...},"2":{...}}`): that is read as the list it is, in numeric key order. Anything else
 * (null, missing, a string, an item that is not an object) stops the command: nothing is written.
 */
import {CliError, ExitCode, shown} from '../errors.js'
import type {RecordList} from '../registry/types.js'
import type {Json} from './request.js'

type JsonObject = {[key: string]: Json}

/** A value from the upstream inside a message: a number as it is, anything else quoted and cut. */
const val = (v: Json | undefined): string =>
  typeof v === 'number'
    ? String(v)
    : v === undefined
      ? '(none)'
      : shown(typeof v === 'string' ? v : JSON.stringify(v), 40)

const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v)

/** What a value is, in a few words, for a message. */
function kindOf(value: Json | undefined): string {
  if (value === undefined) return 'missing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list holding something that is not an object'
  if (typeof value === 'object') return 'an object that is not keyed by index'
  return `a ${typeof value}`
}

/** The keys of an object written for a list: non-negative integers without leading zeros. */
const INDEX = /^(0|[1-9]\d{0,8})$/

/** The list's items, or undefined when the value is not a list of objects (a PHP-style object counts as one). */
export function listItems(value: Json | undefined): JsonObject[] | undefined {
  if (Array.isArray(value)) return value.every(isObject) ? (value as JsonObject[]) : undefined
  if (!isObject(value)) return undefined
  const keys = Object.keys(value)
  if (!keys.every((k) => INDEX.test(k))) return undefined
  const items = keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k])
  return items.every(isObject) ? (items as JsonObject[]) : undefined
}

/** The record's list, to be edited in place; exit 1 when it is not a list of objects. */
export function recordList(record: JsonObject, list: RecordList, ref: string): JsonObject[] {
  const items = listItems(record[list.field])
  if (items === undefined)
    throw new CliError(
      `${ref} as read has ${list.field} ${kindOf(record[list.field])}, not a list of ${list.noun}s: ` +
        'nothing was changed (show the record to see what the upstream answers)',
      ExitCode.upstream,
    )
  return items
}

/** The record read must be the one asked for: exit 1 otherwise, `what` saying what did not happen. */
export function checkRecordId(record: JsonObject, id: string, ref: string, what = 'nothing was changed'): void {
  if (record.id === id) return
  const got = record.id === undefined ? 'a record without an id' : `the record ${val(record.id)}`
  throw new CliError(`the upstream answered the read of ${ref} with ${got}: ${what}`, ExitCode.upstream)
}

/** A change since the read, seen by comparing `updated_at` with a second read: exit 1 unless --force. */
export function checkUnchanged(first: JsonObject, again: JsonObject, ref: string): void {
  if (JSON.stringify(first.updated_at ?? null) === JSON.stringify(again.updated_at ?? null)) return
  throw new CliError(
    `${ref} changed since it was read (updated_at ${val(first.updated_at)} → ${val(again.updated_at)}): ` +
      'run the command again, or pass --force to overwrite',
    ExitCode.upstream,
  )
}
