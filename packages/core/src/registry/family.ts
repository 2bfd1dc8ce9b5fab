/**
 * A family as the registry builds it from its entry (families/*.ts). Every start builds every family, since the
 * command table needs their verbs: the fields that table and every command read are set at once, the others
 * (help examples, key lookups, statuses, ...) are worked out on first read. Getters of a class, not of an object
 * literal: a literal with getters cost ≈4 KB and ≈20 µs a family, and its garbage a collection at every start.
 * Malformed entries still throw when read (test/registry.test.ts reads every field of every family).
 */
import type {Operation} from './operations/operation.js'
import type {SaveEffect} from './operations/save-effects.js'
import {LINE_ITEMS} from './families/shared.js'
import {bulkMenuOperations} from './operations/bulk-menu.js'
import {historyOperations} from './operations/history.js'
import {
  type Entry,
  type Examples,
  type Family,
  type Group,
  type KeyLookup,
  type PackPart,
  type RecordList,
  type Verb,
  VERBS,
} from './types.js'

const words = (s?: string): string[] => (s ? s.split(/\s+/).filter(Boolean) : [])

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

/** The sample id of the family with this word (`id`: the family's own), for the ids examples name. */
export type SampleOf = (name: string) => string | undefined

export class RegistryFamily implements Family {
  readonly segment: string
  readonly verbs: ReadonlySet<Verb>
  readonly documentLike: boolean
  readonly actionRoute?: 'get' | 'bulk'
  readonly actionGet?: 'server' | 'document'
  readonly getActionRoute: boolean
  readonly download?: {kind: 'invitation'; segment: string} | {kind: 'record'}
  readonly lists: readonly RecordList[]
  readonly documentOnly: ReadonlyMap<Verb, string>
  readonly serverOnly: ReadonlySet<Verb>
  readonly saveEffects: readonly SaveEffect[]
  readonly passwordProtected: boolean
  readonly importAs?: string
  readonly description: string
  readonly group: Group
  readonly sample?: string
  readonly sampleInvitation?: string
  readonly noBackup?: string
  readonly pack?: PackPart
  readonly #entry: Entry
  readonly #sampleOf: SampleOf
  readonly #made = new Map<string, unknown>()

  constructor(
    readonly word: string,
    e: Entry,
    sampleOf: SampleOf,
  ) {
    this.#entry = e
    this.#sampleOf = sampleOf
    const published = words(e.verbs) as Verb[]
    const lacks = new Map(Object.entries(e.server?.lacks ?? {}) as Array<[Verb, string]>)
    const adds = new Set(words(e.server?.adds) as Verb[])
    for (const v of [...published, ...lacks.keys(), ...adds])
      if (!VERBS.includes(v)) throw new Error(`registry: ${word} names unknown verb ${v}`)
    // The commands are the server's routes: the document's, less what the server lacks, plus what it adds.
    const verbs = new Set([...published.filter((v) => !lacks.has(v)), ...adds])
    for (const v of ['create', 'update'] as const)
      if (verbs.has(v) && !e.examples?.[v]) throw new Error(`registry: ${word} has no ${v} example`)
    // `action` exists where the family has a bulk route, or publishes single-record GET actions.
    if (verbs.has('bulk')) verbs.add('action')
    this.segment = word.replaceAll('-', '_')
    this.verbs = verbs
    this.documentLike = e.documentLike ?? false
    this.actionRoute = verbs.has('action') ? (e.getActions ? 'get' : 'bulk') : undefined
    this.actionGet = e.getActions
    this.getActionRoute = e.getActions !== undefined || e.serverGetActions === true
    this.download =
      e.download === undefined
        ? undefined
        : e.download === 'record'
          ? {kind: 'record'}
          : {kind: 'invitation', segment: e.download}
    this.lists = [...(e.documentLike ? [LINE_ITEMS] : []), ...(e.lists ?? [])]
    this.documentOnly = lacks
    this.serverOnly = adds
    this.saveEffects = e.saveEffects ?? []
    this.passwordProtected = e.passwordProtected ?? false
    this.importAs = e.importAs
    this.description = e.description
    this.group = e.group
    this.sample = e.sample
    this.sampleInvitation = e.sampleInvitation
    this.noBackup = e.noBackup
    this.pack = e.pack
  }

  get noun(): string {
    return this.once('noun', () => singular(this.word.replaceAll('-', ' ')))
  }

  /** The entry's operations, the record history and bulk menu the server has for the family (made on first read). */
  get operations(): readonly Operation[] {
    return this.once('operations', () =>
      [
        ...(this.#entry.operations ?? []),
        ...historyOperations(this.word, this.segment),
        ...bulkMenuOperations(this.word, this.segment),
      ].map((op) => ({
        ...op,
        examples: op.examples.map((t) => this.withSamples(t)),
      })),
    )
  }

  get actions(): readonly string[] {
    return this.once('actions', () => words(this.#entry.actions))
  }

  get columns(): readonly string[] | undefined {
    return this.once('columns', () => (this.#entry.columns ? words(this.#entry.columns) : undefined))
  }

  get statuses(): ReadonlyMap<string, string> | undefined {
    const list = this.#entry.statuses
    return this.once('statuses', () =>
      list
        ? new Map(list.split(',').map((s) => /^\s*(-?\d+) (.+?)\s*$/.exec(s)!.slice(1, 3) as [string, string]))
        : undefined,
    )
  }

  get examples(): Examples {
    const given = this.#entry.examples
    return this.once('examples', () => ({
      create: given?.create === undefined ? undefined : this.withSamples(given.create),
      update: given?.update,
    }))
  }

  get everyday(): readonly string[] {
    return this.once('everyday', () => (this.#entry.everyday ?? []).map((t) => this.withSamples(t)))
  }

  get keys(): readonly KeyLookup[] {
    return this.once('keys', () => keyLookups(this.word, this.#entry.keys))
  }

  private once<T>(field: string, make: () => T): T {
    if (!this.#made.has(field)) this.#made.set(field, make())
    return this.#made.get(field) as T
  }

  /**
   * An example with its ids put in: `{id}` is the family's own sample, `{clients}` the sample of the family of that
   * word (so every example names a record of the right family that the sandbox has).
   */
  private withSamples(text: string): string {
    return text.replaceAll(/\{([a-z-]+)\}/g, (_, name: string) => {
      const sample = this.#sampleOf(name === 'id' ? this.word : name)
      if (!sample) throw new Error(`registry: an example of ${this.word} names {${name}}, which has no sample id`)
      return sample
    })
  }
}
