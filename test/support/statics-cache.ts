/**
 * A warm currency cache for a test run, as a user who ran the CLI earlier today has one: the stand-in's currencies
 * (server-fixtures.ts) and company currency, for each profile the run may use, in the file the CLI reads
 * (core output/statics-cache.ts). So a table of amounts sends only what the test is about; the tests of the cache
 * itself start cold (RunOptions.statics).
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {normalizeBaseUrl} from '../../packages/core/src/plan/request.js'
import {staticsFile} from '../../packages/core/src/output/statics-cache.js'
import {STATICS} from './server-fixtures.js'

const flagValue = (args: readonly string[], name: string): string | undefined => {
  const at = args.indexOf(name)
  if (at !== -1) return args[at + 1]
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1)
}

/** The server root as the CLI keeps it; undefined where the CLI would refuse the URL. */
const root = (url: string): string | undefined => {
  try {
    return normalizeBaseUrl(url)
  } catch {
    return undefined
  }
}

type Config = {active?: string; profiles?: Record<string, {base_url?: string}>}

function readConfig(env: Record<string, string>, home: string): Config {
  const dir = env.CLI_CONFIG_DIR ?? join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'invoicing-cli')
  try {
    return JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as Config
  } catch {
    return {}
  }
}

/** Writes the cache of each profile the run may use (never over one a run already wrote). */
export function seedStaticsCache(home: string, args: readonly string[], env: Record<string, string>): void {
  const cacheDir = env.CLI_CACHE_DIR ?? join(env.XDG_CACHE_HOME ?? join(home, '.cache'), 'invoicing-cli')
  const config = readConfig(env, home)
  const profiles = config.profiles ?? {}
  const picked = [env.CLI_PROFILE, flagValue(args, '--profile'), config.active]
  const names = new Set(['default', ...picked, ...Object.keys(profiles)])
  const precisions = Object.fromEntries(STATICS.currencies.map((c) => [c.id, c.precision]))
  for (const name of names) {
    if (!name) continue
    const from = flagValue(args, '--base-url') ?? env.CLI_BASE_URL ?? profiles[name]?.base_url
    const baseUrl = from === undefined ? undefined : root(from)
    if (baseUrl === undefined) continue
    const file = staticsFile({cacheDir, profile: name, baseUrl})
    if (existsSync(file)) continue
    mkdirSync(join(file, '..'), {recursive: true, mode: 0o700})
    const paymentTypes = Object.fromEntries(STATICS.payment_types.map((t) => [t.id, t.name]))
    const content = {base_url: baseUrl, saved_at: Date.now(), precisions, companyCurrency: '1', paymentTypes}
    writeFileSync(file, JSON.stringify(content), {mode: 0o600})
  }
}
