import {Help, type Interfaces} from '@oclif/core'

import {commandWords} from './command-words.js'
import {ENVIRONMENT, environmentHelp, EXIT_CODES, section, type Table} from './environment.js'

const GETTING_STARTED: Table = {
  '$ cli auth login --base-url https://invoicing.co': 'save a token (or set CLI_BASE_URL and CLI_API_TOKEN)',
  '$ cli invoices': "a family's commands, examples and actions",
  '$ cli invoices list --output csv': 'records as a table, json, csv or yaml',
  '$ cli invoices create ... --dry-run': 'the request a change would send, sent nowhere',
  '$ cli help environment': 'every environment variable and exit code',
}

/**
 * Getting started, exit codes and environment, appended to the root help (`cli`, `cli --help`), `width` columns wide.
 */
export const rootHelpAppendix = (width?: number): string =>
  [
    section('GETTING STARTED', GETTING_STARTED, width),
    section('EXIT CODES', EXIT_CODES, width),
    section('ENVIRONMENT', ENVIRONMENT, width),
  ].join('\n\n')

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

  protected async showRootHelp(): Promise<void> {
    await super.showRootHelp()
    this.log(`\n${rootHelpAppendix(this.terminalWidth())}`)
  }

  protected async showTopicHelp(topic: Interfaces.Topic): Promise<void> {
    await super.showTopicHelp(topic)
    // The core (the registry) loads only for topic help: the root help stays light.
    const {FAMILIES, topicNotes} = await import('@invoicing-cli/core/internal')
    const family = FAMILIES.find((f) => f.word === topic.name)
    if (family) this.log(`${topicNotes(family, this.config.bin)}\n`)
  }
}
