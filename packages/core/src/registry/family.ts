/**
 * A family as the registry builds it from its entry (families/*.ts). Every start makes every family, so a family is
 * made from its word and its entry's maker only: the entry is made, and whatever is worked out from it (verbs,
 * segment, lists, help examples, key lookups, statuses, ...) is worked out, when a field is first read, for the
 * families a run reads (a command's own, and those its help or checks name). Making every entry (with its server
 * facts) and working out every family's sets at load took ≈3 ms and ≈350 KB of every start, enough for a second
 * young-generation collection in a show. Getters of a class, not of an object literal: a literal with getters cost
 * ≈4 KB a family.
 * Malformed entries still throw when read (test/registry.test.ts reads every field of every family).
 */
import type {Codes, StaticCodes} from '../output/cells.js'
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
  type RepeatGuard,
  type Verb,
  VERBS,
} from './types.js'

const words = (s?: string): string[] => (s ? s.split(/\s+/).filter(Boolean) : [])

/** `1 Draft, 2 Sent, -1 Overdue` → its values' names. */
const codeNames = (list: string): ReadonlyMap<string, string> =>
  new Map(list.split(',').map((s) => /^\s*(-?\d+) (.+?)\s*$/.exec(s)!.slice(1, 3) as [string, string]))

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
  readonly #make: () => Entry
  #entry?: Entry
  #segment?: string
  readonly #sampleOf: SampleOf
  #made?: Map<string, unknown>

  constructor(
    readonly word: string,
    make: () => Entry,
    sampleOf: SampleOf,
  ) {
    this.#make = make
    this.#sampleOf = sampleOf
  }

  /** The family's entry, made when one of its fields is first read. */
  get #e(): Entry {
    return (this.#entry ??= this.#make())
  }

  get documentLike(): boolean {
    return this.#e.documentLike ?? false
  }

  get actionGet(): 'server' | 'document' | undefined {
    return this.#e.getActions
  }

  get getActionRoute(): boolean {
    return this.#e.getActions !== undefined || this.#e.serverGetActions === true
  }

  get saveEffects(): readonly SaveEffect[] {
    return this.#e.saveEffects ?? []
  }

  get passwordProtected(): boolean {
    return this.#e.passwordProtected ?? false
  }

  get importAs(): string | undefined {
    return this.#e.importAs
  }

  get repeatGuard(): RepeatGuard | undefined {
    return this.#e.repeatGuard
  }

  get description(): string {
    return this.#e.description
  }

  get group(): Group {
    return this.#e.group
  }

  get sample(): string | undefined {
    return this.#e.sample
  }

  get sampleInvitation(): string | undefined {
    return this.#e.sampleInvitation
  }

  get noBackup(): string | undefined {
    return this.#e.noBackup
  }

  get pack(): PackPart | undefined {
    return this.#e.pack
  }

  /** Asked of every family when a path is matched to one (plan/raw-paths.ts): worked out from the word alone. */
  get segment(): string {
    return (this.#segment ??= this.word.replaceAll('-', '_'))
  }

  /** The commands are the server's routes: the document's, less what the server lacks, plus what it adds. */
  get verbs(): ReadonlySet<Verb> {
    return this.once('verbs', () => {
      const e = this.#e
      const published = words(e.verbs) as Verb[]
      for (const v of [...published, ...this.documentOnly.keys(), ...this.serverOnly])
        if (!VERBS.includes(v)) throw new Error(`registry: ${this.word} names unknown verb ${v}`)
      const verbs = new Set([...published.filter((v) => !this.documentOnly.has(v)), ...this.serverOnly])
      for (const v of ['create', 'update'] as const)
        if (verbs.has(v) && !e.examples?.[v]) throw new Error(`registry: ${this.word} has no ${v} example`)
      // `action` exists where the family has a bulk route, or publishes single-record GET actions.
      if (verbs.has('bulk')) verbs.add('action')
      return verbs
    })
  }

  get actionRoute(): 'get' | 'bulk' | undefined {
    return this.verbs.has('action') ? (this.#e.getActions ? 'get' : 'bulk') : undefined
  }

  get download(): Family['download'] {
    const d = this.#e.download
    return this.once('download', () =>
      d === undefined ? undefined : d === 'record' ? {kind: 'record'} : {kind: 'invitation', segment: d},
    )
  }

  get lists(): readonly RecordList[] {
    const e = this.#e
    return this.once('lists', () => [...(e.documentLike ? [LINE_ITEMS] : []), ...(e.lists ?? [])])
  }

  get documentOnly(): ReadonlyMap<Verb, string> {
    return this.once(
      'documentOnly',
      () => new Map(Object.entries(this.#e.server?.lacks ?? {}) as Array<[Verb, string]>),
    )
  }

  get serverOnly(): ReadonlySet<Verb> {
    return this.once('serverOnly', () => new Set(words(this.#e.server?.adds) as Verb[]))
  }

  get noun(): string {
    return this.once('noun', () => singular(this.word.replaceAll('-', ' ')))
  }

  /** The entry's operations, the record history and bulk menu the server has for the family (made on first read). */
  get operations(): readonly Operation[] {
    return this.once('operations', () =>
      [
        ...(this.#e.operations ?? []),
        ...historyOperations(this.word, this.segment),
        ...bulkMenuOperations(this.word, this.segment),
      ].map((op) => ({
        ...op,
        examples: op.examples.map((t) => this.withSamples(t)),
      })),
    )
  }

  get actions(): readonly string[] {
    return this.once('actions', () => words(this.#e.actions))
  }

  get columns(): readonly string[] | undefined {
    return this.once('columns', () => (this.#e.columns ? words(this.#e.columns) : undefined))
  }

  get statuses(): ReadonlyMap<string, string> | undefined {
    const list = this.#e.statuses
    return this.once('statuses', () => (list ? codeNames(list) : undefined))
  }

  get staticCodes(): StaticCodes | undefined {
    return this.#e.staticCodes
  }

  get codes(): Codes | undefined {
    const given = this.#e.codes
    return this.once('codes', () => {
      const fields = [
        ...(this.statuses ? [['status_id', this.statuses] as const] : []),
        ...Object.entries(given ?? {}).map(([field, list]) => [field, codeNames(list)] as const),
      ]
      return fields.length > 0 ? new Map(fields) : undefined
    })
  }

  get examples(): Examples {
    const given = this.#e.examples
    return this.once('examples', () => ({
      create: given?.create === undefined ? undefined : this.withSamples(given.create),
      update: given?.update,
    }))
  }

  get everyday(): readonly string[] {
    return this.once('everyday', () => (this.#e.everyday ?? []).map((t) => this.withSamples(t)))
  }

  get keys(): readonly KeyLookup[] {
    return this.once('keys', () => keyLookups(this.word, this.#e.keys))
  }

  private once<T>(field: string, make: () => T): T {
    const made = (this.#made ??= new Map())
    if (!made.has(field)) made.set(field, make())
    return made.get(field) as T
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
