/**
 * The journal: one JSON line per change sent, in `journal.jsonl` of the user's state folder ($CLI_STATE_DIR, else
 * $XDG_STATE_HOME/invoicing-cli, else ~/.local/state/invoicing-cli), mode 0600. Each line is appended by one write()
 * on a file opened with O_APPEND: the kernel puts every write at the end whole, so concurrent processes never mix
 * lines. No secret is written: the token and password in use are scrubbed, and fields named like secrets redacted.
 */
import {chmod, mkdir, open, readFile} from 'node:fs/promises'
import {homedir} from 'node:os'
import {join} from 'node:path'

import {scrubSecrets} from '../http/headers.js'
import type {Json} from '../plan/request.js'
import type {ChangeSource} from './change.js'

type JsonObject = {[key: string]: Json}

/** What the server answered: its status, or that the change may have taken effect (no answer). */
export interface Outcome {
  status?: number
  ok: boolean
  /** "may have taken effect": the request went, no answer came back. */
  note?: string
}

export interface JournalEntry {
  /** Short and unique: what `cli undo` and `cli history` name an entry by. */
  id: string
  time: string
  profile: string
  /** The base URL's host (and port): not the path, never credentials. */
  host: string
  source: ChangeSource
  family: string
  verb: string
  method: string
  path: string
  query: Array<[string, string]>
  body?: Json
  /** The records it names, and their numbers where known. */
  ids: string[]
  numbers: string[]
  amount?: number
  outcome: Outcome
  /** The saved plan it came from (apply, undo --save-plan then apply). */
  plan_sha256?: string
  /** For updates and deletes: each record as read right before the change, by id (secrets redacted). */
  before?: {[id: string]: JsonObject}
  /** Each record's `updated_at` in the answer: undo refuses when it changed since (unless --force). */
  after?: {[id: string]: Json}
  /** The undo entry this one undid, for an undo. */
  undoes?: string
}

/** The state folder: CLI_STATE_DIR, else XDG_STATE_HOME/invoicing-cli, else ~/.local/state/invoicing-cli. */
export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CLI_STATE_DIR) return env.CLI_STATE_DIR
  const base = env.XDG_STATE_HOME || join(env.HOME || homedir(), '.local', 'state')
  return join(base, 'invoicing-cli')
}

export const journalPath = (env: NodeJS.ProcessEnv = process.env): string => join(stateDir(env), 'journal.jsonl')

/** 10 hex characters (node:crypto loaded on first use: `cli history` and `undo` never need it). */
export const newEntryId = async (): Promise<string> => (await import('node:crypto')).randomBytes(5).toString('hex')

const SECRET_NAME = /password|secret|token|api_?key|private_?key|signature/i

/** A copy with the values of secret-named fields replaced (a contact's password, a gateway's keys). */
export function redacted(value: Json): Json {
  if (Array.isArray(value)) return value.map(redacted)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      SECRET_NAME.test(k) && typeof v === 'string' && v !== '' ? '[REDACTED]' : redacted(v),
    ]),
  )
}

/** Appends one entry: the folder made 0700 and the file 0600 if new, the line written by a single append. */
export async function appendEntry(
  entry: JournalEntry,
  secrets: {token?: string; password?: string},
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const dir = stateDir(env)
  await mkdir(dir, {recursive: true, mode: 0o700})
  const file = join(dir, 'journal.jsonl')
  const line = scrubSecrets(JSON.stringify(entry), secrets).replaceAll('\n', '\\n')
  const handle = await open(file, 'a', 0o600)
  try {
    // A file made before with a wider mode (or under another umask) is narrowed: it holds customers' records.
    if (((await handle.stat()).mode & 0o077) !== 0) await chmod(file, 0o600)
    await handle.write(`${line}\n`)
  } finally {
    await handle.close()
  }
}

/** Every entry, oldest first; a line that is not whole JSON (a write cut short by a crash) is left out. */
export async function readJournal(env: NodeJS.ProcessEnv = process.env): Promise<JournalEntry[]> {
  let text: string
  try {
    text = await readFile(journalPath(env), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const entries: JournalEntry[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    try {
      entries.push(JSON.parse(line) as JournalEntry)
    } catch {
      // Skipped: half a line.
    }
  }
  return entries
}

export interface JournalFilter {
  /** Entries at or after this time. */
  since?: Date
  family?: string
  /** The newest N. */
  limit?: number
}

/** The entries a filter keeps, newest first. */
export async function journalEntries(filter: JournalFilter = {}, env?: NodeJS.ProcessEnv): Promise<JournalEntry[]> {
  const kept = (await readJournal(env)).filter(
    (e) =>
      (!filter.since || Date.parse(e.time) >= filter.since.getTime()) && (!filter.family || e.family === filter.family),
  )
  kept.reverse()
  return filter.limit === undefined ? kept : kept.slice(0, filter.limit)
}
