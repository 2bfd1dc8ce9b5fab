/**
 * With linked plugins the fast path (src/fast/plugins.ts) still runs the CLI's own commands, and leaves to oclif
 * whatever a plugin could change: the plugin's own commands, a runner it replaces, a command under one of the
 * CLI's, help, and any run at all when a plugin has hooks. Each case runs both ways (CLI_FAST_PATH=0 is oclif)
 * and compares exit code, output and the requests the stand-in received. Fixtures: test/fixtures/plugins.
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {ROOT, type CliResult} from './support/cli.js'
import {useHome} from './support/home-suite.js'
import {runLogged} from './support/module-log.js'
import {HEALTH} from './support/server-fixtures.js'
import {useUpstream} from './support/upstream-suite.js'

const FIXTURES = join(ROOT, 'test', 'fixtures', 'plugins')

describe('fast path: with linked plugins, as oclif', function () {
  this.timeout(60_000)
  const suite = useUpstream()
  const home = useHome()

  /** What `cli plugins link <fixture>` writes (test/e2e/plugins.test.ts links them with the command itself). */
  const link = (...names: string[]) => {
    const dataDir = join(home.home, '.local', 'share', 'invoicing-cli')
    mkdirSync(dataDir, {recursive: true})
    const plugins = names.map((name) => ({
      name: pluginName(name),
      root: join(FIXTURES, name),
      type: 'link',
    }))
    writeFileSync(join(dataDir, 'package.json'), JSON.stringify({private: true, oclif: {schema: 1, plugins}}))
  }

  // The stand-in stamps records with the time in seconds, which may tick between the two runs.
  const shown = (r: CliResult) => ({
    code: r.code,
    stdout: r.stdout.replaceAll(/\b1\d{9}\b/g, '<time>'),
    stderr: r.stderr,
  })
  const requests = () => suite.up.requests.map((q) => `${q.method} ${q.path}`)

  /** Runs the line on the default road, then under oclif; returns which road the first took, and the requests. */
  async function bothWays(args: string[]) {
    suite.up.reset()
    const first = await runLogged(args, suite.env, home.home)
    const sent = requests()
    suite.up.reset()
    const oclif = await runLogged(args, {...suite.env, CLI_FAST_PATH: '0'}, home.home)
    expect(oclif.oclif).to.equal(true)
    expect(shown(first), args.join(' ')).to.deep.equal(shown(oclif))
    expect(sent, args.join(' ')).to.deep.equal(requests())
    return {fast: !first.oclif, result: first, sent}
  }

  it("runs the CLI's own commands and the runners on the fast path beside a plugin without hooks", async () => {
    link('acme')
    const show = await bothWays(['clients', 'show', 'VolejRejNm', '-o', 'json'])
    expect(show.fast).to.equal(true)
    expect(JSON.parse(show.result.stdout).data.id).to.equal('VolejRejNm')
    expect(show.sent).to.deep.equal(['GET /api/v1/clients/VolejRejNm'])
    expect((await bothWays(['utility', 'run', '--dry-run'])).fast).to.equal(true)
    expect((await bothWays(['auth', 'status', '-o', 'json'])).fast).to.equal(true)
  })

  it("leaves the plugin's own command to oclif, which runs it", async () => {
    link('acme')
    const r = await bothWays(['acme', 'run', '-o', 'json'])
    expect(r.fast).to.equal(false)
    expect(JSON.parse(r.result.stdout)).to.deep.equal(HEALTH)
    expect(r.sent).to.deep.equal(['GET /api/v1/health_check'])
  })

  it('leaves a runner the plugin replaces to oclif, and help while a plugin brings commands', async () => {
    link('utility-override')
    const swapped = await bothWays(['utility', 'run', '-o', 'json'])
    expect(swapped.fast).to.equal(false)
    expect(swapped.sent).to.deep.equal(['GET /api/v1/statics'])
    const help = await bothWays(['utility', 'run', '--help'])
    expect(help.fast).to.equal(false)
    expect(help.result.stdout).to.include('Acme utility: read the statics.')
    expect((await bothWays(['clients', 'list', '--help'])).fast).to.equal(false)
    // The search runner is not replaced: still the fast path's.
    expect((await bothWays(['search', 'run', '--dry-run'])).fast).to.equal(true)
  })

  it("reads a command under one of the CLI's by its words, as oclif does", async () => {
    link('nested')
    const extra = await bothWays(['clients', 'show', 'extra'])
    expect(extra.fast).to.equal(false)
    expect(extra.sent).to.deep.equal(['GET /api/v1/statics'])
    const show = await bothWays(['clients', 'show', 'VolejRejNm'])
    expect(show.fast).to.equal(true)
    expect(show.sent).to.deep.equal(['GET /api/v1/clients/VolejRejNm'])
  })

  it("runs the command of a plugin that keeps to the core's oclif subset (its package.json says so)", async () => {
    link('team')
    const r = await bothWays(['team', 'run', '-o', 'json'])
    expect(r.fast).to.equal(true)
    expect(JSON.parse(r.result.stdout)).to.deep.equal(HEALTH)
    expect(r.sent).to.deep.equal(['GET /api/v1/health_check'])
    const refused = await bothWays(['team', 'run', '--data', '{}'])
    expect(refused.fast).to.equal(true)
    expect(refused.result.code).to.equal(2)
    expect(refused.sent).to.deep.equal([])
    // A flag the command lacks: declined after the plugin's file was imported, so oclif reads it afresh (exit 2).
    const unknown = await bothWays(['team', 'run', '--nope'])
    expect(unknown.result.code).to.equal(2)
    expect(unknown.sent).to.deep.equal([])
    // A command module that awaits as it loads cannot be require()d (bin/run.js): import()ed, on the fast path still.
    const later = await bothWays(['team', 'later', '-o', 'json'])
    expect(later.fast).to.equal(true)
    expect(JSON.parse(later.result.stdout)).to.deep.equal(HEALTH)
    expect(later.sent).to.deep.equal(['GET /api/v1/health_check'])
    // Help, and the same plugin beside the CLI's own commands
    expect((await bothWays(['team', 'run', '--help'])).fast).to.equal(false)
    expect((await bothWays(['clients', 'list', '--dry-run'])).fast).to.equal(true)
  })

  it('hands a command that only claims the subset to oclif, in a fresh process, with the same result', async () => {
    link('mixed')
    const r = await bothWays(['mixed', 'hello'])
    expect(r.fast).to.equal(false)
    expect(r.result.stdout).to.equal('hello from invoicing-cli\n')
    expect(r.result.code).to.equal(0)
  })

  it("leaves every command to oclif when a plugin has hooks, and the plugin's hook runs", async () => {
    link('acme', 'hooked')
    const r = await bothWays(['clients', 'list', '--dry-run'])
    expect(r.fast).to.equal(false)
    expect(r.result.stderr).to.equal('hooked: init before clients:list\n')
    expect(r.result.stdout).to.equal(`GET ${suite.up.url}/api/v1/clients\n`)
    expect(r.sent).to.deep.equal([])
  })
})

const pluginName = (fixture: string): string =>
  (JSON.parse(readFileSync(join(FIXTURES, fixture, 'package.json'), 'utf8')) as {name: string}).name
