/**
 * One writer of the config file at a time: a lock file beside it, created with O_EXCL (`wx`).
 * The lock is held only for a read-modify-write (milliseconds, never across a network call), so
 * a lock older than STALE_MS was left by a process that died holding it and is taken over. An
 * interruption (Ctrl-C, SIGTERM, SIGHUP) removes it like any temporary file (../interrupt.ts).
 */
import {mkdir, open, rm, stat} from 'node:fs/promises'
import {setTimeout as sleep} from 'node:timers/promises'

import {CliError, ExitCode} from '../errors.js'
import {trackTempFile, untrackTempFile} from '../interrupt.js'

const WAIT_MS = 5000
const STALE_MS = 10_000

/** Runs `fn` holding the lock of the config file at `path`. */
export async function withFileLock<T>(path: string, dir: string, fn: () => Promise<T>): Promise<T> {
  await mkdir(dir, {recursive: true, mode: 0o700})
  const lock = `${path}.lock`
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    try {
      const handle = await open(lock, 'wx', 0o600)
      trackTempFile(lock)
      await handle.writeFile(`${process.pid}\n`).finally(() => handle.close())
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new CliError(`cannot lock ${path}: ${(error as Error).message}`, ExitCode.usage)
    }
    const held = await stat(lock).catch(() => undefined)
    if (held && Date.now() - held.mtimeMs > STALE_MS) {
      await rm(lock, {force: true})
      continue
    }
    if (Date.now() > deadline) {
      throw new CliError(
        `${path} is being changed by another cli (lock file ${lock}): try again, or remove the lock file if no ` +
          'other cli is running',
        ExitCode.usage,
      )
    }
    await sleep(20 + Math.random() * 30)
  }
  try {
    return await fn()
  } finally {
    await rm(lock, {force: true})
    untrackTempFile(lock)
  }
}
