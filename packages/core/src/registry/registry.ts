/**
 * The registry of resource families. Commands, help, docs, payload checks and the route checks
 * are all derived from it: a family is one entry (families/*.ts, one file per group), and adding
 * a family is adding one entry. This file holds FAMILIES; the entry→Family conversion is family.ts, the
 * types are in types.ts.
 */

import {CATALOG_FAMILIES} from './families/catalog.js'
import {DOCUMENT_FAMILIES} from './families/documents.js'
import {LOG_FAMILIES} from './families/logs.js'
import {MONEY_FAMILIES} from './families/money.js'
import {PARTY_FAMILIES} from './families/parties.js'
import {SETTINGS_FAMILIES} from './families/settings.js'
import {RegistryFamily, type SampleOf} from './family.js'
import {type Entries, type Family, type Verb, VERBS} from './types.js'

export {FILE_ACTIONS, type FileKind} from './file-kinds.js'
export {
  GROUPS,
  MUTATING_VERBS,
  VERBS,
  type Entries,
  type Entry,
  type Examples,
  type Family,
  type Group,
  type PackPart,
  type RecordList,
  type Verb,
} from './types.js'

const ENTRIES: Entries = {
  ...DOCUMENT_FAMILIES,
  ...PARTY_FAMILIES,
  ...CATALOG_FAMILIES,
  ...MONEY_FAMILIES,
  ...SETTINGS_FAMILIES,
  ...LOG_FAMILIES,
}

const BY_WORD = new Map<string, Family>()
const sampleOf: SampleOf = (word) => (Object.hasOwn(ENTRIES, word) ? family(word).sample : undefined)

export function family(word: string): Family {
  let f = BY_WORD.get(word)
  if (!f) {
    if (!Object.hasOwn(ENTRIES, word)) throw new Error(`unknown family ${word}`)
    f = new RegistryFamily(word, ENTRIES[word], sampleOf)
    BY_WORD.set(word, f)
  }
  return f
}

/** The family whose upstream path segment this is (`recurring_invoices`), if any. */
export function familyOfSegment(segment: string): Family | undefined {
  const word = segment.replaceAll('_', '-')
  return Object.hasOwn(ENTRIES, word) ? family(word) : undefined
}

/** Every family, by command word in alphabetical order (each entry made when the family is first read). */
export const FAMILIES: readonly Family[] = Object.keys(ENTRIES).sort().map(family)

/** Verbs in the registry's canonical order, for messages and help. */
export const supportedVerbs = (f: Family): Verb[] => VERBS.filter((v) => f.verbs.has(v))
