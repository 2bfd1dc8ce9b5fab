/**
 * The fast path: `cli <family> <verb> ...` runs the core's resource command without oclif's
 * Config (plugin loading, the manifest, hooks), which is most of a call's startup
 * (bench/RESULTS.md). The build bundles this file with oclif-lite.ts standing in for
 * @oclif/core into dist/fast-path.cjs; bin/run.js loads it with its code cache and tries it first. It
 * declines, before anything is printed or sent, whenever oclif could behave differently: another
 * command, help, a command line that is not plainly valid (parse.ts), installed or linked plugins (their
 * hooks would run), debugging, Windows, or CLI_FAST_PATH=0. oclif then runs the command as usual.
 */
import {readFile} from 'node:fs/promises'
import {homedir, tmpdir} from 'node:os'
import {join} from 'node:path'

import {FAMILIES, resourceCommands} from '@invoicing-cli/core/internal'

import {type Command, Declined, type LiteConfig} from './oclif-lite.js'
import type {Parsed} from './parse.js'

/** package.json's version, written in by the build (scripts/bundle.js). */
declare const CLI_VERSION: string

const BIN = 'cli'
/** package.json oclif.dirname: where oclif keeps the config and the user's plugins. */
const DIRNAME = 'invoicing-cli'

type LiteCommandClass = (new (argv: string[], config: LiteConfig) => Command) & typeof Command

// Only the family named is made into commands: the other families' several hundred are never needed here.
const commandFor = (id: string): LiteCommandClass | undefined => {
  const family = FAMILIES.find((f) => f.word === id.split(':')[0])
  const table = family ? resourceCommands([family]) : {}
  return Object.hasOwn(table, id) ? (table[id] as unknown as LiteCommandClass) : undefined
}

/** Runs the command line and returns true, or returns false (having done nothing) for oclif to run it. */
export async function runFast(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const [word, verb, ...rest] = argv
  if (process.platform === 'win32' || env.CLI_FAST_PATH === '0' || env.DEBUG || env.CLI_DEBUG) return false
  const Command = word && verb ? commandFor(`${word}:${verb}`) : undefined
  if (!Command) return false
  if (await hasUserPlugins(oclifDir('data', env))) return false

  Command.id = `${word}:${verb}`
  const command = new Command(rest, {bin: BIN, version: CLI_VERSION, configDir: oclifDir('config', env)})
  try {
    await command._run()
  } catch (error) {
    if (error instanceof Declined) return false
    // As oclif's handler: the base command has already reported the error and chosen the code.
    const code = (error as {oclif?: {exit?: number}}).oclif?.exit
    if (code === undefined) process.stderr.write(`${(error as Error).stack}\n`)
    process.exit(code ?? 1)
  }
  return true
}

/** How oclif parses this command line, when the fast path would run it (test/fast-path-parser.test.ts). */
export function parseCommandLine(argv: readonly string[]): Parsed | undefined {
  const [word, verb, ...rest] = argv
  const Command = commandFor(`${word}:${verb}`)
  return Command?.parseLine(rest)
}

/** oclif's config and data directories (its Config#dir, with the CLI_CONFIG_DIR/CLI_DATA_DIR overrides). */
function oclifDir(category: 'config' | 'data', env: NodeJS.ProcessEnv): string {
  const override = env[`${BIN.toUpperCase()}_${category.toUpperCase()}_DIR`]
  if (override) return override
  const home = env.HOME || homedir() || tmpdir()
  const base = env[`XDG_${category.toUpperCase()}_HOME`] || join(home, category === 'data' ? '.local/share' : '.config')
  return join(base, DIRNAME)
}

/** Plugins installed or linked with `cli plugins`: oclif lists them in the data directory's package.json. */
async function hasUserPlugins(dataDir: string): Promise<boolean> {
  let text: string
  try {
    text = await readFile(join(dataDir, 'package.json'), 'utf8')
  } catch (error) {
    return (error as {code?: string}).code !== 'ENOENT'
  }
  try {
    const pjson = JSON.parse(text) as {oclif?: {plugins?: unknown[]}; dependencies?: object}
    return (pjson.oclif?.plugins?.length ?? 0) > 0 || Object.keys(pjson.dependencies ?? {}).length > 0
  } catch {
    return true
  }
}
