/**
 * One family into DIR/<family>.ndjson, one record a line. A whole fetch streams the pages into a temporary file renamed
 * into place; a fetch of changes writes them to a side file, keeping only their ids in memory, then writes the new file
 * from the old one line by line, leaving out the records that changed, and appends the changes. Memory stays bounded:
 * a few pages and the set of changed ids.
 */
import {createWriteStream} from 'node:fs'
import {rm} from 'node:fs/promises'
import {join} from 'node:path'

import {
  clientPaging,
  fetchPages,
  headerValue,
  type HttpClient,
  type HttpResponse,
  trackTempFile,
  untrackTempFile,
  writeFileHashed,
} from '@invoicing-cli/core/internal'

import {fileLines} from '../files.js'
import {backupRequest, type BackupFamily} from './families.js'
import type {FamilyEntry} from './manifest.js'

/**
 * How far before the server's clock at the first page the next run starts: a record saved while this run read it
 * (after its page went out) is fetched again next time. The server's own clock (its Date header), so the CLI's
 * machine's clock does not matter.
 */
const CURSOR_MARGIN_S = 60
/** No page cap: a backup is of every record (pages of 2,500 stay within the hosted rate limit). */
const NO_CAP = Number.MAX_SAFE_INTEGER

type Line = (line: string) => Promise<void>

/** What the listing gave: records, the newest updated_at among them, the Date of the first answer. */
interface Listed {
  received: number
  newest?: number
  serverTime?: number
}

async function list(client: HttpClient, bf: BackupFamily, since: number | undefined, put: Line): Promise<Listed> {
  const listed: Listed = {received: 0}
  const onAnswer = (res: HttpResponse) => {
    const date = Date.parse(String(headerValue(res.headers, 'date') ?? ''))
    if (listed.serverTime === undefined && !Number.isNaN(date)) listed.serverTime = Math.floor(date / 1000)
  }
  const {fetchPage, options} = clientPaging(client, onAnswer)
  await fetchPages(
    backupRequest(bf.family, since),
    {
      ...options,
      startPage: 1,
      cap: NO_CAP,
      onRecords: async (records) => {
        for (const record of records) {
          const updated = Number((record as {updated_at?: unknown}).updated_at)
          if (Number.isFinite(updated)) listed.newest = Math.max(listed.newest ?? updated, updated)
          await put(JSON.stringify(record))
        }
        listed.received += records.length
      },
    },
    fetchPage,
  )
  return listed
}

/** The cursor of the next run: the server's time at the first page less the margin, else the newest record's. */
function nextCursor(listed: Listed, previous: number | null): number | null {
  if (listed.serverTime !== undefined) return listed.serverTime - CURSOR_MARGIN_S
  return listed.newest ?? previous
}

/** Writes lines into a file atomically, counting and hashing them. */
async function writeLines(path: string, fill: (put: Line) => Promise<void>): Promise<{count: number; sha256: string}> {
  let count = 0
  const {sha256} = await writeFileHashed(path, true, async (write) => {
    // Lines are written in chunks of about WRITE_CHUNK bytes: one write a line would be a system call a record.
    let pending: string[] = []
    let size = 0
    const flush = async () => {
      const bytes = Buffer.from(pending.join(''))
      pending = []
      size = 0
      await write(bytes)
    }
    await fill(async (line) => {
      pending.push(`${line}\n`)
      size += line.length + 1
      count++
      if (size >= WRITE_CHUNK) await flush()
    })
    if (pending.length > 0) await flush()
  })
  return {count, sha256}
}

const WRITE_CHUNK = 256 * 1024

const idOf = (line: string): unknown => (JSON.parse(line) as {id?: unknown}).id

/**
 * Fetches the family: whole when `since` is undefined, else the records changed on or after it, merged by id into the
 * file the manifest describes.
 */
export async function fetchFamily(
  client: HttpClient,
  dir: string,
  bf: BackupFamily,
  since: number | undefined,
  previous: FamilyEntry | undefined,
): Promise<FamilyEntry> {
  const file = `${bf.family.word}.ndjson`
  const path = join(dir, file)
  const fetched_at = new Date().toISOString()
  if (since === undefined) {
    let listed: Listed = {received: 0}
    const written = await writeLines(path, async (put) => {
      listed = await list(client, bf, undefined, put)
    })
    return {file, ...written, cursor: nextCursor(listed, null), fetched_at, fetched: 'whole', received: listed.received}
  }
  // The changes go to a side file first: only their ids are kept in memory. Removed on Ctrl-C or SIGTERM like any
  // temporary file, and after a failure: a rerun starts from the same cursor.
  const side = join(dir, `.${file}.changes`)
  trackTempFile(side)
  try {
    const {listed, changed} = await listToSide(client, bf, since, side)
    const cursor = nextCursor(listed, previous?.cursor ?? null)
    // Nothing changed: the file the manifest describes stays as it is.
    if (changed.size === 0 && previous)
      return {...previous, cursor, fetched_at, fetched: 'changes', received: listed.received}
    const written = await writeLines(path, async (put) => {
      for await (const line of fileLines(path)) if (!changed.has(idOf(line))) await put(line)
      for await (const line of fileLines(side)) await put(line)
    })
    return {file, ...written, cursor, fetched_at, fetched: 'changes', received: listed.received}
  } finally {
    await rm(side, {force: true})
    untrackTempFile(side)
  }
}

/** The records changed since `since`, one a line into `side`; their ids. */
async function listToSide(client: HttpClient, bf: BackupFamily, since: number, side: string) {
  const changed = new Set<unknown>()
  const out = createWriteStream(side)
  try {
    const listed = await list(client, bf, since, async (line) => {
      changed.add(idOf(line))
      if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
    })
    return {listed, changed}
  } finally {
    await new Promise<void>((resolve) => out.end(() => resolve()))
  }
}
