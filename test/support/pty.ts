/**
 * Runs the real bin/run.js on a pseudo-terminal (`script -qec`, util-linux): stdout and stderr are
 * a TTY as on an operator's screen, and what the terminal would receive comes back as `output`
 * (stdout and stderr interleaved, newlines as the terminal driver turns them into CRLF).
 */
import {spawn} from 'node:child_process'

import {baseEnv, BIN, makeHome, ROOT} from './cli.js'

const quote = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`

export function runInPty(args: string[], env: Record<string, string> = {}, home?: string): Promise<{code: number | null; output: string}> {
  const temp = home ? undefined : makeHome()
  const command = [process.execPath, BIN, ...args].map((a) => quote(a)).join(' ')
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    cwd: ROOT,
    env: {...baseEnv(home ?? temp!.home), TERM: 'xterm-256color', ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const out: Buffer[] = []
  child.stdout.on('data', (c: Buffer) => out.push(c))
  child.stderr.on('data', (c: Buffer) => out.push(c))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      temp?.cleanup()
      resolve({code, output: Buffer.concat(out).toString('utf8')})
    })
  })
}
