/**
 * The same team plugin shared as a tarball (`npm pack`, then `cli plugins install file:...`), npm offline: its peer
 * dependency on the core is met by the CLI's own copy, its commands run with the guardrails, and a plugin written for
 * another core still runs, after one warning line, on either road. test/e2e/plugins-team.test.ts links it instead.
 */
import {readFileSync, readlinkSync, realpathSync, writeFileSync} from 'node:fs'
import {join, resolve} from 'node:path'

import {expect} from 'chai'

import {npmCommand, ROOT, runCli} from '../support/cli.js'
import {makeTeamPlugin, run, type TeamPlugin} from '../support/team-plugin.js'
import {HEALTH} from '../support/server-fixtures.js'
import {useUpstream} from '../support/upstream-suite.js'

const CORE = (JSON.parse(readFileSync(join(ROOT, 'packages', 'core', 'package.json'), 'utf8')) as {version: string})
  .version

describe("a team's plugin installed from its tarball", function () {
  this.timeout(240_000)
  const suite = useUpstream()
  let team: TeamPlugin
  let installed: string
  const cli = (args: string[], env: Record<string, string> = {}) =>
    runCli(args, {home: team.home, env: {...team.env, ...suite.env, ...env}})
  const dataDir = () => join(team.home, '.local', 'share', 'invoicing-cli')

  before(async () => {
    team = await makeTeamPlugin()
    const pack = await run(...npmCommand(['pack', '--pack-destination', team.dir]), team.plugin, {
      ...process.env,
      ...team.env,
    })
    expect(pack.code, pack.stderr).to.equal(0)
    const tarball = join(team.dir, 'invoicing-cli-plugin-acme-0.1.0.tgz')
    const r = await cli(['plugins', 'install', `file:${tarball}`])
    expect(r.code, r.stderr).to.equal(0)
    installed = join(dataDir(), 'node_modules', 'invoicing-cli-plugin-acme')
  })
  after(() => team?.cleanup())

  it("meets the plugin's peer dependency with the CLI's own core, from no registry", () => {
    const data = JSON.parse(readFileSync(join(dataDir(), 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    const own = realpathSync(join(ROOT, 'node_modules', '@invoicing-cli', 'core'))
    expect(data.dependencies['@invoicing-cli/core']).to.equal(`file:${own}`)
    const link = join(dataDir(), 'node_modules', '@invoicing-cli', 'core')
    expect(resolve(dataDir(), 'node_modules', '@invoicing-cli', readlinkSync(link))).to.equal(own)
  })

  it('runs the read and the change command with the guardrails', async () => {
    const list = await cli(['acme', 'invoices', '0001', '--limit', '1', '-o', 'json'])
    expect(list.code, list.stderr).to.equal(0)
    expect(JSON.parse(list.stdout).data.map((i: {id: string}) => i.id)).to.deep.equal(['WJxbojagwO'])
    expect(suite.up.requests.at(-1)?.query).to.include({client_id: 'VolejRejNm'})
    suite.up.reset()
    const refused = await cli(['acme', 'note', 'VolejRejNm', 'Net 30'])
    expect(refused.code).to.equal(3)
    expect(suite.up.requests).to.deep.equal([])
    const done = await cli(['acme', 'note', 'VolejRejNm', 'Net 30', '--yes', '--quiet'])
    expect(done.code, done.stderr).to.equal(0)
    expect(done.stderr).to.equal('')
    expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal(['PUT /api/v1/clients/VolejRejNm'])
    expect(suite.up.requests[0].json).to.deep.equal({private_notes: 'Net 30'})
  })

  it('runs a plugin written for another core after one warning line, on the fast path and on oclif', async () => {
    const file = join(installed, 'package.json')
    const pjson = JSON.parse(readFileSync(file, 'utf8')) as {peerDependencies: Record<string, string>}
    pjson.peerDependencies['@invoicing-cli/core'] = '^9.0.0'
    writeFileSync(file, JSON.stringify(pjson))
    for (const road of ['1', '0']) {
      suite.up.reset()
      const r = await cli(['acme', 'run', '-o', 'json'], {CLI_FAST_PATH: road})
      expect(r.code, r.stderr).to.equal(0)
      expect(r.stderr).to.equal(
        `Warning: invoicing-cli-plugin-acme was written for @invoicing-cli/core ^9.0.0, and this cli has ${CORE}: ` +
          'its commands may fail (update the plugin, or the CLI)\n',
      )
      expect(JSON.parse(r.stdout)).to.deep.equal(HEALTH)
      expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal(['GET /api/v1/health_check'])
    }
  })

  it('uninstalls', async () => {
    const r = await cli(['plugins', 'uninstall', 'invoicing-cli-plugin-acme'])
    expect(r.code, r.stderr).to.equal(0)
    expect((await cli(['acme', 'run'])).code).to.equal(127)
  })
})
