/**
 * One family into DIR/<family>.ndjson, one record a line. A whole fetch streams the pages into a temporary file renamed
 * into place; a fetch of changes writes them to a side file, keeping only their ids in memory, then writes the new file
 * from the old one line by line, leaving out the records that changed, and appends the changes. Memory stays bounded:
 * a few pages and the set of changed ids.
 */
import {createWriteStream} from 'node:fs'
import {rm} from 'node:fs/promises'

import {
  ALL_PER_PAGE,
  CliError,
  clientPaging,
  ExitCode,
  fetchPages,
  headerValue,
  type HttpClient,
  type HttpResponse,
  trackTempFile,
  untrackTempFile,
  writeFileHashed,
} from '@invoicing-cli/core/internal'

import {fileLines, insidePath} from '../files.js'
import {boundaryCheck, ShiftedListing} from './boundary.js'
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

/** Reads of a family whose listing shifted under it (a purge between two pages) before the run gives up. */
const READS = 3

/** What the listing gave: records, the newest updated_at, the Date of the first answer, the server's count. */
interface Listed {
  received: number
  newest?: number
  serverTime?: number
  /** How many records the server's last page said the listing holds. */
  total?: number
}

async function list(client: HttpClient, bf: BackupFamily, since: number | undefined, put: Line): Promise<Listed> {
  const listed: Listed = {received: 0}
  const onAnswer = (res: HttpResponse) => {
    const date = Date.parse(String(headerValue(res.headers, 'date') ?? ''))
    if (listed.serverTime === undefined && !Number.isNaN(date)) listed.serverTime = Math.floor(date / 1000)
  }
  const {fetchPage, options} = clientPaging(client, onAnswer)
  const request = backupRequest(bf.family, since)
  const sorted = request.query.some(([k, v]) => k === 'sort' && v === 'id|asc')
  const boundary = sorted ? boundaryCheck(client, request, ALL_PER_PAGE) : undefined
  const summary = await fetchPages(
    request,
    {
      ...options,
      startPage: 1,
      cap: NO_CAP,
      onRecords: async (records) => {
        await boundary?.(records)
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
  const total = Number(summary.lastPagination?.total)
  return Number.isFinite(total) ? {...listed, total} : listed
}

/** Runs `read` (a listing of the family and what it writes), again from the start when a purge shifted it. */
async function readWhole<T>(bf: BackupFamily, read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read()
    } catch (error) {
      if (!(error instanceof ShiftedListing)) throw error
      if (attempt >= READS)
        throw new CliError(
          `${bf.family.word}: records were purged on the server while the backup read them, ${READS} times: ` +
            'nothing of this family was written; run the backup again',
          ExitCode.incomplete,
        )
    }
  }
}

/** The server counted more records than were read: named in the manifest, and the run exits 5. */
const shortOf = (listed: Listed) =>
  listed.total !== undefined && listed.received < listed.total
    ? {short: {received: listed.received, total: listed.total}}
    : {}

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
  const path = await insidePath(dir, file)
  const fetched_at = new Date().toISOString()
  if (since === undefined) {
    let listed: Listed = {received: 0}
    // A listing that shifted leaves nothing: the temporary file is removed, and the family read again.
    const written = await readWhole(bf, () =>
      writeLines(path, async (put) => {
        listed = await list(client, bf, undefined, put)
      }),
    )
    const short = shortOf(listed)
    // A family read short is fetched whole again next time.
    const cursor = short.short ? null : nextCursor(listed, null)
    return {file, ...written, cursor, fetched_at, fetched: 'whole', received: listed.received, ...short}
  }
  // The changes go to a side file first: only their ids are kept in memory. Removed on Ctrl-C or SIGTERM like any
  // temporary file, and after a failure: a rerun starts from the same cursor.
  const side = await insidePath(dir, `.${file}.changes`)
  trackTempFile(side)
  try {
    const {listed, changed} = await listToSide(client, bf, since, side)
    const short = shortOf(listed)
    // Read short: the next run asks again from the same cursor.
    const cursor = short.short ? (previous?.cursor ?? null) : nextCursor(listed, previous?.cursor ?? null)
    // Nothing changed: the file the manifest describes stays as it is.
    if (changed.size === 0 && previous) {
      const {short: _old, ...kept} = previous
      return {...kept, cursor, fetched_at, fetched: 'changes', received: listed.received, ...short}
    }
    const written = await writeLines(path, async (put) => {
      for await (const line of fileLines(path)) if (!changed.has(idOf(line))) await put(line)
      for await (const line of fileLines(side)) await put(line)
    })
    return {file, ...written, cursor, fetched_at, fetched: 'changes', received: listed.received, ...short}
  } finally {
    await rm(side, {force: true})
    untrackTempFile(side)
  }
}

/** The records changed since `since`, one a line into `side` (read again whole if the listing shifted); their ids. */
async function listToSide(client: HttpClient, bf: BackupFamily, since: number, side: string) {
  const changed = new Set<unknown>()
  const listed = await readWhole(bf, async () => {
    changed.clear()
    // Created exclusively: what a run left behind is removed first (a link itself, never its target).
    await rm(side, {force: true})
    const out = createWriteStream(side, {flags: 'wx'})
    try {
      return await list(client, bf, since, async (line) => {
        changed.add(idOf(line))
        if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
      })
    } finally {
      await new Promise<void>((resolve) => out.end(() => resolve()))
    }
  })
  return {listed, changed}
}
