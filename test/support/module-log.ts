/** Runs the CLI with every loaded module logged (test/fixtures/module-log), to tell which road a run took. */
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'

import {ROOT, runCli, type CliResult, type RunOptions} from './cli.js'

const REGISTER = pathToFileURL(join(ROOT, 'test', 'fixtures', 'module-log', 'register.mjs')).href

/**
 * Runs the CLI and says whether oclif (dist/bundle.js) was loaded (false when the fast path ran it), and which
 * modules were (their URLs).
 */
export async function runLogged(
  args: string[],
  env: Record<string, string>,
  home?: string,
  opts: RunOptions = {},
): Promise<CliResult & {oclif: boolean; modules: string[]}> {
  const dir = mkdtempSync(join(tmpdir(), 'cli-modules-'))
  const log = join(dir, 'modules.log')
  try {
    const r = await runCli(args, {...opts, env: {...env, NODE_OPTIONS: `--import=${REGISTER}`, MODULE_LOG: log}, home})
    const modules = readFileSync(log, 'utf8').split('\n').filter(Boolean)
    return {...r, oclif: modules.some((m) => m.includes('/dist/bundle.js')), modules}
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}
