import {CliError, ExitCode, readAllStdin, usageError} from '@invoicing-cli/core/internal'

/** No token is this long; a longer input (`</dev/zero`) is refused rather than read without end. */
const MAX_SECRET_BYTES = 64 * 1024
const TOO_LONG = 'standard input holds more than 64 KB: pipe only the token (printf %s "$TOKEN" | cli auth login)'

/** Reads a secret: a prompt with no echo on a terminal, else all of standard input (at most 64 KB). */
export async function readSecret(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) return readAllStdin('standard input', MAX_SECRET_BYTES, TOO_LONG)
  process.stderr.write(prompt)
  const stdin = process.stdin
  stdin.setRawMode(true)
  stdin.resume()
  stdin.setEncoding('utf8')
  return new Promise((resolve, reject) => {
    let value = ''
    const onData = (chunk: string): void => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return done()
        if (ch === '\u0003') return done(new CliError('interrupted (Ctrl-C)', ExitCode.interrupted))
        if (ch === '\u007F') value = value.slice(0, -1)
        else value += ch
        if (value.length > MAX_SECRET_BYTES)
          return done(usageError(TOO_LONG.replace('standard input holds', 'the pasted token is')))
      }
    }
    const done = (error?: Error): void => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      process.stderr.write('\n')
      if (error) reject(error)
      else resolve(value)
    }
    stdin.on('data', onData)
  })
}
