/**
 * What a team does (docs/plugins.md), outside the repository: `cli plugins new`, the core from a packed tarball,
 * build, link; the read and change commands against the stand-in with every guardrail, on the fast path; the
 * commands in help and in bash completion (a shell that stays open sees them come and go); the plugin's own test;
 * unlink. npm runs offline throughout (test/support/team-plugin.ts).
 */
import {existsSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {BIN, runCli} from '../support/cli.js'
import {runLogged} from '../support/module-log.js'
import {makeTeamPlugin, run, type TeamPlugin} from '../support/team-plugin.js'
import {useUpstream} from '../support/upstream-suite.js'

/** One bash that stays open: completes `words`, runs `cli ...between` inside it, completes `words` again. */
const COMPLETE_AROUND = `source "$1"; shift
fn=$(complete -p cli | sed -E 's/.*-F ([^ ]+) .*/\\1/')
complete_now() {
  COMP_WORDS=(cli "$@"); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); "$fn"; echo "\${COMPREPLY[*]}"
}
words=$1; shift
complete_now $words ""
"$@" > /dev/null 2>&1 || echo "cli failed: $?"
fn=$(complete -p cli | sed -E 's/.*-F ([^ ]+) .*/\\1/')
complete_now $words ""`

/** The same in one zsh, with oclif's completion helpers stubbed to print the first words the script offers. */
const ZSH_AROUND = `fpath=($1 $fpath); shift
_arguments() { state=cmds; return 0 }
_values() { print -r -- "\${(j: :)\${@[2,-1]%%\\[*}}" }
autoload -Uz _cli
_cli
"$@" > /dev/null 2>&1 || echo "cli failed: $?"
_cli`
const hasZsh = ['/bin/zsh', '/usr/bin/zsh'].some((p) => existsSync(p))

describe("a team's plugin: new, build, link, run, unlink", function () {
  this.timeout(240_000)
  const suite = useUpstream()
  let team: TeamPlugin
  const cli = (args: string[], env: Record<string, string> = {}) =>
    runCli(args, {home: team.home, env: {...team.env, ...suite.env, ...env}})
  const sent = () => suite.up.requests.map((q) => `${q.method} ${q.path}${q.rawQuery ? `?${q.rawQuery}` : ''}`)
  const script = () => join(team.home, '.cache', 'invoicing-cli', 'autocomplete', 'functions', 'bash', 'cli.bash')
  const bash = (words: string, ...cliArgs: string[]) =>
    run(
      'bash',
      ['--norc', '--noprofile', '-c', COMPLETE_AROUND, 'bash', script(), words, process.execPath, BIN, ...cliArgs],
      team.dir,
      {...team.env, ...suite.env},
    )

  const zsh = (...cliArgs: string[]) =>
    run(
      'zsh',
      ['-f', '-c', ZSH_AROUND, 'zsh', join(script(), '..', '..', 'zsh'), process.execPath, BIN, ...cliArgs],
      team.dir,
      {
        ...team.env,
        ...suite.env,
      },
    )
  /** The first words zsh offered before and after `cli ...cliArgs` ran in it (zsh is not everywhere: else none). */
  const zshAround = async (...cliArgs: string[]) => {
    if (!hasZsh) return undefined
    const r = await zsh(...cliArgs)
    expect(r.code, r.stderr).to.equal(0)
    return r.stdout
      .trim()
      .split('\n')
      .map((line) => line.split(' '))
  }

  before(async () => {
    team = await makeTeamPlugin()
    // Completion set up before the plugin exists, as in a shell opened earlier.
    const ac = await cli(['autocomplete', '--refresh-cache'])
    expect(ac.code, ac.stderr).to.equal(0)
  })
  after(() => team?.cleanup())

  it('links on the first try, and a shell opened before completes its commands at once', async () => {
    const r = await bash('', 'plugins', 'link', team.plugin)
    expect(r.code, r.stderr).to.equal(0)
    const [before, after] = r.stdout.trim().split('\n')
    expect(before.split(' ')).not.to.include('acme')
    expect(after.split(' ')).to.include('acme')
    if (hasZsh) {
      // zsh, in a shell that stays open: the plugin goes, and comes back.
      const [linked, unlinked] = (await zshAround('plugins', 'unlink', 'invoicing-cli-plugin-acme'))!
      expect(linked).to.include('acme')
      expect(unlinked).not.to.include('acme')
      const [away, back] = (await zshAround('plugins', 'link', team.plugin, '--no-install'))!
      expect(away).not.to.include('acme')
      expect(back).to.include('acme')
    }
    const verbs = await bash('acme', '--version')
    expect(verbs.stdout.trim().split('\n')[1].split(' ').sort()).to.deep.equal(['invoices', 'note', 'run'])
  })

  it('shows the commands in help', async () => {
    const topic = await cli(['acme', '--help'])
    expect(topic.code).to.equal(0)
    expect(topic.stdout).to.match(/acme invoices +acme: a client's invoices\./)
    expect(topic.stdout).to.match(/acme note +acme: set a client's private notes\./)
    const note = await cli(['acme', 'note', '--help'])
    expect(note.stdout).to.include('-y, --yes').and.include('--dry-run').and.include('-o, --output=<option>')
  })

  it('reads: the client by name as core commands take it, the list with --all, on the fast path', async () => {
    const r = await runLogged(
      ['acme', 'invoices', 'Acme Ltd', '--all', '-o', 'json'],
      {...team.env, ...suite.env},
      team.home,
    )
    expect(r.stderr).to.equal('')
    expect(r.code).to.equal(0)
    expect(r.oclif, 'the fast path ran it').to.equal(false)
    expect((JSON.parse(r.stdout) as {data: Array<{number: string}>}).data.map((i) => i.number)).to.deep.equal(['0001'])
    const [lookup, list] = suite.up.requests
    expect([lookup.method, lookup.path]).to.deep.equal(['GET', '/api/v1/clients'])
    expect(Object.values(lookup.query)).to.include('Acme Ltd')
    expect([list.method, list.path, list.query.client_id, list.query.sort]).to.deep.equal([
      'GET',
      '/api/v1/invoices',
      'VolejRejNm',
      'id|asc',
    ])
    expect(suite.up.requests).to.have.length(2)
    // On oclif too, the plugin's own copy of the core (from the tarball) hands over the CLI's: its modules never load.
    const env = {...team.env, ...suite.env, CLI_FAST_PATH: '0'}
    const onOclif = await runLogged(['acme', 'invoices', 'VolejRejNm', '-o', 'json'], env, team.home)
    expect(onOclif.code, onOclif.stderr).to.equal(0)
    expect(onOclif.oclif).to.equal(true)
    const copy = join(team.plugin, 'node_modules', '@invoicing-cli', 'core', 'dist')
    // Its entry's `module-sync` form where Node can require() an ES module (the core's package.json).
    const entry = (process.features as {require_module?: boolean}).require_module ? 'entry-sync.js' : 'entry.js'
    expect([...new Set(onOclif.modules.filter((m) => m.includes(copy)))]).to.deep.equal([`file://${copy}/${entry}`])
    suite.up.reset()
    const refused = await cli(['acme', 'invoices', 'VolejRejNm', '--filter', 'nope=1'])
    expect(refused.code).to.equal(2)
    expect(refused.stderr).to.match(/nope/)
    expect(sent()).to.deep.equal([])
  })

  it('changes only with --yes: refused (exit 3, nothing sent), a dry run, then once', async () => {
    const refused = await cli(['acme', 'note', 'Acme Ltd', 'Pays by the 5th'])
    expect(refused.code).to.equal(3)
    expect(refused.stderr).to.match(/^Error: acme note changes upstream records: pass --yes/)
    expect(sent()).to.deep.equal([])
    const dry = await cli(['acme', 'note', 'Acme Ltd', 'Pays by the 5th', '--dry-run'])
    expect(dry.code, dry.stderr).to.equal(0)
    expect(dry.stdout).to.match(new RegExp(`^PUT ${suite.up.url}/api/v1/clients/VolejRejNm\\n`))
    expect(dry.stderr).to.include('resolved Acme Ltd → VolejRejNm')
    expect(suite.up.requests.filter((q) => q.method !== 'GET')).to.deep.equal([])
    suite.up.reset()
    const done = await cli(['acme', 'note', 'Acme Ltd', 'Pays by the 5th', '--yes', '-o', 'json'])
    expect(done.code, done.stderr).to.equal(0)
    const writes = suite.up.requests.filter((q) => q.method !== 'GET')
    expect(writes.map((q) => [q.method, q.path, q.json])).to.deep.equal([
      ['PUT', '/api/v1/clients/VolejRejNm', {private_notes: 'Pays by the 5th'}],
    ])
    expect(done.stderr).to.match(/^noted client .*VolejRejNm/m)
    expect(JSON.parse(done.stdout).data.private_notes).to.equal('Pays by the 5th')
  })

  it("passes the plugin's own test, which runs its commands through cli", async () => {
    const r = await run(process.execPath, ['--test', 'test/'], team.plugin, {...team.env, CLI: BIN})
    expect(r.code, r.stdout + r.stderr).to.equal(0)
    expect(r.stdout).to.match(/# pass 5\n/)
  })

  it('unlinks: the commands leave help, completion and the CLI', async () => {
    const r = await bash('', 'plugins', 'unlink', 'invoicing-cli-plugin-acme')
    expect(r.code, r.stderr).to.equal(0)
    const [before, after] = r.stdout.trim().split('\n')
    expect(before.split(' ')).to.include('acme')
    expect(after.split(' ')).not.to.include('acme')
    const gone = await cli(['acme', 'run'])
    expect(gone.code).to.equal(127)
  })
})
