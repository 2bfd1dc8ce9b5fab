/**
 * What a command wants done, as plain data: the verb classes build a Plan from their flags, and
 * the base command hands it to the dry run (dry-run.ts) or the executor (executor.ts). Requests
 * are RequestSpecs built by pure functions; where a second request depends on the first answer,
 * the plan carries a pure function from that answer to the next request.
 */
import type {FileKind} from '../registry/file-kinds.js'
import type {Selection} from './bulk.js'
import type {Json, RequestSpec} from './request.js'
import type {Summary} from './summary.js'

type JsonObject = {[key: string]: Json}

/**
 * What to send instead when the server answers the request with
 * one of `after` (its catch-all's 404, or 429: routes.ts Routed).
 */
export interface Fallback {
  fallback?: {request: RequestSpec; note: (status: number) => string; after: readonly number[]}
}

/**
 * What a successful answer must be: `json` (a record, a list, a message: anything else, an HTML page
 * from a proxy say, is an error), or `any` (JSON is printed as JSON, text such as a CSV report and
 * bytes go to stdout as they came: the runners and `api`).
 */
export type Expected = 'json' | 'any'

/** Send one request and print its answer (JSON; text or bytes to a pipe). A file asked for is a DownloadPlan. */
export interface SendPlan extends Fallback {
  kind: 'send'
  request: RequestSpec
  expect: Expected
  columns?: readonly string[]
  /** A change: the line on stderr that says what it did. */
  summary?: Summary
}

/** A list: one page as the upstream answers it, or several merged (`--all`, `--limit`). */
export interface ListPlan {
  kind: 'list'
  request: RequestSpec
  paged: boolean
  startPage: number
  limit?: number
  /** Pages fetched at once after the first (`--concurrency`). */
  concurrency?: number
  columns?: readonly string[]
}

/** Stream the answer's bytes, unchanged, to a file (atomically) or stdout, once they are the file asked for. */
export interface DownloadPlan extends Fallback {
  kind: 'download'
  request: RequestSpec
  outputFile: string
  force: boolean
  expect: FileKind
  /** The download's request comes from a record read first (`download --id`: its invitation key). */
  lookup?: {read: RequestSpec; request: (record: JsonObject) => RequestSpec; note: string}
}

/**
 * Read a record, then send a change built from it (list edits, a count for a warning, a diff).
 * `write` is pure: the record in, the request and the warnings out.
 */
export interface EditPlan {
  kind: 'edit'
  read: RequestSpec
  /** The change can be built without the record: an offline dry run shows this one. */
  offline?: {request: RequestSpec; warnings: string[]}
  write: (record: JsonObject) => {request: RequestSpec; warnings: string[]}
  /** --diff: a dry run prints the fields that would change. */
  diff: boolean
  /**
   * The write carries what was read (a list edited in place): read the record again right before
   * it and stop when `updated_at` changed (unset: --force, or the write does not depend on the read).
   */
  recheck?: (first: JsonObject, again: JsonObject) => void
  summary?: Summary
}

/**
 * A bulk action on records given by id or selected by a list query (selection): sent in batches, each record once;
 * the ids the answers leave out (the server skips ids it does not find) are named, and the exit is 5.
 */
export interface BulkPlan {
  kind: 'bulk'
  ids?: readonly string[]
  selection?: Selection
  /** The bulk requests for these ids, a batch each (pure). */
  requests: (ids: readonly string[]) => RequestSpec[]
  /** The answers name the records acted on (not a job's message): ids missing from them were not found. */
  checked: boolean
  /** One record and several, for messages: `invoice`, `invoices`. */
  noun: string
  word: string
  summary?: Summary
}

/** Send a request, then one built from its answer (the import after the preimport's hash); print the second answer. */
export interface ChainPlan {
  kind: 'chain'
  first: RequestSpec
  next: (answer: unknown) => {request: RequestSpec; warnings: string[]}
  /** What the dry run says comes after the first request. */
  note: string
}

/**
 * Start a job, then poll until its result is ready (`reports run --wait`): `poll` is built from
 * the start's answer; a `pending` status means not yet (waits grow by half, up to `maxIntervalMs`),
 * a 429 waits `rateLimitedMs`. After `timeoutMs` the command fails with `expired`'s line.
 */
export interface PollPlan {
  kind: 'poll'
  start: RequestSpec
  poll: (started: unknown) => RequestSpec
  pending: number
  intervalMs: number
  maxIntervalMs: number
  rateLimitedMs: number
  timeoutMs: number
  /** What the finished result may be (a report: CSV or JSON). */
  expect: Expected
  expired: (poll: RequestSpec) => string
  /** What the dry run says comes after the start. */
  note: string
}

/**
 * Several changes sent one after the other, each once (`reconcile --yes`: the match batches; `emails failed
 * --resend`). The first failure stops the series: the error says which were sent before it and which were not.
 * `done` turns the answers into what is printed.
 */
export interface SeriesPlan {
  kind: 'series'
  requests: RequestSpec[]
  /** For messages: what request i is about (`batch 2 (transactions A, B)`). */
  label: (index: number) => string
  /** `failure`: what the answers show was not done (printed after the rest, exit 1). */
  done: (answers: unknown[]) => {result: unknown; text: string; failure?: string}
  /** Beside the requests in a dry run's document (the proposals they come from). */
  dryRunExtra?: Record<string, unknown>
  /** The columns of the printed result's `data` in a table or CSV. */
  columns?: readonly string[]
}

/** Nothing to send: the answer is known locally (`reports run --list`). */
export interface LocalPlan {
  kind: 'local'
  /** What `--output json` prints. */
  result: unknown
  /** What people read. */
  text: string
  /** The columns of `data`'s records in a table or CSV (else chosen from the records). */
  columns?: readonly string[]
  /** Records to print as a listing is printed, in every format (`cli history`): `text` is then unused. */
  records?: unknown[]
  /** A change that changed nothing (nothing to resend): after what it prints, this line and exit 5. */
  didNothing?: string
}

export type Plan =
  SendPlan | ListPlan | DownloadPlan | EditPlan | BulkPlan | ChainPlan | PollPlan | SeriesPlan | LocalPlan
/** A plan that reaches the upstream. */
export type RemotePlan = Exclude<Plan, LocalPlan>
