import type {Hook} from '@oclif/core'

import type {DeclaresCore} from '../plugins/core-range.js'

/**
 * Before a user plugin's command runs on oclif (linked or installed), one warning line when the plugin was written
 * for another core than the CLI's (plugins/core-range.ts); the fast path says the same for those it runs. This runs
 * before every command, so it stays tiny: the check loads only for a plugin's command.
 */
export const prerun: Hook.Prerun = async function ({Command: command}) {
  const plugin = command.plugin
  if (plugin?.type !== 'user' && plugin?.type !== 'link') return
  const {coreRangeWarning, hostCoreVersion} = await import('../plugins/core-range.js')
  const line = await coreRangeWarning(plugin.pjson as DeclaresCore, hostCoreVersion())
  if (!line) return
  const {warningLabel} = await import('@invoicing-cli/core/internal')
  const {writeErr} = await import('@invoicing-cli/core')
  writeErr(`${warningLabel()} ${line}`)
}

/** Before `cli plugins install`: npm meets a plugin's peer dependency on the core with the CLI's copy. */
export const preinstall: Hook.PluginsPreinstall = async function ({config}) {
  const {provideCore} = await import('../plugins/provide-core.js')
  await provideCore(config.dataDir)
}
