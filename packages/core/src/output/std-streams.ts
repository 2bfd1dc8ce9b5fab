/**
 * Standard output and error as descriptors, asked without creating process.stdout or process.stderr
 * where that is known: creating one loads node:stream (a pipe: node:net too), ≈2 ms of a start
 * (bench/RESULTS.md).
 *  - When stdout is a file or /dev/null (`cli … > out.json`, the benchmark's children), Node's
 *    process.stdout is a SyncWriteStream, which does nothing but fs.writeSync. The fast path
 *    (src/fast/run.ts), where nothing has touched process.stdout yet, turns on writing it so
 *    directly: the same bytes, in the same order, at the same moment. Terminals, pipes and
 *    sockets, and every run through oclif (whose tests capture process.stdout.write), keep
 *    process.stdout.
 *  - A descriptor that is no character device, or is /dev/null, is no terminal: the progress line
 *    asks that before it creates process.stderr.
 */
import {fstatSync, statSync, writeSync} from 'node:fs'

/** What the output code asks of standard output besides writing to it. */
export interface StdoutFacts {
  readonly isTTY?: boolean
  readonly columns?: number
}

const FILE: StdoutFacts = {isTTY: false}

let direct = false
let devNull: number | undefined

/** Whether the descriptor is a regular file or /dev/null, and so surely no terminal; false when unknown. */
function fileOrDevNull(fd: number): boolean {
  if (process.platform === 'win32') return false
  try {
    const info = fstatSync(fd)
    return info.isFile() || (info.isCharacterDevice() && info.rdev === (devNull ??= statSync('/dev/null').rdev))
  } catch {
    return false
  }
}

const noTerminal = new Map<number, boolean>()

/**
 * Whether the descriptor is surely no terminal (a file, /dev/null, a pipe, a socket), known without its stream; asked
 * once a run (every request's progress line asks).
 */
export function surelyNoTerminal(fd: 1 | 2): boolean {
  if (!noTerminal.has(fd)) noTerminal.set(fd, notTerminal(fd))
  return noTerminal.get(fd)!
}

function notTerminal(fd: number): boolean {
  if (process.platform === 'win32') return false
  try {
    return !fstatSync(fd).isCharacterDevice() || fileOrDevNull(fd)
  } catch {
    return false
  }
}

/** Writes results straight to descriptor 1 from now on when it is a regular file or /dev/null. */
export function writeFilesDirectly(): void {
  direct = fileOrDevNull(1)
}

/** Results through process.stdout from now on, whatever it is: the MCP server captures them there. */
export function writeThroughStdout(): void {
  direct = false
}

/** Whether results go straight to the file (writeDirect) rather than through process.stdout. */
export const writesDirectly = (): boolean => direct

/** Standard output's terminal facts, without creating process.stdout when it is a file. */
export const stdoutFacts = (): StdoutFacts => (direct ? FILE : process.stdout)

/** Every byte written to the file at once; a failure is thrown as the stream would have emitted it. */
export function writeDirect(data: string | Uint8Array): void {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data
  for (let done = 0; done < bytes.length;) done += writeSync(1, bytes, done)
}
