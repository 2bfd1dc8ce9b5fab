import type {Hook} from '@oclif/core'

import {autocompleteTitle, INSTRUCTIONS_METHOD} from '../oclif-adapter.js'

/** The commands after which oclif's autocomplete plugin has (re)written the completion scripts. */
const WRITES_SCRIPTS = new Set(['autocomplete', 'autocomplete:create'])

type Instructions = {[INSTRUCTIONS_METHOD]?: (shell: string) => void; log: (text?: string) => void}

/**
 * The plugin titles its instructions "<BIN> CLI Autocomplete": "CLI CLI Autocomplete" for a
 * command named cli. Its text goes through this.log once; the title is said once, plainly.
 */
function plainTitle(Command: {prototype: unknown}, bin: string): void {
  const proto = Command.prototype as Instructions & {titled?: boolean}
  const print = proto[INSTRUCTIONS_METHOD]
  if (!print || proto.titled) return
  proto.titled = true
  proto[INSTRUCTIONS_METHOD] = function (this: Instructions, shell: string) {
    const log = this.log
    this.log = (text = '') => log.call(this, text.replace(autocompleteTitle(bin), `${bin} shell completion`))
    try {
      print.call(this, shell)
    } finally {
      this.log = log
    }
  }
}

// These run around every command, so they stay tiny: the work loads only for autocomplete.
export const prerun: Hook.Prerun = async function ({Command, config}) {
  if (!WRITES_SCRIPTS.has(Command.id)) return
  if (Command.id === 'autocomplete') plainTitle(Command, config.bin)
  const {beforeScripts} = await import('../completion/install.js')
  await beforeScripts(config)
}

export const postrun: Hook.Postrun = async function ({Command, config}) {
  if (Command.id === 'plugins:link') {
    const {refreshScripts} = await import('../completion/install.js')
    return refreshScripts(config)
  }
  if (!WRITES_SCRIPTS.has(Command.id)) return
  const {afterScripts} = await import('../completion/install.js')
  await afterScripts(config)
}
