import {existsSync, readdirSync} from 'node:fs'
import {mkdir, writeFile} from 'node:fs/promises'
import {dirname, join, resolve} from 'node:path'

import {Args, Flags} from '@oclif/core'
import {BaseCommand, flags as coreFlags, shown, usageError, type Plan} from '@invoicing-cli/core/internal'

import {hostCoreVersion} from '../../plugins/core-range.js'
import {hostCoreDir} from '../../plugins/provide-core.js'
import {nextSteps, packageName, skeletonFiles} from '../../plugins/skeleton.js'

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/

/** `cli plugins new`: a team's plugin, ready to build, link and test (src/plugins/skeleton.ts writes its files). */
export default class PluginsNew extends BaseCommand {
  static summary = 'Write a new plugin: a runner, a read and a change command, their test, ready for plugins link.'
  static description =
    'Writes, in a new folder, a TypeScript plugin whose commands are `cli NAME run`, `cli NAME invoices` and ' +
    '`cli NAME note`, built on @invoicing-cli/core alone (the guardrail, --dry-run, record keys, list flags and ' +
    'the summary line come with it), and a test that runs them through cli against a stand-in. Prints the steps ' +
    'to build and link it (docs/plugins.md). Sends nothing upstream.'
  static examples = ['<%= config.bin %> plugins new acme', '<%= config.bin %> plugins new acme --dir ~/src/acme-cli']
  static baseFlags = coreFlags.baseFlagsWithout('columns', 'query', 'dry-run', 'base-url', 'profile', 'verbose')
  static args = {
    name: Args.string({
      description: "The plugin's topic: its commands are cli NAME ... (a-z, 0-9, -).",
      required: true,
    }),
  }
  static flags = {
    dir: Flags.string({summary: 'The folder to write it in, new or empty (default: ./invoicing-cli-plugin-NAME).'}),
  }
  /** Whether a word is a command or topic of the CLI already (src/commands.ts sets it): a plugin's would be hidden. */
  static taken: (word: string) => boolean = () => false

  protected async plan(): Promise<Plan> {
    const name = this.args.name ?? ''
    if (!NAME.test(name))
      throw usageError(`plugins new: ${shown(name)} is not a plugin name: use a-z, 0-9 and single dashes (acme)`)
    if ((this.ctor as typeof PluginsNew).taken(name))
      throw usageError(`plugins new: cli ${name} is a command of the CLI already, which a plugin's would not replace`)
    const dir = resolve((this.flags.dir as string | undefined) ?? packageName(name))
    if (existsSync(dir) && readdirSync(dir).length > 0)
      throw usageError(`plugins new: ${dir} is not empty: give a new or empty folder with --dir`)
    const options = {name, coreVersion: hostCoreVersion(), coreDir: await hostCoreDir()}
    const files = skeletonFiles(options)
    for (const [path, text] of files) {
      await mkdir(dirname(join(dir, path)), {recursive: true})
      await writeFile(join(dir, path), text, {flag: 'wx'})
    }
    const steps = nextSteps(options, dir)
    return {
      kind: 'local',
      result: {name: packageName(name), dir, files: files.map(([path]) => path), next: steps},
      text: [`Wrote ${packageName(name)} in ${dir}. Next:`, ...steps.map((s) => `  ${s}`)].join('\n'),
    }
  }
}
