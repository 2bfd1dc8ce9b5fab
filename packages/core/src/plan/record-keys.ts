/**
 * Records by what people see (issue 23): where a command takes a record id it also takes the record's human key,
 * its number, a client's name or contact e-mail, a product's key. A value shaped like the server's hashed ids is
 * taken as one (no request); any other is found by the family's key lookups (registry `keys`): one list query with
 * the server's own filter each, the record whose key field equals the value is the one meant.
 */
import {CliError, ExitCode, shown, usageError} from '../errors.js'
import type {Family, KeyLookup} from '../registry/types.js'
import type {Json, RequestSpec} from './request.js'
import {listRequest} from './routes.js'
import {stateOf} from '../output/cells.js'

type JsonObject = {[key: string]: Json}

/**
 * The server's record ids: Hashids with a minimum length of 10 over letters and digits, which for every id below
 * 44^9 is exactly 10 characters (config ninja.hash_salt, app/Utils/Traits/MakesHash.php).
 */
const HASHED_ID = /^[A-Za-z0-9]{10}$/
export const isHashedId = (value: string): boolean => HASHED_ID.test(value)

/**
 * An invitation key (what `download` takes besides a record): the server makes them 32 random letters and digits
 * (config ninja.key_length), with its database's code and a dash in front on a multi-database install. 20 or more
 * such characters tell one from a record id (10) or a number.
 */
export const isInvitationKey = (value: string): boolean => /^[A-Za-z0-9-]{20,}$/.test(value)

/** Records a lookup page holds: an exact filter finds one or two; a search (clients' filter=) may find more. */
const LOOKUP_PAGE = 100
/** Pages a lookup reads at most: past them, a twin of the record found could hide, so the key is refused. */
const LOOKUP_PAGES = 5
/** Candidates an error names; the rest are counted. */
const NAMED = 8

/** A page of a lookup: its records and how many the server says match. */
export interface LookupPage {
  records: JsonObject[]
  total: number
}

/** The list query of one lookup: `GET /invoices?per_page=100&number=0001` (`page=2&...` for the next). */
export function lookupRequest(f: Family, lookup: KeyLookup, key: string, include?: string, page = 1): RequestSpec {
  const at = page > 1 ? page : undefined
  return listRequest(f, {page: at, perPage: LOOKUP_PAGE, filters: [`${lookup.filter}=${key}`], include})
}

/** The strings at a dotted path, through lists: `contacts.email` is every contact's e-mail. */
function valuesAt(value: Json | undefined, path: readonly string[]): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => valuesAt(item, path))
  if (path.length === 0) return typeof value === 'string' || typeof value === 'number' ? [String(value)] : []
  if (value === null || typeof value !== 'object') return []
  return valuesAt(value[path[0]], path.slice(1))
}

/**
 * Whether one of the lookup's fields equals the key: in any case (as the server's database compares), every space
 * counting (a blank key never gets here: input checks refuse it, as a contact's "" e-mail must never match).
 */
const matches = (record: JsonObject, lookup: KeyLookup, key: string): boolean =>
  lookup.fields.some((field) =>
    valuesAt(record, field.split('.')).some((v) => v !== '' && v.toLowerCase() === key.toLowerCase()),
  )

/** The columns that tell candidates apart: the family's first two after the id (`number client.display_name`). */
export const candidateColumns = (f: Family): string[] => (f.columns ?? []).filter((c) => c !== 'id').slice(0, 2)

function describe(f: Family, record: JsonObject): string {
  const values = candidateColumns(f).flatMap((c) => valuesAt(record, c.split('.')).slice(0, 1))
  const st = stateOf(record)
  const state = st === undefined || st === 'active' ? '' : ` (${st})`
  return [String(record.id), ...values.filter((v) => v !== '')].join(' ') + state
}

function listed(f: Family, records: JsonObject[], total = records.length): string {
  const more = total - Math.min(records.length, NAMED)
  return (
    records
      .slice(0, NAMED)
      .map((r) => describe(f, r))
      .join('; ') + (more > 0 ? `; and ${more} more` : '')
  )
}

/** A key's field for messages: `contact e-mail`, `number`. */
const fieldName = (field: string): string => field.replace(/^contacts\.email$/, 'contact e-mail').replaceAll('_', ' ')

/** `name, number or contacts e-mail`: what the family's keys are, for messages. */
export function keyNames(f: Family): string {
  const fields = [...new Set(f.keys.flatMap((k) => k.fields))].map((field) => fieldName(field))
  return fields.length > 1 ? `${fields.slice(0, -1).join(', ')} or ${fields.at(-1)}` : (fields[0] ?? 'id')
}

/** Every page of one lookup, up to LOOKUP_PAGES: its records, and how many the server says match. */
async function readAll(lookup: KeyLookup, read: (lookup: KeyLookup, page: number) => Promise<LookupPage>) {
  const records: JsonObject[] = []
  let total = 0
  for (let page = 1; page <= LOOKUP_PAGES; page++) {
    const got = await read(lookup, page)
    records.push(...got.records.filter((r) => !records.some((seen) => seen.id === r.id)))
    total = Math.max(got.total, records.length)
    if (records.length >= total || got.records.length === 0) break
  }
  return {records, total}
}

/**
 * The one record that contains the key but does not have it: named, with how to name it (its id, or its key in full).
 * Still a refusal: a record is never acted on by a guess.
 */
function oneNearMiss(f: Family, key: string, record: JsonObject): CliError {
  const want = key.trim().toLowerCase()
  const full = f.keys
    .flatMap((k) => k.fields)
    .flatMap((field) => valuesAt(record, field.split('.')).map((value) => ({field, value})))
    .find((v) => v.value.toLowerCase().includes(want))
  const named = full ? ` or its ${fieldName(full.field)} in full (${shown(full.value)})` : ''
  return new CliError(
    `${f.word} ${shown(key)}: no record has that ${keyNames(f)}; one contains it: ${describe(f, record)}. If it is ` +
      `the one you mean, give its id (${String(record.id)})${named}`,
    ExitCode.usage,
  )
}

/**
 * The id of the one record the key names, reading the lookups in order (the next only when one finds none), each
 * to its last page: of several records with the key, the ones not deleted count. None or several, or more records
 * than the lookup reads (one of those unread could be a twin): a usage error (exit 2) naming the candidates, before
 * anything is changed.
 */
export async function resolveKey(
  f: Family,
  key: string,
  read: (lookup: KeyLookup, page: number) => Promise<LookupPage>,
): Promise<string> {
  const near: JsonObject[] = []
  let total = 0
  for (const lookup of f.keys) {
    const page = await readAll(lookup, read)
    const exact = page.records.filter((r) => matches(r, lookup, key))
    const live = exact.filter((r) => r.is_deleted !== true)
    const chosen = live.length > 0 ? live : exact
    if (chosen.length > 1)
      throw usageError(
        `${f.word} ${shown(key)} is ambiguous: ${chosen.length} records have that ${keyNames(f)} ` +
          `(${listed(f, chosen)}); give the id of the one you mean`,
      )
    if (page.total > page.records.length)
      throw usageError(
        `${f.word} ${shown(key)}: ${page.total} records contain it, more than a lookup reads ` +
          `(${LOOKUP_PAGE * LOOKUP_PAGES}), so another could have that ${keyNames(f)}; give the record's id ` +
          `(see "cli ${f.word} list")`,
      )
    if (chosen.length === 1 && typeof chosen[0].id === 'string' && chosen[0].id !== '') return chosen[0].id
    near.push(...page.records.filter((r) => !near.some((n) => n.id === r.id)))
    total = Math.max(total, page.total)
  }
  if (near.length === 1 && total <= 1) throw oneNearMiss(f, key, near[0])
  const similar = near.length > 0 ? `; records that contain it: ${listed(f, near, total)}` : ''
  throw new CliError(
    `${f.word} ${shown(key)}: no record has that ${keyNames(f)}, and it is no id (ids are 10 letters and digits)` +
      `${similar}; see "cli ${f.word} list"`,
    ExitCode.usage,
  )
}
