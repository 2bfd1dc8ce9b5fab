/**
 * The registry's types: a family as its file writes it down (Entry), and as the commands read it
 * (Family). Every module that needs a type imports it from here, never from registry.ts, which
 * imports the family data: so the data files can name these types without an import cycle.
 */
import type {Codes, StaticCodes} from '../output/cells.js'
import type {Operation} from './operations/operation.js'
import type {SaveEffect} from './operations/save-effects.js'

export const VERBS = [
  'list',
  'show',
  'template',
  'edit-template',
  'create',
  'update',
  'delete',
  'bulk',
  'action',
  'upload',
  'download',
] as const
export type Verb = (typeof VERBS)[number]

/** The groups root help lists the families in (the CLI's own commands are `tools`). */
export const GROUPS = ['documents', 'parties', 'money', 'catalog', 'settings', 'logs'] as const
export type Group = (typeof GROUPS)[number]

/** Verbs that change upstream records: they need --yes unless --dry-run is given. */
export const MUTATING_VERBS: ReadonlySet<Verb> = new Set(['create', 'update', 'delete', 'bulk', 'action', 'upload'])

/**
 * Requests of a family the server refuses (400 "Duplicate request") when one like it came from the same address less
 * than a second before: for each such verb, what makes two of them alike (body keys, or `id`: the record's).
 */
export type RepeatGuard = Readonly<Partial<Record<'create' | 'bulk' | 'delete', readonly string[]>>>

export interface Family {
  /** Command word, kebab-case: `purchase-orders`. */
  readonly word: string
  /** Upstream path segment: the word with `-` turned into `_`. */
  readonly segment: string
  /** One record, as messages name it: `purchase order`. */
  readonly noun: string
  /** Verbs the upstream publishes for this family (and so the commands that exist). */
  readonly verbs: ReadonlySet<Verb>
  /** Takes `--line-item` (invoices, quotes, credits, ...). */
  readonly documentLike: boolean
  /**
   * How `action` is sent: a GET on /{seg}/{id}/{action} (bulk
   * when the server answers 404), or the bulk route with one id.
   */
  readonly actionRoute?: 'get' | 'bulk'
  /** Whether the server itself routes the GET action, or only the published document lists it. */
  readonly actionGet?: 'server' | 'document'
  /**
   * A GET on /{seg}/{id}/{action} runs that action here (the server's route or the document's), even
   * where `action` goes through bulk: a raw GET there (`cli api`, a runner's --endpoint) changes records.
   */
  readonly getActionRoute: boolean
  /** How `download` reaches the file: an invitation key on a singular segment (`quote`), or the record's id. */
  readonly download?: {kind: 'invitation'; segment: string} | {kind: 'record'}
  /** Lists inside a record that update can edit item by item (`line_items`, `contacts`). */
  readonly lists: readonly RecordList[]
  /** Verbs the published document lists that the server does not route, and the command that does it instead. */
  readonly documentOnly: ReadonlyMap<Verb, string>
  /** Verbs the server routes that the published document omits. */
  readonly serverOnly: ReadonlySet<Verb>
  /** Operations beyond the verbs (`payments refund`, `invoices email`): commands of their own. */
  readonly operations: readonly Operation[]
  /** Parameters create and update may send to act after saving (`send_email`, `mark_sent`, ...). */
  readonly saveEffects: readonly SaveEffect[]
  /** Actions the upstream implements for bulk/action: the only ones accepted (help, completion, known-action.ts). */
  readonly actions: readonly string[]
  /** Every route of the family needs X-API-PASSWORD. */
  readonly passwordProtected: boolean
  /** Columns of the list table, as dotted paths into a record. */
  readonly columns?: readonly string[]
  /** Names of the family's `status_id` values (FACTS.md "Statuses"), for tables people read. */
  readonly statuses?: ReadonlyMap<string, string>
  /** Names of the values of its coded fields (`status_id`, `frequency_id`), for tables, CSV and workbooks. */
  readonly codes?: Codes
  /** Fields whose values the server's statics name (`type_id`: `payment_types`). */
  readonly staticCodes?: StaticCodes
  /** The help's write examples: what follows `create`, and the text field `update` sets. */
  readonly examples: Examples
  /** The server's import entity type (`client`): the family can be imported with `cli import csv --entity`. */
  readonly importAs?: string
  /** The server's guard against a request repeated within a second (RepeatGuard). */
  readonly repeatGuard?: RepeatGuard
  readonly description: string
  /** Where root help lists the family. */
  readonly group: Group
  /** An id of one of its records in the sandbox data (test/support/sandbox-data.ts): the help examples name it. */
  readonly sample?: string
  /** An invitation key of the sample record in the sandbox data (downloads by invitation). */
  readonly sampleInvitation?: string
  /** Everyday tasks for the topic's examples, each after `cli <family> ` (`email 0001 --yes`: by number or name). */
  readonly everyday: readonly string[]
  /** How a record is found by what people know of it (its number, name, e-mail): tried in order, one query each. */
  readonly keys: readonly KeyLookup[]
  /** Why `cli backup` leaves the family out (credentials, not the company's own records); unset: backed up. */
  readonly noBackup?: string
  /** What `cli period-pack` holds of the family; unset: nothing. */
  readonly pack?: PackPart
}

/** A family's part of a period pack: its ledger (CSV of the period's records) and its records' files. */
export interface PackPart {
  /**
   * How its list narrows to a period: `date_range=FROM,TO` (the generic filter), or `date_range=date,FROM,TO` where
   * the family's own filter names the column first (payments).
   */
  readonly range: 'from,to' | 'date,from,to'
  /** Relations the ledger's columns name (`client` for client.display_name). */
  readonly include: string
  /** The files of each record: its PDF (and e-invoice) by invitation key, or the documents attached to it. */
  readonly files?: 'pdf' | 'attachments'
  /**
   * What its ledger shows beyond its records: a document's net, tax per rate and gross (tax), or a payment's reference,
   * method and the documents it paid (paid); without it, the family's list columns.
   */
  readonly ledger?: 'tax' | 'paid'
}

/**
 * One way to find records by a human key: the list filter sent with the key (`number=0001`), and the record fields
 * the key must equal (any of them; `contacts.email` is any contact's) for a record to be the one meant.
 */
export interface KeyLookup {
  readonly filter: string
  readonly fields: readonly string[]
}

export interface Examples {
  /** Flags after `cli <family> create`: `--name "Acme Ltd" --dry-run`. */
  readonly create?: string
  /**
   * A text field of the payload, for the update examples (`private_notes`), or the `--field`
   * assignments an update needs where it needs more than one text (`--field num_days=30`).
   */
  readonly update?: string
}

/** A list inside a record that `update` edits item by item: `--add-line-item`, `--remove-line-item N`. */
export interface RecordList {
  /** The record's key: `line_items`. */
  readonly field: string
  /** The flag stem: `line-item` → --line-item, --add-line-item, --remove-line-item. */
  readonly flag: string
  /** For messages: `line item`. */
  readonly noun: string
}

/**
 * A group's entries by command word (families/*.ts), each made when a run first reads its family: a command names
 * one family, so the others' entries (their operations, examples and sets) are never built at its start.
 */
export type Entries = Record<string, () => Entry>

/**
 * A family as its file writes it down (families/*.ts). In its examples (and its operations'), `{id}` stands for its
 * own sample id and `{clients}` (any family's word) for that family's: registry.ts puts the ids in.
 */
export interface Entry {
  description: string
  group: Group
  /** An id of one of its records in the sandbox data; required where a command of the family takes an id. */
  sample?: string
  /** An invitation key of that record in the sandbox data: the examples of a download by invitation name it. */
  sampleInvitation?: string
  /** Everyday tasks shown first among the topic's examples, each after `cli <family> `. */
  everyday?: string[]
  /** Verbs as the published document lists them. */
  verbs: string
  documentLike?: boolean
  /** Spec rule 3: `action` is a GET on /{seg}/{id}/{action}; 'document' where only the document has that route. */
  getActions?: 'server' | 'document'
  /**
   * The server routes GET /{seg}/{id}/{action} too, though
   * `action` goes through bulk here (FACTS.md: invoices, credits).
   */
  serverGetActions?: boolean
  /** The invitation-key download segment, or 'record' for GET /{seg}/{id}/download. */
  download?: string
  /** Where the server differs from the published document (FACTS.md, "The server as it really is"). */
  server?: {lacks?: Partial<Record<Verb, string>>; adds?: string}
  lists?: RecordList[]
  operations?: Operation[]
  saveEffects?: SaveEffect[]
  actions?: string
  passwordProtected?: boolean
  columns?: string
  /** `status_id` values and names: '1 Draft, 2 Sent, ...'. */
  statuses?: string
  /** Other fields' values and names, as `statuses`: {frequency_id: '1 Daily, 2 Weekly, ...'}. */
  codes?: Record<string, string>
  /** Fields whose values the server's statics name (a payment's `type_id`: `payment_types`), read when shown. */
  staticCodes?: StaticCodes
  /** Required for the verbs that write: `create` where the family creates, `update` where it updates. */
  examples?: Examples
  importAs?: string
  repeatGuard?: RepeatGuard
  /**
   * Human keys: `filter: field field`, lookups separated by `;` (`filter: name contacts.email; number: number`),
   * each one list query with the server's filter, the record's fields compared with the key.
   */
  keys?: string
  /** Why `cli backup` leaves the family out (it holds credentials, or is not the company's own records). */
  noBackup?: string
  /** What `cli period-pack` holds of the family. */
  pack?: PackPart
}
