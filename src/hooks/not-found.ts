import type {Hook} from '@oclif/core'

import {answerUnknownCommand} from '../unknown-command.js'

/** A command line oclif finds no command for: exit 127 with the nearest command, or 2 for a usage error. */
const hook: Hook.CommandNotFound = async function (opts) {
  this.exit(answerUnknownCommand(opts.config, opts.id, opts.argv ?? []))
}

export default hook
