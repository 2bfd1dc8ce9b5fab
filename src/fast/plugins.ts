/**
 * The plugins a user linked or installed (`cli plugins link|install`), read as oclif reads them, for the fast
 * path to know which command ids they bring. It steps aside (undefined) whenever a plugin could change a run
 * of the CLI's own commands, or could be read otherwise than here: hooks (oclif runs them around every
 * command), plugins of its own, flexible taxonomy, another command discovery than a commands folder without a
 * manifest, a manifest of another version, or anything unreadable. test/fast-path-plugins.test.ts holds it to
 * oclif.
 */
// Read synchronously: this runs before every command, and node:fs/promises alone costs ≈1.5 ms to load.
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import type {DeclaresCore} from '../plugins/core-range.js'

/** Each user plugin's command id → whether it takes arguments (undefined: unknown, without a manifest). */
export interface UserPlugins {
  ids: Map<string, boolean | undefined>
  /**
   * The command files of plugins that say their commands use only the core's oclif subset (package.json
   * `"invoicing-cli": {"fastPath": true}`, docs/plugins.md): the fast path may run those. An id two plugins
   * bring is left out (oclif decides between them).
   */
  fastFiles: Map<string, string>
  /** The package.json of the plugin each fast file is from: the core it was written for (core-range.ts). */
  owners: Map<string, DeclaresCore>
}

interface PluginCommands {
  ids: Map<string, boolean | undefined>
  files: Map<string, string>
  pjson: DeclaresCore
}

interface PluginEntry {
  type?: string
  name?: string
  root?: string
}

interface PluginPjson extends DeclaresCore {
  name?: string
  version?: string
  oclif?: {
    hooks?: object
    plugins?: unknown[]
    flexibleTaxonomy?: boolean
    commands?: string | {strategy?: string; target?: string; globPatterns?: unknown}
  }
  'cli-engine'?: unknown
  'invoicing-cli'?: {fastPath?: boolean}
}

interface Manifest {
  version?: string
  commands?: Record<string, {args?: object; strict?: boolean; relativePath?: string[]}>
}

/** Whether a command takes arguments (or any number of them): where oclif's reading of a command id stops. */
export const takesArgs = (c: {args?: object; strict?: boolean}): boolean =>
  c.strict === false || Object.keys(c.args ?? {}).length > 0

const readJson = <T>(file: string): T | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T
  } catch (error) {
    if ((error as {code?: string}).code === 'ENOENT') return undefined
    throw error
  }
}

/** The user's plugins from oclif's data directory, or undefined where oclif must run the command line. */
export function userPlugins(dataDir: string): UserPlugins | undefined {
  const ids = new Map<string, boolean | undefined>()
  const fastFiles = new Map<string, string>()
  const owners = new Map<string, DeclaresCore>()
  try {
    const pjson = readJson<{oclif?: {plugins?: PluginEntry[]}}>(join(dataDir, 'package.json'))
    for (const entry of pjson?.oclif?.plugins ?? []) {
      // oclif loads user plugins, then linked ones; any other kind it ignores.
      if (entry.type !== 'user' && entry.type !== 'link') continue
      const root = entry.type === 'link' ? entry.root : join(dataDir, 'node_modules', entry.name ?? '')
      const plugin = root ? pluginCommands(root) : undefined
      if (!plugin) return undefined
      for (const [id, args] of plugin.ids) {
        if (ids.has(id)) fastFiles.delete(id)
        else if (plugin.files.has(id)) {
          fastFiles.set(id, plugin.files.get(id)!)
          owners.set(id, plugin.pjson)
        }
        ids.set(id, args)
      }
    }
  } catch {
    return undefined
  }
  return {ids, fastFiles, owners}
}

function pluginCommands(root: string): PluginCommands | undefined {
  const pjson = readJson<PluginPjson>(join(root, 'package.json'))
  if (!pjson?.name || pjson['cli-engine']) return undefined
  const oclif = pjson.oclif ?? {}
  if (Object.keys(oclif.hooks ?? {}).length > 0 || (oclif.plugins?.length ?? 0) > 0 || oclif.flexibleTaxonomy)
    return undefined
  const manifest =
    readJson<Manifest>(join(root, 'oclif.manifest.json')) ?? readJson<Manifest>(join(root, '.oclif.manifest.json'))
  const fast = pjson['invoicing-cli']?.fastPath === true
  if (manifest) {
    // oclif warns about a manifest of another version and reads the commands themselves: so does oclif here.
    if (manifest.version?.split('-')[0] !== pjson.version?.split('-')[0] || !manifest.commands) return undefined
    const commands = Object.entries(manifest.commands)
    return {
      ids: new Map(commands.map(([id, c]) => [id, takesArgs(c)])),
      files: new Map(
        fast ? commands.flatMap(([id, c]) => (c.relativePath ? [[id, join(root, ...c.relativePath)]] : [])) : [],
      ),
      pjson,
    }
  }
  const discovery = oclif.commands
  if (discovery === undefined) return {ids: new Map(), files: new Map(), pjson}
  const dir =
    typeof discovery === 'string'
      ? discovery
      : discovery.strategy === 'pattern' && !discovery.globPatterns
        ? discovery.target
        : undefined
  if (!dir) return undefined
  const found = commandFiles(join(root, dir))
  const files = new Map<string, string>()
  // Only JavaScript the fast path can import, and only an id one file gives.
  for (const [id, file] of found)
    if (fast && /\.(js|mjs)$/.test(file) && found.filter(([other]) => other === id).length === 1) files.set(id, file)
  return {ids: new Map(found.map(([id]) => [id, undefined])), files, pjson}
}

// oclif's default command patterns: every script but declarations and tests; dot files are not matched.
const SCRIPT = /\.(js|cjs|mjs|ts|tsx|mts|cts)$/
const NOT_COMMAND = /\.(d\.ts|test\.ts|test\.js|spec\.ts|spec\.js|d\.mts|d\.cts)x?$/

/** The ids oclif makes of a commands folder (`a/b.js` → a:b, `a/index.js` → a), each with its file. */
function commandFiles(dir: string): Array<[id: string, file: string]> {
  let entries
  try {
    entries = readdirSync(dir, {recursive: true, withFileTypes: true})
  } catch (error) {
    if ((error as {code?: string}).code === 'ENOENT') return []
    throw error
  }
  const found: Array<[string, string]> = []
  for (const entry of entries) {
    const file = join(entry.parentPath ?? entry.path, entry.name)
    const path = file.slice(dir.length + 1)
    if (!entry.isFile() || path.split('/').some((part) => part.startsWith('.'))) continue
    if (!SCRIPT.test(entry.name) || NOT_COMMAND.test(entry.name)) continue
    const words = path.replace(SCRIPT, '').split('/')
    if (words.at(-1) === 'index') words.pop()
    found.push([words.join(':'), file])
  }
  return found
}
