/**
 * Runs the real bin/run.js on a real pseudo-terminal (util-linux `script`), `cols` columns wide.
 * stdout or stderr can be sent to a file instead (then that stream is not a terminal), so a test
 * can tell them apart. The terminal's text comes back with its CR LF line ends turned into LF.
 */
import {spawn} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {baseEnv, BIN, makeHome, ROOT} from './cli.js'
import {seedStaticsCache} from './statics-cache.js'

export interface TtyResult {
  code: number | null
  /** What the terminal showed (the streams not piped). */
  tty: string
  /** stdout, when `pipeStdout`. */
  stdout: string
  /** stderr, when `pipeStderr`. */
  stderr: string
}

export interface TtyOptions {
  cols?: number
  env?: Record<string, string | undefined>
  home?: string
  pipeStdout?: boolean
  pipeStderr?: boolean
}

const quote = (word: string): string => `'${word.replaceAll("'", `'\\''`)}'`

export async function runOnTty(args: string[], opts: TtyOptions = {}): Promise<TtyResult> {
  const dir = mkdtempSync(join(tmpdir(), 'cli-tty-'))
  const temp = opts.home ? undefined : makeHome()
  const env: Record<string, string> = {...baseEnv(opts.home ?? temp!.home), TERM: 'xterm'}
  for (const [k, v] of Object.entries(opts.env ?? {})) if (v !== undefined) env[k] = v
  seedStaticsCache(opts.home ?? temp!.home, args, env)
  const out = join(dir, 'stdout')
  const err = join(dir, 'stderr')
  const redirect = `${opts.pipeStdout ? ` >${quote(out)}` : ''}${opts.pipeStderr ? ` 2>${quote(err)}` : ''}`
  const command =
    `stty cols ${opts.cols ?? 80} rows 50; ` +
    `exec ${quote(process.execPath)} ${[BIN, ...args].map(quote).join(' ')}${redirect}`
  try {
    const {code, text} = await new Promise<{code: number | null; text: string}>((resolve, reject) => {
      const child = spawn('script', ['-qec', command, '/dev/null'], {env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe']})
      const chunks: Buffer[] = []
      child.stdout.on('data', (c: Buffer) => chunks.push(c))
      child.on('error', reject)
      child.on('close', (code) => resolve({code, text: Buffer.concat(chunks).toString('utf8')}))
    })
    const read = (path: string, on?: boolean) => (on ? readFileSync(path, 'utf8') : '')
    return {
      code,
      tty: text.replaceAll('\r\n', '\n'),
      stdout: read(out, opts.pipeStdout),
      stderr: read(err, opts.pipeStderr),
    }
  } finally {
    rmSync(dir, {recursive: true, force: true})
    temp?.cleanup()
  }
}
