/**
 * Install as users do: `npm pack`, then `npm i -g` of the tarball into a throwaway prefix. The
 * core package and the runners plugin travel inside the tarball (bundled), and the installed
 * `cli` answers --help, a dry run, `plugins --core` and live requests (got and yaml load).
 */
import {existsSync, lstatSync, mkdtempSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {makeHome, npmCommand, ROOT, runCli, runProcess, upstreamEnv} from './support/cli.js'
import {startUpstream, type Upstream} from './support/upstream.js'

const npm = (args: string[], cwd: string) => runProcess(...npmCommand(args), {cwd})

describe('npm pack, then a global install into a temporary prefix', function () {
  this.timeout(240_000)
  let dir: string
  let installed: string
  let bin: string
  let files: string[]
  let up: Upstream
  let home: ReturnType<typeof makeHome>

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cli-pack-'))
    // The build is fresh (npm test builds first): no prepare run, no rebuild.
    const pack = await npm(['pack', '--ignore-scripts', '--json', '--pack-destination', dir], ROOT)
    expect(pack.code, pack.stderr).to.equal(0)
    const [info] = JSON.parse(pack.stdout) as Array<{filename: string; files: Array<{path: string}>}>
    files = info.files.map((f) => f.path)
    const prefix = join(dir, 'prefix')
    const install = await npm(
      [
        'install',
        '--global',
        '--prefix',
        prefix,
        '--ignore-scripts',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        join(dir, info.filename),
      ],
      dir,
    )
    expect(install.code, install.stderr).to.equal(0)
    installed = join(prefix, 'lib', 'node_modules', 'invoicing-cli')
    bin = join(prefix, 'bin', 'cli')
    up = await startUpstream()
    home = makeHome()
  })
  after(async () => {
    await up?.close()
    home?.cleanup()
    if (dir) rmSync(dir, {recursive: true, force: true})
  })

  const cli = (args: string[], env: Record<string, string> = {}) => runCli(args, {bin, home: home.home, env, cwd: dir})

  it('the tarball carries the built CLI and both workspace packages, nothing of the source tree', () => {
    for (const f of [
      'bin/run.js',
      'dist/commands.js',
      'oclif.manifest.json',
      'node_modules/@invoicing-cli/core/dist/index.js',
      'node_modules/@invoicing-cli/plugin-runners/oclif.manifest.json',
    ]) {
      expect(files, f).to.include(f)
    }
    expect(files.filter((f) => /^(src|test|scripts|packages|plugins)\//.test(f))).to.deep.equal([])
  })

  it('installs the bundled packages as real folders inside the CLI', () => {
    expect(existsSync(bin)).to.equal(true)
    for (const name of ['core', 'plugin-runners'])
      expect(lstatSync(join(installed, 'node_modules', '@invoicing-cli', name)).isDirectory(), name).to.equal(true)
    expect(readdirSync(installed)).not.to.include('packages')
  })

  it('the installed cli answers --help', async () => {
    const r = await cli(['--help'])
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal('')
    expect(r.stdout).to.match(/^ {2}documents {2}credits, invoices, /m)
    expect(r.stdout).to.include('EXIT CODES')
  })

  it('a dry run, with the payload check on the way', async () => {
    const r = await cli([
      'invoices',
      'create',
      '--client-id',
      'VolejRejNm',
      '--line-item',
      'product_key=A,quantity=2,cost=10',
      '--field',
      'public_note=hi',
      '--dry-run',
      '--output',
      'json',
    ])
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal('Warning: public_note is not an invoices field; did you mean public_notes?\n')
    expect(JSON.parse(r.stdout).request).to.deep.include({
      method: 'POST',
      url: 'https://invoicing.example/api/v1/invoices',
    })
  })

  it('plugins --core lists the bundled runners plugin', async () => {
    const r = await cli(['plugins', '--core'])
    expect(r.code).to.equal(0)
    expect(r.stdout).to.match(/^@invoicing-cli\/plugin-runners 0\.1\.0 \(core\)$/m)
  })

  it('live requests: a list as csv, a runner as yaml (got and yaml resolve inside the install)', async () => {
    up.reset()
    const list = await cli(['clients', 'list', '--output', 'csv', '--columns', 'id,name'], upstreamEnv(up))
    expect(list.stderr).to.equal('')
    expect(list.code).to.equal(0)
    expect(list.stdout).to.equal('id,name\r\nVolejRejNm,Acme Ltd\r\nOpnel5aKBz,Globex Corporation\r\n')
    const ping = await cli(['utility', 'run', '--output', 'yaml'], upstreamEnv(up))
    expect(ping.code).to.equal(0)
    expect(ping.stdout).to.equal('company_name: Stand-in Co\nuser_name: Test User\n')
    expect(up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal(['GET /api/v1/clients', 'GET /api/v1/ping'])
  })
})
