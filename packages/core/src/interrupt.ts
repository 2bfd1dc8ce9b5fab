/**
 * Ctrl-C (SIGINT), SIGTERM (a cron job's timeout, `kill`, a CI runner cancelling) and SIGHUP (the
 * terminal went away: ssh dropped, the window closed): stop at once with 128 + the signal's
 * number (130, 143, 129), leaving no partial output file. Waiting for
 * in-flight work to unwind could take up to a timeout; removing the temporary files
 * synchronously and exiting is prompt and leaves nothing behind (an upload or a change in flight
 * is cut like any broken connection).
 */
import {closeSync, constants, openSync, rmSync, statSync} from 'node:fs'

import {CliError, ExitCode, type ExitCodeValue} from './errors.js'

const tempFiles = new Set<string>()

/** A temporary file that must not outlive an interruption; untrack it once renamed or removed. */
export const trackTempFile = (path: string): void => void tempFiles.add(path)
export const untrackTempFile = (path: string): void => void tempFiles.delete(path)

const opening = new Set<string>()

/**
 * A file being opened for reading that may be a FIFO: its open blocks a worker thread until someone writes, and
 * Node's exit waits for that thread. On a signal the CLI opens the FIFO for writing itself (without blocking),
 * which lets the open return, so the exit is prompt. Untrack it once open.
 */
export const trackOpening = (path: string): void => void opening.add(path)
export const untrackOpening = (path: string): void => void opening.delete(path)

/** Lets a blocked open of a tracked FIFO return: a writer comes and goes at once. */
function releaseOpenings(): void {
  for (const path of opening) {
    try {
      if (statSync(path).isFIFO()) closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK))
    } catch {
      // Not a FIFO any more, or no reader left: nothing is blocked on it.
    }
  }
}

const SIGNALS: ReadonlyArray<readonly [NodeJS.Signals, string, ExitCodeValue]> = [
  ['SIGINT', 'interrupted (Ctrl-C)', ExitCode.interrupted],
  ['SIGTERM', 'terminated (SIGTERM)', ExitCode.terminated],
  ['SIGHUP', 'hung up (SIGHUP: the terminal went away)', ExitCode.hangup],
]

/** Installs the handlers; `report` says what happened. Returns the uninstaller. */
export function exitOnInterrupt(report: (error: CliError) => void): () => void {
  const handlers = SIGNALS.map(([signal, message, code]) => {
    const handler = (): void => {
      for (const path of tempFiles) rmSync(path, {force: true})
      releaseOpenings()
      report(new CliError(message, code))
      process.exit(code)
    }
    process.on(signal, handler)
    return [signal, handler] as const
  })
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler)
  }
}
