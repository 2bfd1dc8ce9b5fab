/**
 * Everything this CLI does with oclif that oclif offers no public way to do, in one place. Each
 * function names the internal it reaches for; test/oclif-adapter.test.ts fails when oclif's shape
 * changes underneath (the oclif packages are pinned to the minor versions tested here).
 *  - the command table (Config#_commands), for letting a user plugin replace a bundled runner;
 *  - a loaded command's cached flag `options`, which plugin-autocomplete's zsh script completes;
 *  - plugin-autocomplete's generated scripts: where they are and the bash function they define;
 *  - its instructions' title text;
 *  - oclif's readme generator (`oclif/lib/readme-generator.js`), for docs/ (scripts/docs.js).
 */
import type {Command, Config, Interfaces} from '@oclif/core'

type CommandEntry = {id: string; pluginName?: string; pluginType?: string}

/** Config's private command table: id → the command that runs (oclif 4: `_commands`, a Map). */
export function commandTable(config: Config | Interfaces.Config): Map<string, CommandEntry> | undefined {
  const table = (config as unknown as {_commands?: unknown})._commands
  return table instanceof Map ? (table as Map<string, CommandEntry>) : undefined
}

/** Lends values to a cached (manifest) flag as its `options`: plugin-autocomplete's zsh script completes those. */
export function lendFlagOptions(command: Command.Loadable, name: string, values: readonly string[]): void {
  const flag = command.flags[name] as {type?: string; options?: string[]} | undefined
  if (flag && flag.type === 'option' && !flag.options) flag.options = [...values]
}

/**
 * Where plugin-autocomplete writes a shell's script: `<cacheDir>/autocomplete/functions/<shell>/<bin>.<ext>`, zsh's
 * as `_<bin>` (a completion function's file).
 */
export function completionScriptPath(config: Interfaces.Config, shell: 'bash' | 'powershell' | 'zsh'): string {
  const file = shell === 'zsh' ? `_${config.bin}` : `${config.bin}.${shell === 'bash' ? 'bash' : 'ps1'}`
  return [config.cacheDir, 'autocomplete', 'functions', shell, file].join('/')
}

/** The file that holds the generation of the completion scripts last written (scripts.ts Reload). */
export const generationPath = (config: Interfaces.Config): string =>
  [config.cacheDir, 'autocomplete', 'generation'].join('/')

/** The bash function plugin-autocomplete's script defines: `_<bin>_autocomplete`. */
export const bashCompleterName = (bin: string): string => `_${bin}_autocomplete`

/** The title plugin-autocomplete gives its instructions: "<BIN> CLI Autocomplete". */
export const autocompleteTitle = (bin: string): string => `${bin.toUpperCase()} CLI Autocomplete`

/** The autocomplete command's method that prints a shell's instructions (through this.log). */
export const INSTRUCTIONS_METHOD = 'printShellInstructions'

/** oclif's readme generator class (the `oclif` dev package's internal module), for docs/. */
export async function readmeGenerator(
  root: string,
): Promise<new (config: Interfaces.Config, options: Record<string, unknown>) => {generate(): Promise<void>}> {
  const {createRequire} = await import('node:module')
  const oclifRequire = createRequire(`${root}/node_modules/oclif/package.json`)
  return oclifRequire('./lib/readme-generator.js').default
}
