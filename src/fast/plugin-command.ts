/**
 * A linked or installed plugin's command on the fast path, for a plugin that says its commands use only the core's
 * oclif subset (plugins.ts, docs/plugins.md). The plugin's `import '@invoicing-cli/core'` gets the core this bundle
 * holds (the core package's entry hands it over, as it hands over oclif's under oclif), so its class is the
 * stand-in's command and runs as the CLI's own do. test/fast-path-plugins.test.ts compares such runs with oclif's.
 */
import {readFileSync} from 'node:fs'

import * as core from '@invoicing-cli/core'

import {Command} from './oclif-lite.js'

/**
 * Loads a plugin's command file (a path), as bin/run.js lends it: a script run by node:vm has no module loader of its
 * own. It require()s the file where Node can, else import()s it.
 */
export type Importer = (file: string) => Promise<Record<string, unknown>>

/**
 * The command class of a plugin's command file; undefined where oclif must run it, having loaded nothing; or
 * 'loaded' where the file is loaded but holds no command the stand-in runs (it extends oclif's own command through
 * another module): its modules are bound to this core now, so oclif must run it in a fresh process.
 */
export async function pluginCommand(file: string, load: Importer): Promise<typeof Command | 'loaded' | undefined> {
  // A command file that names @oclif/core itself uses more than the stand-in: oclif runs it.
  if (readFileSync(file, 'utf8').includes('@oclif/core')) return undefined
  // Whichever copy of the core package the plugin resolves, its entry hands over this one (scripts/bundle.js).
  ;(globalThis as Record<symbol, unknown>)[Symbol.for('invoicing-cli.shared')] = {core}
  const module = await load(file)
  // The class oclif would find (the default export, else the first exported command), made on the stand-in; a
  // CommonJS file require()d may export the class itself.
  const found = [module, module.default, ...Object.values(module)].find(
    (c) => typeof c === 'function' && c.prototype instanceof Command,
  )
  return (found as typeof Command | undefined) ?? 'loaded'
}
