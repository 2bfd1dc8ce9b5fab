/**
 * One writer of the config file at a time: a lock file beside it, created with O_EXCL (`wx`).
 * The lock is held only for a read-modify-write (milliseconds, never across a network call), so
 * a lock older than STALE_MS was left by a process that died holding it and is taken over. Several
 * processes may find it stale at once: only the one holding the takeover guard (`.lock.takeover`, also
 * O_EXCL) removes it, after looking again, so that none removes the fresh lock another just took. An
 * interruption (Ctrl-C, SIGTERM, SIGHUP) removes it like any temporary file (../interrupt.ts).
 */
import {mkdir, open, rm, stat} from 'node:fs/promises'
import {setTimeout as sleep} from 'node:timers/promises'

import {CliError, ExitCode} from '../errors.js'
import {trackTempFile, untrackTempFile} from '../interrupt.js'

const WAIT_MS = 5000
const STALE_MS = 10_000

/** Creates `file` with O_EXCL holding this process's id: false when it exists. Nothing is left on a failure. */
async function createExclusive(file: string, path: string): Promise<boolean> {
  let handle
  try {
    handle = await open(file, 'wx', 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw new CliError(`cannot lock ${path}: ${(error as Error).message}`, ExitCode.usage)
  }
  trackTempFile(file)
  try {
    await handle.writeFile(`${process.pid}\n`).finally(() => handle.close())
  } catch (error) {
    // A full disk (ENOSPC): the lock is not left behind.
    await rm(file, {force: true})
    untrackTempFile(file)
    throw new CliError(`cannot lock ${path}: ${(error as Error).message}`, ExitCode.usage)
  }
  return true
}

const isStale = async (file: string): Promise<boolean> => {
  const held = await stat(file).catch(() => undefined)
  return held !== undefined && Date.now() - held.mtimeMs > STALE_MS
}

/**
 * Removes a stale lock under the takeover guard, after looking again: another process may have removed it and
 * taken a fresh one meanwhile. A guard itself left stale (its holder died within milliseconds) is removed.
 */
async function takeOver(lock: string, path: string): Promise<void> {
  const guard = `${lock}.takeover`
  if (!(await createExclusive(guard, path))) {
    if (await isStale(guard)) await rm(guard, {force: true})
    else await sleep(5 + Math.random() * 10)
    return
  }
  try {
    if (await isStale(lock)) await rm(lock, {force: true})
  } finally {
    await rm(guard, {force: true})
    untrackTempFile(guard)
  }
}

/** Runs `fn` holding the lock of the config file at `path`. */
export async function withFileLock<T>(path: string, dir: string, fn: () => Promise<T>): Promise<T> {
  await mkdir(dir, {recursive: true, mode: 0o700})
  const lock = `${path}.lock`
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    if (await createExclusive(lock, path)) break
    if (await isStale(lock)) {
      await takeOver(lock, path)
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
