/**
 * The registry of resource families. Commands, help, docs, payload checks and the route checks
 * are all derived from it: a family is one entry (families/*.ts, one file per group), and adding
 * a family is adding one entry. This file holds the entry→Family conversion and FAMILIES; the types
 * are in types.ts.
 */

import {CATALOG_FAMILIES} from './families/catalog.js'
import {DOCUMENT_FAMILIES} from './families/documents.js'
import {LOG_FAMILIES} from './families/logs.js'
import {MONEY_FAMILIES} from './families/money.js'
import {PARTY_FAMILIES} from './families/parties.js'
import {SETTINGS_FAMILIES} from './families/settings.js'
import {LINE_ITEMS} from './families/shared.js'
import {type Entry, type Family, type KeyLookup, type Verb, VERBS} from './types.js'

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

const words = (s?: string): string[] => (s ? s.split(/\s+/).filter(Boolean) : [])

/**
 * An example with its ids put in: `{id}` is the family's own sample, `{clients}` the sample of the family of that word
 * (so every example names a record of the right family that the sandbox has).
 */
function withSamples(word: string, text: string): string {
  return text.replaceAll(/\{([a-z-]+)\}/g, (_, name: string) => {
    const sample = (name === 'id' ? ENTRIES[word] : ENTRIES[name])?.sample
    if (!sample) throw new Error(`registry: an example of ${word} names {${name}}, which has no sample id`)
    return sample
  })
}

/** `filter: name contacts.email; number: number` → the lookups, in order. */
function keyLookups(word: string, keys: string | undefined): KeyLookup[] {
  return (keys ?? '')
    .split(';')
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const match = /^\s*([a-z_]+):((?:\s+[a-z_.]+)+)\s*$/.exec(part)
      if (!match) throw new Error(`registry: ${word} keys ${JSON.stringify(part)} is not "filter: field ..."`)
      return {filter: match[1], fields: words(match[2])}
    })
}
/** `invoices` → `invoice`, `expense-categories` → `expense category`, `task-statuses` → `task status`. */
const singular = (plural: string): string =>
  plural
    .replace(/ies$/, 'y')
    .replace(/(ss|us|x)es$/, '$1')
    .replace(/s$/, '')

/**
 * A field worked out on its first read: every start builds every family (the command table needs their verbs), and a
 * run reads few of their other fields. Malformed entries still throw, when read (test/registry.test.ts reads them all).
 */
function once<T>(make: () => T): () => T {
  let made: {value: T} | undefined
  return () => (made ??= {value: make()}).value
}

function toFamily(word: string, e: Entry): Family {
  const published = words(e.verbs) as Verb[]
  const lacks = new Map(Object.entries(e.server?.lacks ?? {}) as Array<[Verb, string]>)
  const adds = new Set(words(e.server?.adds) as Verb[])
  for (const v of [...published, ...lacks.keys(), ...adds])
    if (!VERBS.includes(v)) throw new Error(`registry: ${word} names unknown verb ${v}`)
  // The commands are the server's routes: the document's, less what the server lacks, plus what it adds.
  const verbs = new Set([...published.filter((v) => !lacks.has(v)), ...adds])
  for (const v of ['create', 'update'] as const)
    if (verbs.has(v) && !e.examples?.[v]) throw new Error(`registry: ${word} has no ${v} example`)
  const samples = (text: string): string => withSamples(word, text)
  // `action` exists where the family has a bulk route, or publishes single-record GET actions.
  if (verbs.has('bulk')) verbs.add('action')
  const noun = once(() => singular(word.replaceAll('-', ' ')))
  const actions = once(() => words(e.actions))
  const columns = once(() => (e.columns ? words(e.columns) : undefined))
  const statuses = once(() =>
    e.statuses
      ? new Map(e.statuses.split(',').map((s) => /^\s*(-?\d+) (.+?)\s*$/.exec(s)!.slice(1, 3) as [string, string]))
      : undefined,
  )
  const examples = once(() => ({
    create: e.examples?.create === undefined ? undefined : samples(e.examples.create),
    update: e.examples?.update,
  }))
  const everyday = once(() => (e.everyday ?? []).map(samples))
  const keys = once(() => keyLookups(word, e.keys))
  return {
    word,
    segment: word.replaceAll('-', '_'),
    get noun() {
      return noun()
    },
    verbs,
    documentLike: e.documentLike ?? false,
    actionRoute: verbs.has('action') ? (e.getActions ? 'get' : 'bulk') : undefined,
    actionGet: e.getActions,
    getActionRoute: e.getActions !== undefined || e.serverGetActions === true,
    download:
      e.download === undefined
        ? undefined
        : e.download === 'record'
          ? {kind: 'record'}
          : {kind: 'invitation', segment: e.download},
    lists: [...(e.documentLike ? [LINE_ITEMS] : []), ...(e.lists ?? [])],
    documentOnly: lacks,
    serverOnly: adds,
    operations: (e.operations ?? []).map((op) => {
      const opExamples = once(() => op.examples.map(samples))
      return {
        ...op,
        get examples() {
          return opExamples()
        },
      }
    }),
    saveEffects: e.saveEffects ?? [],
    get actions() {
      return actions()
    },
    passwordProtected: e.passwordProtected ?? false,
    get columns() {
      return columns()
    },
    get statuses() {
      return statuses()
    },
    get examples() {
      return examples()
    },
    importAs: e.importAs,
    description: e.description,
    group: e.group,
    sample: e.sample,
    get everyday() {
      return everyday()
    },
    get keys() {
      return keys()
    },
    noBackup: e.noBackup,
    pack: e.pack,
  }
}

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
  .map((word) => toFamily(word, ENTRIES[word]))

const BY_WORD = new Map(FAMILIES.map((f) => [f.word, f]))

export function family(word: string): Family {
  const f = BY_WORD.get(word)
  if (!f) throw new Error(`unknown family ${word}`)
  return f
}

/** Verbs in the registry's canonical order, for messages and help. */
export const supportedVerbs = (f: Family): Verb[] => VERBS.filter((v) => f.verbs.has(v))
