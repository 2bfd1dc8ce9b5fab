/**
 * Ctrl-C: stop at once with exit 130, leaving no partial output file. Waiting for in-flight work
 * to unwind could take up to a timeout; removing the temporary files synchronously and exiting
 * is prompt and leaves nothing behind (an upload or a change in flight is cut like any broken
 * connection).
 */
import {rmSync} from 'node:fs'

import {ExitCode} from './errors.js'

const tempFiles = new Set<string>()

/** A temporary file that must not outlive an interruption; untrack it once renamed or removed. */
export const trackTempFile = (path: string): void => void tempFiles.add(path)
export const untrackTempFile = (path: string): void => void tempFiles.delete(path)

/** Installs the SIGINT handler; `report` says what happened. Returns the uninstaller. */
export function exitOnInterrupt(report: () => void): () => void {
  const handler = (): void => {
    for (const path of tempFiles) rmSync(path, {force: true})
    report()
    process.exit(ExitCode.interrupted)
  }
  process.on('SIGINT', handler)
  return () => process.off('SIGINT', handler)
}
