import type {Hook} from '@oclif/core'
import {argvAsksForJson, CliError, FAMILIES, reportError, routes, VERBS, type Verb} from '@invoicing-cli/core/internal'

import {shellWords, suggestCommand, topLevelAfterFamily} from '../suggest-command.js'

/**
 * A verb a family's upstream does not publish (`cli activities show`) is a usage error that
 * names the verbs it does support: exit 2, nothing sent, JSON error document with --output json.
 */
function unsupportedVerb(id: string, argv: string[]): CliError | undefined {
  // oclif joins the words after an unknown command into its id (`activities:show:5`).
  const [word, verb] = id.split(':')
  const family = FAMILIES.find((f) => f.word === word)
  if (!family || !(VERBS as readonly string[]).includes(verb)) return undefined
  try {
    routes.requireVerb(family, verb as Verb)
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    reportError(error, argvAsksForJson(argv))
    return error
  }
  return undefined
}

/**
 * An unknown command exits 127 with the nearest command, its arguments and flags kept, on
 * stderr. Never a prompt, on a terminal or not: a guessed command (`invoics delete X --yes`)
 * must not run on a keystroke, so oclif's plugin-not-found is not used.
 */
const hook: Hook.CommandNotFound = async function (opts) {
  const unsupported = unsupportedVerb(opts.id, opts.argv ?? [])
  if (unsupported) this.exit(unsupported.exitCode)
  const {config} = opts
  const visible = config.commands.filter((c) => !c.hidden)
  const known = [...visible.map((c) => c.id), ...visible.flatMap((c) => c.aliases), ...config.topics.filter((t) => !t.hidden).map((t) => t.name)]
  const words = (id: string) => id.replaceAll(':', ' ')
  // A top-level command after a family word (`invoices statics`) is that command, with help on
  // its topic when it has commands beneath (`cli help auth`); else the nearest id, help on the topic typed.
  const topLevel = topLevelAfterFamily(opts.id.split(':'), known, FAMILIES.map((f) => f.word))
  const suggestion = topLevel?.join(':') ?? suggestCommand(opts.id, known)
  const topic = topLevel ? topLevel[0] : opts.id.split(':')[0]
  const listed = topLevel ? visible.some((c) => c.id.startsWith(`${topic}:`)) : config.findTopic(topic)
  const help = `${config.bin} help${listed ? ` ${topic}` : ''}`
  const flags = shellWords(opts.argv ?? [])
  const meant = suggestion ? `; did you mean ${words(suggestion)}${flags ? ` ${flags}` : ''}?` : ''
  const {errorLabel} = await import('@invoicing-cli/core/internal')
  process.stderr.write(`${errorLabel()} ${words(opts.id)} is not a ${config.bin} command${meant}\n`)
  process.stderr.write(`Run "${help}" for a list of the commands.\n`)
  this.exit(127)
}

export default hook
