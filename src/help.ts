import {Help, type Interfaces} from '@oclif/core'

import {commandWords} from './command-words.js'
import {ENVIRONMENT, environmentHelp, EXIT_CODE_WORDS, section, type Table, wrap} from './environment.js'

// Short enough that each is one line of an 80-column terminal.
const GETTING_STARTED: Table = {
  '$ cli auth login --base-url https://invoicing.co': 'save a token',
  '$ cli invoices': "a topic's commands",
  '$ cli invoices list --output csv': 'records for a spreadsheet',
  '$ cli invoices create ... --dry-run': 'the request, sent nowhere',
  '$ cli help environment': 'variables and exit codes',
}

/** Where root help lists a topic or command that is no family's: the CLI's own, and plugins'. */
const TOOLS = 'tools'

/** A title, then a paragraph indented two spaces, wrapped to `width` (piped: one line). */
const paragraph = (title: string, text: string, width = Number.POSITIVE_INFINITY): string =>
  [title, ...wrap(text, Math.max(24, width - 2)).map((line) => `  ${line}`)].join('\n')

/**
 * Getting started, the exit codes in a few words and the environment variables by name, appended to the root help
 * (`cli`, `cli --help`), `width` columns wide: what each means is `cli help environment`'s.
 */
export const rootHelpAppendix = (width?: number): string =>
  [
    section('GETTING STARTED', GETTING_STARTED, width),
    paragraph(
      'EXIT CODES (cli help environment says what each means)',
      Object.entries(EXIT_CODE_WORDS)
        .map(([code, words]) => `${code} ${words}`)
        .join(', '),
      width,
    ),
    paragraph('ENVIRONMENT (cli help environment)', Object.keys(ENVIRONMENT).join(', '), width),
  ].join('\n\n')

/**
 * Topic and command names by group, in root help's order: the registry's groups for the families (`groupOf`), then
 * `tools` for the rest; sorted within a group, empty groups left out. Root help and the docs site list these.
 */
export function topicsByGroup(
  names: readonly string[],
  groupOf: ReadonlyMap<string, string>,
  groups: readonly string[],
): Map<string, string[]> {
  const byGroup = new Map<string, string[]>([...groups, TOOLS].map((g) => [g, []]))
  for (const name of [...new Set(names)].sort()) byGroup.get(groupOf.get(name) ?? TOOLS)!.push(name)
  return new Map([...byGroup].filter(([, list]) => list.length > 0))
}

/**
 * The root help's topics and commands by group, one line a group: a screen, where one line a topic took two.
 */
export function groupedTopics(
  names: readonly string[],
  groupOf: ReadonlyMap<string, string>,
  groups: readonly string[],
  width?: number,
): string {
  const table = Object.fromEntries([...topicsByGroup(names, groupOf, groups)].map(([g, list]) => [g, list.join(', ')]))
  return section('TOPICS (cli TOPIC: its commands, examples and actions)', table, width)
}

export default class CliHelp extends Help {
  /** `cli help environment` is a help page of its own, not a command. */
  async showHelp(argv: string[]): Promise<void> {
    if (argv.length === 1 && argv[0] === 'environment') {
      this.log(environmentHelp(this.terminalWidth()))
      return
    }
    const words = argv.slice(
      0,
      [...argv, '-'].findIndex((a) => a.startsWith('-')),
    )
    const rest = argv.slice(words.length)
    const id = words.join(':')
    if (!id || this.config.findCommand(id) || this.config.findTopic(id)) return super.showHelp(argv)
    // Words past a command are its arguments (oclif would look for `clients:list:Acme`): its help.
    const n = commandWords(this.config, words)
    if (n > 0) return super.showHelp([...words.slice(0, n), ...rest])
    // Not oclif's "Command invoics not found.": the answer an unknown command gets (exit 127, the nearest command).
    const [{answerUnknownCommand}, {silentExit}] = await Promise.all([
      import('./unknown-command.js'),
      import('@invoicing-cli/core/internal'),
    ])
    throw silentExit(answerUnknownCommand(this.config, id, rest))
  }

  /** The width our own sections wrap to: the terminal's; piped, a line an entry (for grep), as tables do. */
  private terminalWidth(): number | undefined {
    return process.stdout.isTTY ? this.opts.maxWidth : undefined
  }

  /** oclif's root (description, version, usage), the topics and commands by group, then the appendix. */
  protected async showRootHelp(): Promise<void> {
    this.log(this.formatRoot())
    this.log('')
    // The registry (each family's group) loads only for root and topic help.
    const {FAMILIES, GROUPS} = await import('@invoicing-cli/core/internal')
    const names = [
      ...this.sortedTopics.filter((t) => !t.name.includes(':')).map((t) => t.name),
      ...this.sortedCommands.filter((c) => c.id && !c.id.includes(':')).map((c) => c.id),
    ]
    const groupOf = new Map<string, string>(FAMILIES.map((f) => [f.word, f.group]))
    this.log(groupedTopics(names, groupOf, GROUPS, this.terminalWidth()))
    this.log(`\n${rootHelpAppendix(this.terminalWidth())}`)
  }

  protected async showTopicHelp(topic: Interfaces.Topic): Promise<void> {
    await super.showTopicHelp(topic)
    // The core (the registry) loads only for root and topic help.
    const {FAMILIES, topicNotes} = await import('@invoicing-cli/core/internal')
    const family = FAMILIES.find((f) => f.word === topic.name)
    if (family) this.log(`${topicNotes(family, this.config.bin)}\n`)
  }
}
