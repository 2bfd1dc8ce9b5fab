/** Runs the real bin/run.js as a child process, with a clean environment and its own config dir. */
import {type ChildProcess, spawn} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {seedStaticsCache} from './statics-cache.js'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const BIN = join(ROOT, 'bin', 'run.js')

export interface CliResult {
  code: number | null
  stdout: string
  stderr: string
  stdoutBytes: Buffer
}

export interface RunOptions {
  env?: Record<string, string | undefined>
  /** Standard input; null leaves it open (a command that waits on it). */
  stdin?: string | Buffer | null
  cwd?: string
  /** A home folder (config dir beneath it); a fresh empty one when not given. */
  home?: string
  /** The CLI to run: this clone's bin/run.js unless given (an installed copy, say). */
  bin?: string
  /** 'cold': no currency cache is written first (statics-cache.ts); the tests of that cache start so. */
  statics?: 'cold'
}

/** A throwaway home folder: the CLI's config lives in $XDG_CONFIG_HOME/invoicing-cli beneath it. */
export function makeHome(): {home: string; configDir: string; cleanup: () => void} {
  const home = mkdtempSync(join(tmpdir(), 'cli-home-'))
  return {
    home,
    configDir: join(home, '.config', 'invoicing-cli'),
    cleanup: () => rmSync(home, {recursive: true, force: true}),
  }
}

/** A home whose config holds one profile, `team`, active, for the stand-in at `baseUrl` (as `auth login` writes it). */
export function teamHome(baseUrl: string, token: string): ReturnType<typeof makeHome> {
  const home = makeHome()
  mkdirSync(home.configDir, {recursive: true, mode: 0o700})
  const config = {active: 'team', profiles: {team: {base_url: baseUrl, token}}}
  writeFileSync(join(home.configDir, 'config.json'), JSON.stringify(config), {mode: 0o600})
  return home
}

// Only what a user's shell would have: nothing of the CLI's own variables leaks in from outside.
export function baseEnv(home: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    LANG: 'C.UTF-8',
  }
}

export function runCli(args: string[], opts: RunOptions = {}): Promise<CliResult> {
  return startCli(args, opts).result
}

/** Starts the CLI and hands back the child too, for tests that signal it (Ctrl-C) while it runs. */
export function startCli(args: string[], opts: RunOptions = {}): {child: ChildProcess; result: Promise<CliResult>} {
  const temp = opts.home ? undefined : makeHome()
  const env: Record<string, string> = baseEnv(opts.home ?? temp!.home)
  for (const [k, v] of Object.entries(opts.env ?? {})) if (v !== undefined) env[k] = v
  if (opts.statics !== 'cold') seedStaticsCache(opts.home ?? temp!.home, args, env)
  const child = spawn(process.execPath, [opts.bin ?? BIN, ...args], {
    env,
    cwd: opts.cwd ?? ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const result = new Promise<CliResult>((resolve, reject) => {
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (c: Buffer) => out.push(c))
    child.stderr.on('data', (c: Buffer) => err.push(c))
    child.on('error', reject)
    child.on('close', (code) => {
      temp?.cleanup()
      const stdoutBytes = Buffer.concat(out)
      resolve({code, stdout: stdoutBytes.toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), stdoutBytes})
    })
    child.stdin.on('error', () => {})
    if (opts.stdin !== null) child.stdin.end(opts.stdin ?? '')
  })
  return {child, result}
}

/** A run with its wall time, for tests that bound it (a timeout, a cancelled listing). */
export async function timed(run: Promise<CliResult>): Promise<CliResult & {ms: number}> {
  const started = Date.now()
  const r = await run
  return {...r, ms: Date.now() - started}
}

/** Environment pointing the CLI at a stand-in upstream. */
export const upstreamEnv = (
  up: {url: string; token: string},
  extra: Record<string, string> = {},
): Record<string, string> => ({
  CLI_BASE_URL: up.url,
  CLI_API_TOKEN: up.token,
  ...extra,
})

/** Runs any program (npm, bash, a script) asynchronously and collects its output. */
export function runProcess(
  command: string,
  args: string[],
  opts: {cwd?: string; env?: NodeJS.ProcessEnv} = {},
): Promise<{code: number | null; stdout: string; stderr: string}> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: opts.cwd ?? ROOT, env: opts.env, stdio: ['ignore', 'pipe', 'pipe']})
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (stdout += c))
    child.stderr.on('data', (c: Buffer) => (stderr += c))
    child.on('error', reject)
    child.on('close', (code) => resolve({code, stdout, stderr}))
  })
}

/** How to start npm: the one running `npm test` when there is one, else npm from PATH. */
export function npmCommand(args: string[]): [string, string[]] {
  return process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath, ...args]] : ['npm', args]
}
