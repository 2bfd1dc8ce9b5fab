/**
 * The fast path: every command of the CLI's own table (src/commands.ts) and of the bundled runners
 * plugin runs here without oclif's Config (plugin loading, the manifest, hooks), which is most of a
 * call's startup (bench/RESULTS.md). The build bundles this file with oclif-lite.ts standing in for
 * @oclif/core into dist/fast-path.cjs, and into dist/fast-path-resources.cjs without the CLI's other commands
 * (scripts/fast-path-bundles.js); bin/run.js loads one with its code cache and tries it first. It
 * declines, before anything is printed or sent, whenever oclif could behave differently: a command of
 * oclif's own plugins, help, a command line that is not plainly valid (parse.ts), a linked or installed
 * plugin that could change the run (plugins.ts), debugging, Windows, or CLI_FAST_PATH=0. oclif then runs
 * the command as usual. The CLI's own hooks do nothing for these commands (scripts/fast-path-bundles.js checks the
 * list), so skipping them changes nothing.
 */
import {homedir, tmpdir} from 'node:os'
import {join} from 'node:path'

import {commands as runnerCommands} from '@invoicing-cli/plugin-runners/dist/commands.js'

import {writeErr} from '@invoicing-cli/core'
import {hasTopic, warningLabel, writeFilesDirectly} from '@invoicing-cli/core/internal'

import {commands as ownCommands} from '../commands.js'
import {globalFlagsLast} from '../global-flags.js'
import {helpPageAsked, printHelpPage} from './help.js'
import {type Importer, pluginCommand} from './plugin-command.js'
import {type Command, Declined, type LiteConfig} from './oclif-lite.js'
import type {Parsed} from './parse.js'
import {takesArgs, type UserPlugins, userPlugins} from './plugins.js'
import {coreRangeWarning, type DeclaresCore} from '../plugins/core-range.js'

/** package.json's version, written in by the build (scripts/fast-path-bundles.js). */
declare const CLI_VERSION: string
/** The version of the core this bundle holds, written in by the build: no package resolution at run time. */
declare const CORE_VERSION: string
/**
 * The commands of the bundled plugins this file does not run (help, plugins, autocomplete), from their
 * manifests at build time: id → whether it takes arguments (what oclif's id lookup asks).
 */
declare const OTHER_COMMANDS: Record<string, boolean>

const BIN = 'cli'
/** package.json oclif.dirname: where oclif keeps the config and the user's plugins. */
const DIRNAME = 'invoicing-cli'

type LiteCommandClass = (new (argv: string[], config: LiteConfig) => Command) & typeof Command
type Table = Record<string, unknown>

const RUNNERS: Table = runnerCommands
const OWN: Table = ownCommands

/** The class for an id, in oclif's order: the CLI's own commands before the runners plugin's. */
const commandFor = (id: string, swapped: {has(id: string): boolean}): LiteCommandClass | undefined => {
  if (Object.hasOwn(OWN, id)) return OWN[id] as LiteCommandClass
  if (Object.hasOwn(RUNNERS, id) && !swapped.has(id)) return RUNNERS[id] as LiteCommandClass
  return undefined
}

/** Whether the command with this id takes arguments: oclif's id lookup stops there. */
function idTakesArgs(id: string, pluginIds: ReadonlyMap<string, boolean | undefined>): boolean {
  const own = (Object.hasOwn(OWN, id) ? OWN[id] : Object.hasOwn(RUNNERS, id) ? RUNNERS[id] : undefined) as
    {args?: object; strict?: boolean} | undefined
  if (own) return takesArgs(own)
  return OTHER_COMMANDS[id] ?? pluginIds.get(id) ?? false
}

/**
 * The command id and the rest of argv, as oclif reads a command line whose words are separated by spaces
 * (its collateSpacedCmdIDFromArgs): words are taken while they name a command or a topic, up to a
 * flag or, once a command taking arguments is named, its first argument.
 */
export function commandId(argv: readonly string[], pluginIds: ReadonlyMap<string, boolean | undefined> = new Map()) {
  // A command's id, or a topic (the start of one), asked of each table (the own one without listing its ids).
  const tables = [OWN, RUNNERS, OTHER_COMMANDS, Object.fromEntries(pluginIds)]
  const usable = (id: string) => tables.some((t) => Object.hasOwn(t, id) || hasTopic(t, id))
  const words: string[] = []
  for (const arg of argv) {
    const id = [...words, arg].join(':')
    if (usable(id)) words.push(arg)
    else if (arg.startsWith('-') || arg.includes('=') || (words.length > 0 && idTakesArgs(words.join(':'), pluginIds)))
      break
    else words.push(arg)
  }
  return {id: words.join(':'), rest: argv.slice(words.length)}
}

/** Runs the command line and returns true, or returns false (having done nothing) for oclif to run it. */
export async function runFast(
  given: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  load?: Importer,
): Promise<boolean> {
  const argv = globalFlagsLast(given)
  if (process.platform === 'win32' || env.CLI_FAST_PATH === '0' || env.DEBUG || env.CLI_DEBUG) return false
  if (argv.length === 0) return false
  // oclif takes a lone word as the id whatever it is: the fast path runs it only when it is one of the CLI's, and
  // prints a topic's page for a topic (help.ts).
  const lone = argv.length === 1 && !Object.hasOwn(OWN, argv[0])
  const plugins = userPlugins(oclifDir('data', env))
  if (!plugins) return false
  // A page only without user plugins: their commands could join any topic's or command's help.
  const page = (pageId: string | undefined) =>
    pageId !== undefined && plugins.ids.size === 0 && printHelpPage(pageId, env)
  if (lone) return page(helpPageAsked(argv))
  let {id, rest} = argv.length === 1 ? {id: argv[0], rest: []} : commandId(argv, plugins.ids)
  let Command = commandFor(id, plugins.ids)
  // `cli <command> --help`, as written: any other place of --help is oclif's to read.
  if (Command && rest.length === 1 && rest[0] === '--help') return page(id)
  // `cli <topic> --help`, `cli help <words>`.
  if (!Command && (await page(helpPageAsked(argv)))) return true
  const at = Command ? undefined : pluginFileAt(id, plugins)
  let fromPlugin = false
  if (at && load && !rest.includes('--help')) {
    const found = await pluginCommand(at.file, load)
    if (found === 'loaded') return rerunOnOclif(argv, env)
    if (found && at.id !== id) {
      // Loaded, the command says whether it takes arguments, as oclif learns it by loading it: where it takes none,
      // oclif reads the words after it as part of the id.
      if (!takesArgs(found)) return rerunOnOclif(argv, env)
      id = at.id
      rest = argv.slice(at.words)
    }
    // Said here, where it runs (oclif's prerun hook says it for those left to oclif).
    if (found) await warnOfCore(plugins.owners.get(at.id))
    Command = found as LiteCommandClass | undefined
    fromPlugin = Command !== undefined
    // As oclif marks a plugin's command: its changes are journaled with the source `plugin`.
    if (Command) (Command as {plugin?: {name: string}}).plugin ??= {name: 'linked plugin'}
  }
  if (!Command) return false

  Command.id = id
  const command = new Command(rest, {
    bin: BIN,
    version: CLI_VERSION,
    configDir: oclifDir('config', env),
    cacheDir: oclifDir('cache', env),
  })
  // Nothing has created process.stdout yet: a file or /dev/null is written without it (core output/stdout.ts).
  writeFilesDirectly()
  try {
    await command._run()
  } catch (error) {
    // A plugin's module is bound to the fast path's core once imported: oclif must read it in a fresh process.
    if (error instanceof Declined) return fromPlugin ? rerunOnOclif(argv, env) : false
    // As oclif's handler: the base command has already reported the error and chosen the code.
    const code = (error as {oclif?: {exit?: number}}).oclif?.exit
    if (code === undefined) process.stderr.write(`${(error as Error).stack}\n`)
    process.exit(code ?? 1)
  }
  return true
}

/**
 * The plugin command file for an id: the id's own, or, where the words read as the id run on past a plugin command
 * whose arguments are unknown until it is loaded (no manifest), that command's, with how many words its id has.
 */
function pluginFileAt(id: string, plugins: UserPlugins): {id: string; file: string; words: number} | undefined {
  const words = id.split(':')
  for (let n = words.length; n > 0; n--) {
    const prefix = words.slice(0, n).join(':')
    const file = plugins.fastFiles.get(prefix)
    if (file && (n === words.length || plugins.ids.get(prefix) === undefined)) return {id: prefix, file, words: n}
  }
  return undefined
}

/** The one line when the plugin was written for another core (plugins/core-range.ts); it runs on this one. */
async function warnOfCore(plugin: DeclaresCore | undefined): Promise<void> {
  const line = plugin && (await coreRangeWarning(plugin, CORE_VERSION))
  if (line) writeErr(`${warningLabel()} ${line}`)
}

/** Runs the command line again in a fresh process on oclif's road, and exits as it does. */
async function rerunOnOclif(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<never> {
  // Loaded here, not at every start (≈3 ms).
  const {spawnSync} = await import('node:child_process')
  const r = spawnSync(process.execPath, [...process.execArgv, process.argv[1], ...argv], {
    stdio: 'inherit',
    env: {...env, CLI_FAST_PATH: '0'},
  })
  process.exit(r.status ?? 1)
}

/** How oclif parses this command line, when the fast path would run it (test/fast-path-parser.test.ts). */
export function parseCommandLine(argv: readonly string[]): Parsed | undefined {
  const {id, rest} = commandId(argv)
  return commandFor(id, new Set())?.parseLine(rest)
}

// Where each folder is when XDG_*_HOME does not say.
const OCLIF_HOMES = {config: '.config', data: '.local/share', cache: '.cache'}

/** oclif's config, data and cache directories (its Config#dir, with the CLI_CONFIG_DIR/... overrides). */
function oclifDir(category: 'config' | 'data' | 'cache', env: NodeJS.ProcessEnv): string {
  const override = env[`${BIN.toUpperCase()}_${category.toUpperCase()}_DIR`]
  if (override) return override
  const home = env.HOME || homedir() || tmpdir()
  const base = env[`XDG_${category.toUpperCase()}_HOME`] || join(home, OCLIF_HOMES[category])
  return join(base, DIRNAME)
}
