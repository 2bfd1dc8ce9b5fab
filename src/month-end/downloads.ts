/**
 * Files fetched a few at a time into a folder: each skipped when it is already there with the hash the manifest
 * knows, else downloaded through the client (its retries honour a 429's Retry-After), checked to be the file asked
 * for and written atomically. A failure is named on stderr and counted, never a silent gap: the caller exits non-zero.
 */
import {
  errorLabel,
  type FileKind,
  type HttpClient,
  type RequestSpec,
  type SavedFile,
  saveDownload,
  toCliError,
  writeErr,
} from '@invoicing-cli/core/internal'

import {eachAtOnce, insidePath, sha256File} from './files.js'

/** Downloads at once: well within the hosted server's 500 requests a minute, and a 429 shrinks nothing further. */
export const DOWNLOAD_WINDOW = 4

export interface WantedFile {
  /** Path inside the folder: `invoices/Invoice_0001.pdf`. */
  file: string
  request: RequestSpec
  expect: FileKind
  /** The SHA-256 it had when last saved: a file still so is not fetched again. */
  known?: string
  /** What it is, for the line that names a failure: `invoice 0001 (Acme Ltd)`. */
  label: string
}

export interface DownloadOutcome<T extends WantedFile = WantedFile> {
  saved: Array<T & {sha256: string; bytes: number}>
  kept: Array<T & {sha256: string}>
  failed: Array<T & {error: string}>
}

/** Fetches every wanted file into `dir`, DOWNLOAD_WINDOW at a time. */
export async function downloadAll<T extends WantedFile>(
  client: HttpClient,
  dir: string,
  wanted: Iterable<T>,
): Promise<DownloadOutcome<T>> {
  const outcome: DownloadOutcome<T> = {saved: [], kept: [], failed: []}
  await eachAtOnce(wanted, DOWNLOAD_WINDOW, async (want) => {
    try {
      const path = await insidePath(dir, want.file)
      if (want.known !== undefined && (await sha256File(path)) === want.known) {
        outcome.kept.push({...want, sha256: want.known})
        return
      }
      const saved: SavedFile = await saveDownload(client, want.request, want.expect, {
        target: async () => path,
        force: true,
        // What a month-end folder files as a PDF is one: an empty or HTML answer typed application/pdf is not.
        bySignature: true,
      })
      outcome.saved.push({...want, sha256: saved.sha256, bytes: saved.bytes})
    } catch (error) {
      const message = toCliError(error as Error).message
      writeErr(`${errorLabel()} ${want.label}: ${want.file} was not saved: ${message}`)
      outcome.failed.push({...want, error: message})
    }
  })
  return outcome
}
