/**
 * How the benchmark measures: one command run to its end (wall time, and peak RSS under GNU time), and cases
 * run round-robin so that a noisy machine hits them alike.
 */
import {spawn} from 'node:child_process'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import type {Upstream} from '../test/support/upstream.js'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const BIN = join(ROOT, 'bin', 'run.js')
export const RUNS = Number(process.env.BENCH_RUNS ?? 25)
export const WARMUP = 3

export interface Run {
  ms: number
  maxRssKb?: number
  code: number | null
}

/** Runs a command to its end; with `rss`, under GNU time to read the peak RSS of the child. */
export function run(cmd: string[], env: Record<string, string>, rss = false): Promise<Run> {
  const argv = rss ? ['/usr/bin/time', '-f', '%M', ...cmd] : cmd
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    // Only what a user's shell would pass (PATH, HOME), plus the case's own variables.
    const child = spawn(argv[0], argv.slice(1), {
      env: {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env},
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      const kb = rss ? Number(stderr.trim().split('\n').at(-1)) : undefined
      if (code !== 0) reject(new Error(`${cmd.join(' ')} exited ${code}: ${stderr.slice(0, 500)}`))
      else resolve({ms, maxRssKb: kb, code})
    })
  })
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** Runs the cases round-robin (so noise hits them alike) and returns each case's median. */
export async function interleaved(
  cases: Record<string, () => Promise<Run>>,
  runs: number,
  warmup: number,
): Promise<Record<string, number>> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]))
  for (let i = 0; i < warmup + runs; i++) {
    for (const [name, fn] of Object.entries(cases)) {
      const r = await fn()
      if (i >= warmup) times[name].push(r.ms)
    }
  }
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]))
}

export const cliEnv = (up: Upstream): Record<string, string> => ({
  CLI_BASE_URL: up.url,
  CLI_API_TOKEN: up.token,
  NODE_ENV: '',
})
export const cli = (args: string[]) => [process.execPath, BIN, ...args]
