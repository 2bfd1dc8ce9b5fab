// The command reference as the docs see it: oclif's Config for this package (no user plugins), its init hooks run,
// and oclif's readme generator (reached through src/oclif-adapter.ts), which renders a command's help exactly as
// `--help` prints it. scripts/docs.js writes docs/ with it; scripts/site/build.js the docs site. Needs a build.
import {createRequire} from 'node:module'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))

// The hand-written pages of docs/, in the order the index (and the site's sidebar) lists them, each once.
export const GUIDES = [
  ['usage.md', 'Using cli: payloads, guardrails and dry runs, lists inside a record, output formats, runners'],
  ['month-end.md', "Month-end work: reconciling the bank, failed e-mails, backups and the accountant's period pack"],
  ['setup.md', 'Installing and configuring: completion, logging in, profiles'],
  ['teams.md', 'Teams, scripts and agents: saved plans, the journal, undo, policies, tokens in the keychain'],
  ['agents.md', 'AI agents: the MCP server (cli mcp serve), registering it, how an agent should work'],
  ['errors.md', 'Errors, exit codes and the environment, in more words'],
  ['server-differences.md', 'The server as it is, not only the published document'],
  ['reliability.md', 'Reliability: what is guaranteed, and how it is tested'],
  ['decisions.md', 'Decisions where the spec is silent'],
  ['performance.md', 'Performance'],
  ['architecture.md', 'Architecture and development'],
  ['plugins.md', 'Writing a plugin'],
]

/**
 * The documented commands (visible, of this package and its bundled plugins, sorted by id), the bin, and
 * `generatorFor(options)`: oclif's readme generator subclassed to write into `files` (a Map) instead of the tree.
 */
export async function loadReference() {
  // The generator reads COLUMNS once, when it loads: fix the width so pages do not depend on the terminal.
  process.env.COLUMNS = '120'
  const oclifRequire = createRequire(join(ROOT, 'node_modules', 'oclif', 'package.json'))
  const {readmeGenerator} = await import('../dist/oclif-adapter.js')
  const ReadmeGenerator = await readmeGenerator(ROOT)
  const {Config, loadHelpClass, ux} = oclifRequire('@oclif/core')
  // The generator announces "replacing <!-- commands -->" even when nothing is written.
  ux.stdout = () => {}
  const config = await Config.load({root: ROOT, devPlugins: false, userPlugins: false})
  await config.runHook('init', {argv: [], id: 'readme'})
  const HelpClass = await loadHelpClass(config)

  class Capture extends ReadmeGenerator {
    files = new Map()
    async read() {
      return ''
    }
    async write(file, content) {
      this.files.set(file, content)
    }
  }
  const generatorFor = (options) => new Capture(config, options)
  const commands = config.commands
    .filter((c) => !c.hidden && c.pluginType === 'core')
    .sort((a, b) => a.id.localeCompare(b.id))
  // The width a pipe gets (dist/help/ holds the same pages): a page's code blocks fit without scrolling sideways.
  const help = new HelpClass(config, {maxWidth: 80, respectNoCacheDefault: true, stripAnsi: true})
  /** What `cli <command> --help | cat` prints. A copy: oclif's help rewrites the id it gets to `invoices create`. */
  const helpText = (c) => help.formatCommand({...c}).trim()
  return {bin: config.bin, commands, config, generatorFor, helpText, oclifRequire}
}
