// dist/help/<words>.txt (`invoices.list.txt`: no colon, which some file systems refuse): what `cli <words> --help`
// prints when stdout is not a terminal, for every command the fast path runs and for their topics (src/fast/help.ts
// prints it then, without oclif). Written by oclif's own help, as bin/run.js would show it: Config loaded from this
// package, the init hooks run, the help class package.json names, the width of a pipe (80), no colours, and no user
// plugins or config (a throwaway data and config directory). Runs in `npm run build`, after the manifests; runs itself
// again in a child with that clean environment.
import {spawnSync} from 'node:child_process'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = join(root, 'dist', 'help')

if (process.env.HELP_PAGES_CHILD) {
  const {Config, loadHelpClass} = await import('@oclif/core')
  const config = await Config.load(root)
  // `help --help` is root help, which names the Node version that runs it: never printed from a page.
  const ids = config.commands
    .filter((c) => c.pluginName === config.pjson.name || c.pluginName === '@invoicing-cli/plugin-runners')
    .map((c) => c.id)
    .filter((id) => id !== 'help')
  const Help = await loadHelpClass(config)
  const write = process.stdout.write
  rmSync(out, {recursive: true, force: true})
  mkdirSync(out, {recursive: true})
  // A topic that is not a command, all of whose commands are these (a plugin's commands in it would change its page):
  // `cli invoices`, `cli invoices --help` and `cli help invoices` print its page.
  const own = new Set(ids)
  const topics = config.topics
    .map((t) => t.name)
    .filter((name) => {
      const inIt = config.commands.filter((c) => c.id.startsWith(`${name}:`))
      return !config.findCommand(name) && inIt.length > 0 && inIt.every((c) => own.has(c.id))
    })
  // Topics first: a command's help writes its id with spaces into the command's entry (oclif's CommandHelp), after
  // which a topic's help no longer finds that command under it.
  for (const id of [...topics, ...ids]) {
    const argv = [...id.split(':'), '--help']
    await config.runHook('init', {argv: ['--help'], id})
    let text = ''
    process.stdout.write = (chunk) => ((text += chunk), true)
    try {
      await new Help(config, config.pjson.oclif.helpOptions ?? config.pjson.helpOptions).showHelp(argv)
    } finally {
      process.stdout.write = write
    }
    writeFileSync(join(out, `${id.replaceAll(':', '.')}.txt`), text)
  }
  process.stderr.write(`help-pages: ${ids.length} commands' and ${topics.length} topics' pages in dist/help\n`)
} else {
  const home = mkdtempSync(join(tmpdir(), 'help-pages-'))
  try {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url)], {
      env: {PATH: process.env.PATH, HOME: home, HELP_PAGES_CHILD: '1'},
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    if (r.status !== 0) throw new Error(`help-pages failed (${r.status})`)
  } finally {
    rmSync(home, {recursive: true, force: true})
  }
}
