import type {Hook} from '@oclif/core'

import {commandTable} from '../oclif-adapter.js'

/** Bundled plugins whose commands a user-installed or linked plugin may replace. */
export const SWAPPABLE_PLUGINS: ReadonlySet<string> = new Set(['@invoicing-cli/plugin-runners'])

/**
 * oclif lets a bundled (core) plugin's command win over a linked or installed one. Runners are
 * meant to be swapped, so a user or linked plugin's command with the same id as a bundled
 * runner takes its place; resource commands stay the CLI's own.
 */
const hook: Hook.Init = async function ({config}) {
  const table = commandTable(config)
  if (!table) return
  for (const plugin of config.getPluginsList()) {
    if (plugin.type !== 'user' && plugin.type !== 'link') continue
    for (const command of plugin.commands) {
      const current = table.get(command.id)
      if (current && current.pluginType === 'core' && SWAPPABLE_PLUGINS.has(current.pluginName ?? ''))
        table.set(command.id, command)
    }
  }
}

export default hook
