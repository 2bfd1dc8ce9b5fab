/**
 * The CLI in one module: the command table, the help class, the hooks and the entry point. The
 * build bundles this file (with the core package and @oclif/core) into dist/bundle.js, which
 * package.json names for all of them, so a command starts by loading one file (bench/RESULTS.md).
 */
import * as core from '@invoicing-cli/core'
import * as oclif from '@oclif/core'
import {execute, settings} from '@oclif/core'

import {commands} from './commands.js'
import HelpCommand from './help-command.js'
import {globalFlagsLast} from './global-flags.js'

// The one loaded copy of @oclif/core and of the core, for the bundled plugins built to use it and for the
// core's package entry that linked and installed plugins import (scripts/bundle.js): a second copy would cost
// startup and break instanceof across them. Every copy of the core package a plugin resolves stands for this one.
;(globalThis as Record<symbol, unknown>)[Symbol.for('invoicing-cli.shared')] = {oclif, core}

// oclif's only: the fast path hands `help` to oclif, and its bundles leave this module out.
Object.defineProperty(commands, 'help', {value: HelpCommand, enumerable: true, configurable: true})
export {commands}
export {default} from './help.js'
export {default as swapRunners} from './hooks/swap-runners.js'
export {default as addExamples} from './hooks/examples.js'
export {default as commandNotFound} from './hooks/not-found.js'
export {prerun as completionPrerun, postrun as completionPostrun} from './hooks/completion.js'
export {prerun as unknownFlags} from './hooks/unknown-flags.js'
export {prerun as pluginCore, preinstall as provideCore} from './hooks/plugin-core.js'

export async function run(dir: string): Promise<void> {
  // Plugins (linked ones too) run their compiled JavaScript: no on-the-fly TypeScript, and no
  // warning on every command about not doing it.
  settings.enableAutoTranspile = false
  // Global flags before the command (`cli --profile work clients list`) read as after it, as on the fast path.
  await execute({dir, args: globalFlagsLast(process.argv.slice(2))})
}
