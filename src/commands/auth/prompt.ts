import {CliError, ExitCode, readAllStdin} from '@invoicing-cli/core'

/** Reads a secret: a prompt with no echo on a terminal, else all of standard input. */
export async function readSecret(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) return readAllStdin()
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
