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
import {RegistryFamily} from './family.js'
import {type Entry, type Family, type Verb, VERBS} from './types.js'

export {FILE_ACTIONS, type FileKind} from './file-kinds.js'
export {
  GROUPS,
  MUTATING_VERBS,
  VERBS,
  type Entry,
  type Examples,
  type Family,
  type Group,
  type PackPart,
  type RecordList,
  type Verb,
} from './types.js'

const ENTRIES: Record<string, Entry> = {
  ...DOCUMENT_FAMILIES,
  ...PARTY_FAMILIES,
  ...CATALOG_FAMILIES,
  ...MONEY_FAMILIES,
  ...SETTINGS_FAMILIES,
  ...LOG_FAMILIES,
}

/** Every family, by command word in alphabetical order. */
export const FAMILIES: readonly Family[] = Object.keys(ENTRIES)
  .sort()
  .map((word) => new RegistryFamily(word, ENTRIES[word], (name) => ENTRIES[name]?.sample))

const BY_WORD = new Map(FAMILIES.map((f) => [f.word, f]))

export function family(word: string): Family {
  const f = BY_WORD.get(word)
  if (!f) throw new Error(`unknown family ${word}`)
  return f
}

/** Verbs in the registry's canonical order, for messages and help. */
export const supportedVerbs = (f: Family): Verb[] => VERBS.filter((v) => f.verbs.has(v))
