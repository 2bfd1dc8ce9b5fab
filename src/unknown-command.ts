/**
 * The answer to a command line that names no command, for the not-found hook and for `cli help
 * <words>`: printed on stderr, nothing sent; the exit code is returned for the caller to end with.
 */
import type {Interfaces} from '@oclif/core'
import {
  argvAsksForJson,
  CliError,
  errorLabel,
  FAMILIES,
  reportError,
  routes,
  usageError,
  VERBS,
  type Verb,
} from '@invoicing-cli/core/internal'

import {commandWords} from './command-words.js'
import {shellWords, suggestCommand, topLevelAfterFamily} from './suggest-command.js'

/**
 * A verb a family's upstream does not publish (`cli activities show`) is a usage error that
 * names the verbs it does support: exit 2, nothing sent, JSON error document with --output json.
 */
function unsupportedVerb(id: string): CliError | undefined {
  // oclif joins the words after an unknown command into its id (`activities:show:5`).
  const [word, verb] = id.split(':')
  const family = FAMILIES.find((f) => f.word === word)
  if (!family || !(VERBS as readonly string[]).includes(verb)) return undefined
  try {
    routes.requireVerb(family, verb as Verb)
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    return error
  }
  return undefined
}

/**
 * oclif joins the words after a command that takes no arguments into its id (`clients:list:Acme`):
 * the words after the longest leading part that is a command are arguments it does not take.
 */
function strayArguments(config: Interfaces.Config, id: string): CliError | undefined {
  const words = id.split(':')
  const n = commandWords(config, words)
  if (n === 0) return undefined
  const stray = words.slice(n)
  // oclif's own wording, as `cli invoices show A B` gets it from the parser.
  return usageError(`Unexpected argument${stray.length === 1 ? '' : 's'}: ${stray.join(', ')} (see --help)`)
}

/**
 * An unknown command exits 127 with the nearest command, its arguments and flags kept, on
 * stderr. Never a prompt, on a terminal or not: a guessed command (`invoics delete X --yes`)
 * must not run on a keystroke, so oclif's plugin-not-found is not used. A known command with
 * words it takes no arguments for, or a verb its family lacks, is a usage error (exit 2).
 */
export function answerUnknownCommand(config: Interfaces.Config, id: string, argv: readonly string[]): number {
  const refuse = (error: CliError): number => {
    reportError(error, argvAsksForJson(argv))
    return error.exitCode
  }
  const unsupported = unsupportedVerb(id)
  if (unsupported) return refuse(unsupported)
  const visible = config.commands.filter((c) => !c.hidden)
  const known = [
    ...visible.map((c) => c.id),
    ...visible.flatMap((c) => c.aliases),
    ...config.topics.filter((t) => !t.hidden).map((t) => t.name),
  ]
  // A top-level command after a family word (`invoices statics`) is that command, with help on
  // its topic when it has commands beneath (`cli help auth`); else the nearest id, help on the topic typed.
  const topLevel = topLevelAfterFamily(
    id.split(':'),
    known,
    FAMILIES.map((f) => f.word),
  )
  const suggestion = topLevel?.join(':') ?? suggestCommand(id, known)
  const stray = suggestion ? undefined : strayArguments(config, id)
  if (stray) return refuse(stray)
  const words = (ids: string) => ids.replaceAll(':', ' ')
  const topic = topLevel ? topLevel[0] : id.split(':')[0]
  const listed = topLevel ? visible.some((c) => c.id.startsWith(`${topic}:`)) : config.findTopic(topic)
  const help = `${config.bin} help${listed ? ` ${topic}` : ''}`
  const flags = shellWords(argv)
  const meant = suggestion ? `; did you mean ${words(suggestion)}${flags ? ` ${flags}` : ''}?` : ''
  process.stderr.write(`${errorLabel()} ${words(id)} is not a ${config.bin} command${meant}\n`)
  process.stderr.write(`Run "${help}" for a list of the commands.\n`)
  return 127
}
