/** A SHA-256 hash with node:crypto loaded on first use: a command that hashes nothing never loads it (≈2.5 ms). */
import type {Hash} from 'node:crypto'

export async function sha256(): Promise<Hash> {
  const {createHash} = await import('node:crypto')
  return createHash('sha256')
}
