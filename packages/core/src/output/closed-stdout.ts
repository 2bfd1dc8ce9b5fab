/**
 * A reader that stops early (`cli clients list --all -o ndjson | head -1`) closes the pipe: the
 * next write fails with EPIPE. That is not an error of the command: it ends at once, quietly,
 * with exit 0, as `yes | head -1` does. Exiting closes the sockets of requests still in flight,
 * so no further page is fetched. Any other failure to write stdout is one line and exit 1.
 */
import {ExitCode} from '../errors.js'
import {writesDirectly} from './std-streams.js'

let installed = false

/** What a failed write to standard output does, whichever way it was written (std-streams.ts). */
export function stdoutFailed(error: NodeJS.ErrnoException): never {
  if (error.code === 'EPIPE') process.exit(ExitCode.ok)
  process.stderr.write(`Error: cannot write to standard output (${error.code ?? error.message})\n`)
  process.exit(ExitCode.upstream)
}

// Before any other handler: oclif's own rethrows every error but EPIPE, which would end the run with a stack trace.
const handle = (stream: NodeJS.WriteStream): void => void stream.prependListener('error', stdoutFailed)

export function quitOnClosedStdout(): void {
  if (installed) return
  installed = true
  const original = Object.getOwnPropertyDescriptor(process, 'stdout')
  // Results written straight to the file (std-streams.ts): process.stdout is handled if and when something else
  // creates it (a plugin's console.log). Node defines it as a configurable getter, put back on its first read.
  if (!writesDirectly() || !original?.get || !original.configurable) return handle(process.stdout)
  Object.defineProperty(process, 'stdout', {
    ...original,
    get() {
      Object.defineProperty(process, 'stdout', original)
      handle(process.stdout)
      return process.stdout
    },
  })
}
