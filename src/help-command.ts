/**
 * `cli help [COMMAND...]`, and what oclif runs for a topic named alone (`cli invoices`): the help class package.json
 * names (src/help.ts) on the copy of @oclif/core this CLI loaded. It stands in for @oclif/plugin-help's command,
 * whose module imports a second copy of @oclif/core (≈130 ms of every `cli help` and `cli <topic>`). Registered for
 * oclif only (src/cli.ts), so not in src/commands, whose classes the fast path runs on its subset of oclif: the fast
 * path hands `help` to oclif (scripts/fast-path-bundles.js lists it with the bundled plugins' commands).
 */
import {Args, Command, Flags, loadHelpClass} from '@oclif/core'

export default class HelpCommand extends Command {
  static summary = 'Show the help of cli, of a topic or of a command.'
  static description =
    'The same page as the command followed by --help: `cli help invoices list` is `cli invoices list --help`. ' +
    'Sends nothing upstream.'
  static examples = [
    '<%= config.bin %> help invoices',
    '<%= config.bin %> help invoices list',
    '<%= config.bin %> help environment',
  ]
  static args = {command: Args.string({description: 'The topic or command, in words.', required: false})}
  static flags = {
    'nested-commands': Flags.boolean({char: 'n', description: 'List the commands of nested topics too.'}),
  }
  // Every word after `help` names the command.
  static strict = false

  async run(): Promise<void> {
    const {argv, flags} = await this.parse(HelpCommand)
    const Help = await loadHelpClass(this.config)
    await new Help(this.config, {all: flags['nested-commands']}).showHelp(argv as string[])
  }
}
