/**
 * The runners are a plugin of their own, swappable: linked plugins add runners and replace the
 * bundled ones, and unlinking restores them. Fixtures live in test/fixtures/plugins.
 */
import {join} from 'node:path'

import {expect} from 'chai'

import {ROOT, runCli} from '../support/cli.js'
import {useHome} from '../support/home-suite.js'
import {HEALTH} from '../support/server-fixtures.js'
import {useUpstream} from '../support/upstream-suite.js'

const FIXTURES = join(ROOT, 'test', 'fixtures', 'plugins')

describe('plugins', () => {
  const suite = useUpstream()
  const home = useHome()
  const cli = (args: string[]) => runCli(args, {home: home.home, env: suite.env})

  it('the runners plugin is a core plugin of a fresh install', async () => {
    const r = await cli(['plugins', '--core'])
    expect(r.code).to.equal(0)
    expect(r.stdout).to.match(/^@invoicing-cli\/plugin-runners \d+\.\d+\.\d+ \(core\)$/m)
  })

  it('a linked plugin adds its own runner, which works like the bundled ones', async () => {
    const link = await cli(['plugins', 'link', join(FIXTURES, 'acme'), '--no-install'])
    expect(link.code, link.stderr).to.equal(0)
    const r = await cli(['acme', 'run', '--output', 'json'])
    expect(r.stderr).to.equal('')
    expect(r.code).to.equal(0)
    expect(JSON.parse(r.stdout)).to.deep.equal(HEALTH)
    expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal(['GET /api/v1/health_check'])
    const refused = await cli(['acme', 'run', '--data', '{}'])
    expect(refused.code).to.equal(2)
    expect(suite.up.requests).to.have.length(1)
  })

  it('a linked plugin replaces the bundled utility run; unlinking restores it', async () => {
    const before = await cli(['utility', 'run', '--dry-run'])
    expect(before.stdout).to.equal(`GET ${suite.up.url}/api/v1/ping\n`)

    const link = await cli(['plugins', 'link', join(FIXTURES, 'utility-override'), '--no-install'])
    expect(link.code, link.stderr).to.equal(0)
    const swapped = await cli(['utility', 'run', '--output', 'json'])
    expect(swapped.stderr).to.equal('')
    expect(swapped.code).to.equal(0)
    expect(JSON.parse(swapped.stdout)).to.have.property('currencies')
    expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal(['GET /api/v1/statics'])
    const help = await cli(['utility', 'run', '--help'])
    expect(help.stdout).to.include('Acme utility: read the statics.')

    const unlink = await cli(['plugins', 'unlink', '@acme/utility-override'])
    expect(unlink.code, unlink.stderr).to.equal(0)
    const restored = await cli(['utility', 'run', '--dry-run'])
    expect(restored.stdout).to.equal(`GET ${suite.up.url}/api/v1/ping\n`)
  })

  it('a linked plugin cannot replace resource commands', async () => {
    // The fixture only defines utility run; resource commands come from the CLI itself either way.
    await cli(['plugins', 'link', join(FIXTURES, 'utility-override'), '--no-install'])
    const r = await cli(['clients', 'list', '--dry-run'])
    expect(r.stdout).to.equal(`GET ${suite.up.url}/api/v1/clients\n`)
  })
})
