/**
 * `cli <command> --help` on a pipe prints the page the build wrote with oclif's own help
 * (scripts/help-pages.js, src/fast/help.ts): the same bytes oclif prints, without loading oclif. Where the
 * page could differ (a terminal's width, forced colours, OCLIF_COLUMNS) oclif renders it.
 */
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {ROOT} from './support/cli.js'
import {runLogged} from './support/module-log.js'
import {runOnTty} from './support/tty.js'

const manifestIds = (dir: string): string[] =>
  Object.keys((JSON.parse(readFileSync(join(dir, 'oclif.manifest.json'), 'utf8')) as {commands: object}).commands)

describe('fast path: help pages, as oclif prints them', function () {
  this.timeout(60_000)

  it('has a page for every command of the CLI and of the runners, and for their topics, and no other', () => {
    // Not help's: `help --help` is root help, which names the Node version (scripts/help-pages.js).
    const ids = [...manifestIds(ROOT), ...manifestIds(join(ROOT, 'plugins', 'runners'))].filter((id) => id !== 'help')
    // oclif's own plugins' commands: a topic that is one of them, or holds one, has no page (its help is theirs).
    const others = ['plugin-autocomplete', 'plugin-plugins'].flatMap((p) =>
      manifestIds(join(ROOT, 'node_modules', '@oclif', p)),
    )
    const prefixes = ids.flatMap((id) => id.split(':').map((_, i, words) => words.slice(0, i).join(':')))
    const topics = [...new Set(prefixes)].filter(
      (t) => t !== '' && !ids.includes(t) && !others.some((o) => o === t || o.startsWith(`${t}:`)),
    )
    expect(topics).to.include.members(['invoices', 'auth', 'utility'])
    const pages = readdirSync(join(ROOT, 'dist', 'help')).map((f) => f.replace(/\.txt$/, '').replaceAll('.', ':'))
    expect(pages.sort()).to.deep.equal([...ids, ...topics].sort())
  })

  const lines = [
    ['invoices', 'list', '--help'],
    ['clients', 'show', '--help'],
    ['invoices', 'email', '--help'],
    ['api', '--help'],
    ['auth', 'status', '--help'],
    ['import', 'csv', '--help'],
    ['utility', 'run', '--help'],
    ['reports', 'run', '--help'],
    // A topic: named alone (oclif runs help for it), with --help, or after help; a command after help.
    ['invoices'],
    ['invoices', '--help'],
    ['help', 'invoices'],
    ['help', 'invoices', 'list'],
    ['auth'],
    ['help', 'utility'],
  ]
  for (const args of lines) {
    it(`cli ${args.join(' ')}`, async () => {
      const fast = await runLogged(args, {})
      const oclif = await runLogged(args, {CLI_FAST_PATH: '0'})
      expect(fast.oclif, 'the fast path loaded oclif').to.equal(false)
      expect(oclif.oclif).to.equal(true)
      expect(fast.stdout).to.have.length.greaterThan(100)
      expect({code: fast.code, stdout: fast.stdout, stderr: fast.stderr}).to.deep.equal({
        code: oclif.code,
        stdout: oclif.stdout,
        stderr: oclif.stderr,
      })
    })
  }

  it('leaves help to oclif where the page could differ: another width, forced colours, other words', async () => {
    for (const env of [{OCLIF_COLUMNS: '120'}, {FORCE_COLOR: '1'}] as Array<Record<string, string>>) {
      const r = await runLogged(['invoices', 'list', '--help'], env)
      expect(r.oclif, JSON.stringify(env)).to.equal(true)
      const page = readFileSync(join(ROOT, 'dist', 'help', 'invoices.list.txt'), 'utf8')
      expect(r.stdout).not.to.equal(page)
    }
    // Root help (it names the Node version), help's own flags, a topic's help anywhere but last, an unknown word.
    for (const args of [
      ['invoices', 'list', '-o', 'json', '--help'],
      ['help'],
      ['help', '-n', 'invoices'],
      ['invoices', '--help', '-o', 'json'],
      ['help', 'invoics'],
      ['invoics'],
    ]) {
      expect((await runLogged(args, {})).oclif, args.join(' ')).to.equal(true)
    }
  })

  it('leaves help on a terminal to oclif, at the terminal width', async () => {
    const r = await runOnTty(['invoices', 'list', '--help'], {cols: 120})
    expect(r.code).to.equal(0)
    const page = readFileSync(join(ROOT, 'dist', 'help', 'invoices.list.txt'), 'utf8')
    // The page wraps at 80 columns; oclif on a 120-column terminal wraps the usage line further out.
    expect(r.tty).to.include('List invoices.')
    expect(r.tty.split('\n').some((line) => line.length > 80)).to.equal(true)
    expect(page.split('\n').every((line) => line.length <= 80)).to.equal(true)
  })
})
