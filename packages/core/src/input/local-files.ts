/**
 * Files the user names as input (--data-file, --file): read problems are usage errors, found before anything is sent.
 */
import {open, stat} from 'node:fs/promises'

import {usageError} from '../errors.js'

/** Why a file could not be read, in words: `no such file`, `permission denied`, ... */
export function readProblem(error: unknown): string {
  const e = error as NodeJS.ErrnoException
  switch (e.code) {
    case 'ENOENT':
      return 'no such file'
    case 'EISDIR':
      return 'is a folder'
    case 'EACCES':
    case 'EPERM':
      return 'cannot be read (permission denied): check its mode'
    default:
      return `cannot be read (${e.code ?? e.message})`
  }
}

/**
 * Proves a file can be read by reading its first byte: a file that cannot (no permission, an
 * I/O error) would otherwise fail halfway through an upload, which then may have taken effect.
 */
export async function checkReadable(path: string, what: string): Promise<void> {
  try {
    const handle = await open(path, 'r')
    try {
      await handle.read(Buffer.alloc(1), 0, 1, 0)
    } finally {
      await handle.close()
    }
  } catch (error) {
    throw usageError(`${what} ${path}: ${readProblem(error)}`)
  }
}

/** The upstream's limit per uploaded file: about 100 MB (FACTS.md), taken as 100 × 1024 × 1024 bytes. */
export const UPLOAD_MAX_BYTES = 100 * 1024 * 1024

/**
 * A file to upload, checked before anything is read or sent: it exists, is a regular file (a pipe or FIFO
 * would be read empty the second time, or block), can be read, and is within the upload limit. Its size.
 */
export async function checkUploadFile(path: string, what: string): Promise<number> {
  if (path === '') throw usageError(`${what} must not be empty: give a file path`)
  const info = await stat(path).catch((error: unknown) => {
    throw usageError(`${what} ${path}: ${readProblem(error)}`)
  })
  if (!info.isFile())
    throw usageError(`${what} ${path} is not a regular file (a pipe, a FIFO or a device): save it to a file first`)
  await checkReadable(path, what)
  if (info.size > UPLOAD_MAX_BYTES) {
    throw usageError(
      `${what} ${path} is ${info.size} bytes: the upstream takes files up to about 100 MB (${UPLOAD_MAX_BYTES} bytes)`,
    )
  }
  return info.size
}
