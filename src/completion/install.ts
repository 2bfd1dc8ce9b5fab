/** Builds the flag-value table once per run, lends it to zsh, appends it to bash and PowerShell. */
import {appendFile, stat} from 'node:fs/promises'

import type {Interfaces} from '@oclif/core'

type Config = Interfaces.Config

import {completionScriptPath} from '../oclif-adapter.js'
import {bashValues, powershellValues} from './scripts.js'
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
  await append(completionScriptPath(config, 'bash'), bashValues(config.bin, table))
  await append(completionScriptPath(config, 'powershell'), powershellValues(config.bin, table))
}
