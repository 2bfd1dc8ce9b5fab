/**
 * Files the user names as input (--data-file, --file): read problems are usage errors, found before anything is sent.
 */
import {open} from 'node:fs/promises'

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
