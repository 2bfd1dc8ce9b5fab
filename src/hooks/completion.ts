import type {Hook} from '@oclif/core'

/** The commands after which oclif's autocomplete plugin has (re)written the completion scripts. */
const WRITES_SCRIPTS = new Set(['autocomplete', 'autocomplete:create'])

// These run around every command, so they stay tiny: the work loads only for autocomplete.
export const prerun: Hook.Prerun = async function ({Command, config}) {
  if (!WRITES_SCRIPTS.has(Command.id)) return
  const {beforeScripts} = await import('../completion/install.js')
  await beforeScripts(config)
}

export const postrun: Hook.Postrun = async function ({Command, config}) {
  if (!WRITES_SCRIPTS.has(Command.id)) return
  const {afterScripts} = await import('../completion/install.js')
  await afterScripts(config)
}
