/** Builds the flag-value table once per run, lends it to zsh, appends it to bash and PowerShell. */
import {appendFile, stat, writeFile} from 'node:fs/promises'
import {dirname} from 'node:path'

import type {Interfaces} from '@oclif/core'

type Config = Interfaces.Config

import {completionScriptPath, generationPath} from '../oclif-adapter.js'
import {bashValues, powershellValues, zshReload} from './scripts.js'
import {collectFlagValues, type FlagValues, lendOptions} from './values.js'

let table: FlagValues[] | undefined

/** Before the plugin writes its scripts: zsh completes the values it finds as flag options. */
export async function beforeScripts(config: Config): Promise<void> {
  table = await collectFlagValues(config)
  lendOptions(config, table)
}

/** After: the bash and PowerShell scripts get a wrapper that completes the values. */
export async function afterScripts(config: Config): Promise<void> {
  table ??= await collectFlagValues(config)
  const append = async (file: string, text: string) => {
    if (await stat(file).catch(() => undefined)) await appendFile(file, text)
  }
  const bash = completionScriptPath(config, 'bash')
  const stamp = generationPath(config)
  const generation = String(Date.now())
  await append(bash, bashValues(config.bin, table, {generation, stamp, script: bash}))
  await append(completionScriptPath(config, 'zsh'), zshReload(config.bin, {generation, stamp}))
  await append(completionScriptPath(config, 'powershell'), powershellValues(config.bin, table))
  // Last: a shell that reads the new generation finds the script complete.
  if (await stat(dirname(stamp)).catch(() => undefined)) await writeFile(stamp, `${generation}\n`)
}

/**
 * After `cli plugins link` (install and uninstall have the autocomplete plugin's own hook): the scripts written
 * again by a config that loads the plugin just linked, which this run's config has not. Only where completion was
 * set up (`cli autocomplete` wrote them once): no shell reads them otherwise.
 */
export async function refreshScripts(config: Config): Promise<void> {
  if (!(await stat(dirname(generationPath(config))).catch(() => undefined))) return
  const {Config} = await import('@oclif/core')
  const fresh = await Config.load({root: config.root})
  await fresh.runCommand('autocomplete:create')
}
