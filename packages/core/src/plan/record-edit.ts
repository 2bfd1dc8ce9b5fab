/**
 * Lists inside a record (line items, contacts) are replaced whole by a PUT that carries them
 * (FACTS.md). Editing one item is read, edit, write back: these pure functions do the edit, word
 * the warning when a payload replaces a list, and compute what a dry run's --diff shows.
 */
import {warningLabel} from '../output/color.js'
import {usageError} from '../errors.js'
import type {RecordList} from '../registry/types.js'
import {listItems, recordList} from './record-read.js'
import type {Json} from './request.js'

type JsonObject = {[key: string]: Json}

/** What --add-X and --remove-X N ask of one list. */
export interface ListEdit {
  list: RecordList
  add: JsonObject[]
  /** 1-based, as `show` lists them. */
  remove: number[]
}

const plural = (noun: string, n: number): string => `${n} ${noun}${n === 1 ? '' : 's'}`

const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v)

/**
 * The record's list after the edit: removed items by position, added ones at the end, every other
 * item unchanged (all its fields, its id). An index out of range is a usage error.
 */
export function editedList(record: JsonObject, edit: ListEdit, ref: string): Json[] {
  const items = recordList(record, edit.list, ref)
  for (const n of edit.remove) {
    if (n > items.length) {
      const range =
        items.length === 0 ? 'it has none' : `it has ${plural(edit.list.noun, items.length)}: give 1 to ${items.length}`
      throw usageError(`--remove-${edit.list.flag} ${n} is out of range for ${ref}: ${range}. Nothing was changed`)
    }
  }
  const removed = new Set(edit.remove)
  return [...items.filter((_, i) => !removed.has(i + 1)), ...edit.add]
}

/** The body to PUT: the payload, with each edited list written back whole. */
export function withEditedLists(record: JsonObject, body: JsonObject, edits: ListEdit[], ref: string): JsonObject {
  const out: JsonObject = {...body}
  for (const edit of edits) out[edit.list.field] = editedList(record, edit, ref)
  return out
}

/**
 * The body with the record's own value of each field the server sets anew when an update leaves it out (a product's
 * quantity, an expense's currency): what the person did not ask to change stays as it is. A field the record has no
 * value for is left to the server.
 */
export function withKeptFields(record: JsonObject, body: JsonObject, fields: readonly string[]): JsonObject {
  const out: JsonObject = {...body}
  for (const field of fields) {
    const value = record[field]
    if (!(field in body) && value !== undefined && value !== null && value !== '') out[field] = value
  }
  return out
}

/**
 * The warning for a payload that replaces a whole list: how many existing items go, when the
 * record was read; "all" when it was not (an offline dry run).
 */
export function replacementWarning(list: RecordList, body: JsonObject, ref: string, record?: JsonObject): string {
  const sent = Array.isArray(body[list.field]) ? (body[list.field] as Json[]).length : 1
  const existing = record === undefined ? undefined : (listItems(record[list.field]) ?? []).length
  const what = existing === undefined ? `all ${list.noun}s of ${ref}` : `the ${plural(list.noun, existing)} ${ref} has`
  return (
    `${warningLabel()} this update replaces ${what} with the ${plural(list.noun, sent)} sent (the server keeps ` +
    `only what a PUT carries). To add or remove one, use --add-${list.flag} or --remove-${list.flag} N`
  )
}

/** One changed leaf: its dotted path (as --field takes it), the old and the new value. */
export interface FieldChange {
  field: string
  old: Json | undefined
  new: Json | undefined
}

/** The fields `body` would change in `record`, leaf by leaf (objects and lists walked in). */
export function recordDiff(record: JsonObject, body: JsonObject, prefix = ''): FieldChange[] {
  const changes: FieldChange[] = []
  for (const key of Object.keys(body)) {
    const path = prefix ? `${prefix}.${key}` : key
    changes.push(...valueDiff(record[key], body[key], path))
  }
  return changes
}

function valueDiff(old: Json | undefined, next: Json | undefined, path: string): FieldChange[] {
  if (isObject(old) && isObject(next)) return recordDiff(old, next, path)
  if (Array.isArray(old) && Array.isArray(next)) {
    const changes: FieldChange[] = []
    for (let i = 0; i < Math.max(old.length, next.length); i++)
      changes.push(...valueDiff(old[i], next[i], `${path}.${i}`))
    return changes
  }
  return JSON.stringify(old) === JSON.stringify(next) ? [] : [{field: path, old, new: next}]
}

/** The diff as people read it: one line per field. */
export function renderDiff(changes: FieldChange[]): string {
  if (changes.length === 0) return 'diff: nothing would change\n'
  const show = (v: Json | undefined): string => (v === undefined ? '(none)' : JSON.stringify(v))
  const lines = changes.map((c) => `  ${c.field}: ${show(c.old)} → ${show(c.new)}\n`).join('')
  return `diff (${plural('field', changes.length)}):\n${lines}`
}
