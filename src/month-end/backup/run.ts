/**
 * A backup run: every family in turn into the folder, the manifest rewritten after each (so an interrupted run goes on
 * with the families it had not finished), then with --documents the documents' files.
 */
import {mkdir, stat} from 'node:fs/promises'

import {
  CliError,
  errorLabel,
  ExitCode,
  family,
  type HttpClient,
  stderrProgress,
  routes,
  safeFileName,
  usageError,
  warningLabel,
  writeErr,
} from '@invoicing-cli/core/internal'

import {downloadAll, type WantedFile} from '../downloads.js'
import {fileLines, sha256File} from '../files.js'
import {backupFamilies, skippedFamilies} from './families.js'
import {fetchFamily} from './family-fetch.js'
import {
  type FamilyEntry,
  type Manifest,
  MANIFEST_FORMAT,
  readManifest,
  shortFamilies,
  writeManifest,
} from './manifest.js'

export interface BackupOptions {
  dir: string
  /** The server root the records come from (recorded; another one's backup is not merged into). */
  server: string
  /** Fetch every family whole, whatever the cursors (records purged upstream then leave the files too). */
  full: boolean
  documents: boolean
}

export interface BackupResult {
  dir: string
  families: Record<string, FamilyEntry>
  /** Families this run skipped because an interrupted run had finished them. */
  resumed: string[]
  files: {saved: number; kept: number; failed: string[]}
}

async function prepare(opts: BackupOptions): Promise<Manifest> {
  const info = await stat(opts.dir).catch(() => undefined)
  if (info && !info.isDirectory()) throw usageError(`--dir ${opts.dir} is not a folder`)
  await mkdir(opts.dir, {recursive: true})
  const found = await readManifest(opts.dir)
  if (found && found.format !== MANIFEST_FORMAT)
    throw usageError(`${opts.dir}/manifest.json is not a backup manifest this CLI writes: give another --dir`)
  if (found && found.server !== opts.server)
    throw usageError(
      `${opts.dir} holds a backup of ${found.server}, not of ${opts.server}: give another --dir for this server`,
    )
  return found ?? {format: MANIFEST_FORMAT, server: opts.server, families: {}, skipped: {}, files: {}}
}

/** Where the family starts: changes since its cursor when its file is the one the manifest describes, else whole. */
async function startFrom(opts: BackupOptions, entry: FamilyEntry | undefined, merges: boolean) {
  if (opts.full || !merges || !entry || entry.cursor === null) return undefined
  if ((await sha256File(`${opts.dir}/${entry.file}`)) === entry.sha256) return entry.cursor
  writeErr(`${warningLabel()} ${entry.file} is missing or changed since the last backup: fetching it whole`)
  return undefined
}

export async function runBackup(client: HttpClient, opts: BackupOptions): Promise<BackupResult> {
  const manifest = await prepare(opts)
  manifest.skipped = skippedFamilies()
  manifest.unfinished ??= {started_at: new Date().toISOString(), done: []}
  delete manifest.finished_at
  const resumed = [...manifest.unfinished.done]
  const progress = stderrProgress()
  try {
    for (const bf of backupFamilies()) {
      const word = bf.family.word
      if (manifest.unfinished.done.includes(word)) continue
      progress.update(`backup: ${word}…`)
      const previous = manifest.families[word]
      manifest.families[word] = await fetchFamily(
        client,
        opts.dir,
        bf,
        await startFrom(opts, previous, bf.merges),
        previous,
      )
      manifest.unfinished.done.push(word)
      await writeManifest(opts.dir, manifest)
    }
    if (opts.documents) progress.update('backup: the files of documents…')
    const files = opts.documents ? await saveDocuments(client, opts.dir, manifest) : {saved: 0, kept: 0, failed: []}
    delete manifest.unfinished
    manifest.finished_at = new Date().toISOString()
    await writeManifest(opts.dir, manifest)
    return {dir: opts.dir, families: manifest.families, resumed, files}
  } finally {
    progress.done()
  }
}

/** The documents' own files, as documents/<id>/<name>; one unchanged since it was saved is not fetched again. */
async function saveDocuments(client: HttpClient, dir: string, manifest: Manifest) {
  const entry = manifest.families.documents
  if (!entry) return {saved: 0, kept: 0, failed: []}
  const documents = family('documents')
  const previous = manifest.files
  const wanted = async function* (): AsyncGenerator<WantedFile & {updated: number | null}> {
    for await (const line of fileLines(`${dir}/${entry.file}`)) {
      const doc = JSON.parse(line) as {id: string; name?: string; updated_at?: number; is_deleted?: boolean}
      // A deleted document's file is gone from the server's point of view: its record stays in documents.ndjson.
      if (doc.is_deleted === true) continue
      const file = `documents/${safeFileName(doc.id, 'document')}/${safeFileName(doc.name, 'file')}`
      const updated = typeof doc.updated_at === 'number' ? doc.updated_at : null
      const known = previous[file]?.updated_at === updated ? previous[file]?.sha256 : undefined
      yield {
        file,
        request: routes.downloadRequest(documents, doc.id),
        expect: 'any',
        known,
        label: `document ${doc.id}`,
        updated,
      }
    }
  }
  const list: Array<WantedFile & {updated: number | null}> = []
  for await (const want of wanted()) list.push(want)
  const outcome = await downloadAll(client, dir, list)
  const files: Manifest['files'] = {}
  for (const f of outcome.kept) files[f.file] = previous[f.file]
  for (const f of outcome.saved) files[f.file] = {sha256: f.sha256, bytes: f.bytes, updated_at: f.updated}
  // A file that failed is left out: the next run fetches it again.
  manifest.files = files
  return {saved: outcome.saved.length, kept: outcome.kept.length, failed: outcome.failed.map((f) => f.file)}
}

/** A run with files that failed, or a family read short, is incomplete: exit 5 once everything else is saved. */
export function incompleteError(result: BackupResult): CliError | undefined {
  const short = shortFamilies(result.families)
  for (const line of short) writeErr(`${errorLabel()} ${line} (the server counts more)`)
  const n = result.files.failed.length
  if (n === 0 && short.length === 0) return undefined
  const parts = [
    ...(n > 0 ? [`${n} document file${n === 1 ? ' was' : 's were'} not saved`] : []),
    ...(short.length > 0 ? [`${short.length} famil${short.length === 1 ? 'y was' : 'ies were'} read short`] : []),
  ]
  return new CliError(
    `incomplete: ${parts.join(', ')} (named above): run the backup again to fetch them`,
    ExitCode.incomplete,
  )
}
