import type {Hook} from '@oclif/core'

import {suggestCommand} from '../suggest-command.js'

/**
 * An unknown command exits 127 with the nearest command on stderr. On a terminal oclif's
 * plugin-not-found asks "Did you mean ...?" and can run the answer; elsewhere (scripts, CI) it
 * would name no suggestion at all, so the suggestion is printed here.
 */
const hook: Hook.CommandNotFound = async function (opts) {
  if (process.stdin.isTTY && process.stderr.isTTY) {
    const {default: ask} = await import('@oclif/plugin-not-found')
    return ask.call(this, opts)
  }
  const {config} = opts
  const visible = config.commands.filter((c) => !c.hidden)
  const known = [...visible.map((c) => c.id), ...visible.flatMap((c) => c.aliases), ...config.topics.filter((t) => !t.hidden).map((t) => t.name)]
  const words = (id: string) => id.replaceAll(':', ' ')
  const suggestion = suggestCommand(opts.id, known)
  const topic = opts.id.split(':')[0]
  const help = `${config.bin} help${config.findTopic(topic) ? ` ${topic}` : ''}`
  process.stderr.write(`Error: ${words(opts.id)} is not a ${config.bin} command${suggestion ? `; did you mean ${words(suggestion)}?` : ''}\n`)
  process.stderr.write(`Run "${help}" for a list of the commands.\n`)
  this.exit(127)
}

export default hook
