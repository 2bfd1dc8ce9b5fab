/**
 * manifest.json of a backup folder: per family its file, record count, SHA-256, the `updated_at` cursor the next run
 * starts from, and when it was fetched; the documents' files when --documents saved them; and, while a run is under
 * way, which families it has finished (so that an interrupted run goes on where it stopped).
 */
import {join} from 'node:path'

import {insidePath, readJsonFile, writeJsonFile} from '../files.js'

export const MANIFEST = 'manifest.json'
export const MANIFEST_FORMAT = 1

export interface FamilyEntry {
  file: string
  count: number
  sha256: string
  /** Unix seconds: the next run asks for records changed on or after it (null: fetch the family whole). */
  cursor: number | null
  /** ISO 8601: when this run fetched the family. */
  fetched_at: string
  /** How: the whole family, or the records changed since the cursor merged into the file. */
  fetched: 'whole' | 'changes'
  /** Records the last fetch received. */
  received: number
  /** Fewer records read than the server counted (the run exited 5; the next one reads them again). */
  short?: {received: number; total: number}
}

export interface FileEntry {
  sha256: string
  bytes: number
  /** The document's updated_at when its file was saved: a later change fetches the file again. */
  updated_at: number | null
}

export interface Manifest {
  format: number
  /** The server the records came from: a later run against another one is refused. */
  server: string
  families: Record<string, FamilyEntry>
  /** Families not backed up, and why. */
  skipped: Record<string, string>
  /** Files saved by --documents, by path in the folder (documents/<id>/<name>). */
  files: Record<string, FileEntry>
  /** Set while a run is under way: the families it has finished (a rerun skips them). */
  unfinished?: {started_at: string; done: string[]}
  finished_at?: string
}

export const manifestPath = (dir: string): string => join(dir, MANIFEST)

export const readManifest = (dir: string): Promise<Manifest | undefined> => readJsonFile<Manifest>(manifestPath(dir))

export const writeManifest = async (dir: string, manifest: Manifest): Promise<void> =>
  writeJsonFile(await insidePath(dir, MANIFEST), manifest)

/** Families read short of the server's count, as one line each: `invoices: 99 of 100 records read`. */
export const shortFamilies = (families: Record<string, FamilyEntry>): string[] =>
  Object.entries(families).flatMap(([word, entry]) =>
    entry.short ? [`${word}: ${entry.short.received} of ${entry.short.total} records read`] : [],
  )
