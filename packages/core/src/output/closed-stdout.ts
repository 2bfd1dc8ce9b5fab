/**
 * A reader that stops early (`cli clients list --all -o ndjson | head -1`) closes the pipe: the
 * next write fails with EPIPE. That is not an error of the command: it ends at once, quietly,
 * with exit 0, as `yes | head -1` does. Exiting closes the sockets of requests still in flight,
 * so no further page is fetched. Any other failure to write stdout is one line and exit 1.
 */
import {ExitCode} from '../errors.js'

let installed = false

export function quitOnClosedStdout(): void {
  if (installed) return
  installed = true
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(ExitCode.ok)
    process.stderr.write(`Error: cannot write to standard output (${error.code ?? error.message})\n`)
    process.exit(ExitCode.upstream)
  })
}
