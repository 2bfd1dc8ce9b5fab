/**
 * The values a flag takes, for shell completion: its `options` (--output: table, json, ...) or,
 * for flags that accept more than they suggest (--action), the `completion.options` of the
 * command class. oclif's autocomplete plugin only reads `options`, and only for zsh.
 */
import type {Command, Interfaces} from '@oclif/core'

import {lendFlagOptions} from '../oclif-adapter.js'

type Config = Interfaces.Config

export interface FlagValues {
  /** Command id, colon-separated: `invoices:bulk`. */
  id: string
  /** How the flag is typed: `--output`, `-o`. */
  names: string[]
  /** None for a flag that takes a value but offers none: it keeps other commands' values of that name off this one. */
  values: string[]
}

type LoadedFlag = Interfaces.Flag<unknown> & {completion?: {options?: (ctx: {config: Config}) => Promise<string[]>}}

async function completionValues(
  command: Command.Loadable,
  name: string,
  config: Config,
): Promise<string[] | undefined> {
  try {
    const cls = (await command.load()) as unknown as {
      flags?: Record<string, LoadedFlag>
      baseFlags?: Record<string, LoadedFlag>
    }
    const flag = cls.flags?.[name] ?? cls.baseFlags?.[name]
    return await flag?.completion?.options?.({config})
  } catch {
    return undefined // a plugin command that fails to load completes without values
  }
}

/** Every visible command's flags that take a value, with the values each offers (maybe none). */
export async function collectFlagValues(config: Config): Promise<FlagValues[]> {
  const table: FlagValues[] = []
  for (const plugin of config.getPluginsList()) {
    for (const command of plugin.commands) {
      if (command.hidden) continue
      for (const [name, flag] of Object.entries(command.flags)) {
        if (flag.type !== 'option' || flag.hidden) continue
        const values = flag.options ?? (await completionValues(command, name, config))
        table.push({
          id: command.id,
          names: [`--${name}`, ...(flag.char ? [`-${flag.char}`] : [])],
          values: [...(values ?? [])],
        })
      }
    }
  }
  return table
}

/** Lends the values to the cached flags as `options`, which the plugin's zsh script completes. */
export function lendOptions(config: Config, table: readonly FlagValues[]): void {
  const values = new Map(table.filter((e) => e.values.length).map((e) => [`${e.id} ${e.names[0]}`, e.values]))
  for (const plugin of config.getPluginsList()) {
    for (const command of plugin.commands) {
      for (const name of Object.keys(command.flags)) {
        const lent = values.get(`${command.id} --${name}`)
        if (lent) lendFlagOptions(command, name, lent)
      }
    }
  }
}
