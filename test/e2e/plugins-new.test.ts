/**
 * `cli plugins new` refuses what would not work, writing nothing (exit 2); and the one line a plugin written for
 * another core gets (src/plugins/core-range.ts), for the ranges a package.json holds.
 */
import {existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {coreRangeWarning} from '../../src/plugins/core-range.js'
import {runCli} from '../support/cli.js'

describe('cli plugins new: refusals', () => {
  let dir: string
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'cli-new-'))))
  afterEach(() => rmSync(dir, {recursive: true, force: true}))

  const refused = async (args: string[], message: string) => {
    const r = await runCli(['plugins', 'new', ...args], {cwd: dir})
    expect(r.code).to.equal(2)
    expect(r.stdout).to.equal('')
    expect(r.stderr).to.equal(`Error: plugins new: ${message}\n`)
  }

  it('a name that is not a word of a-z, 0-9 and dashes, or is a command of the CLI', async () => {
    await refused(['Acme Co'], '"Acme Co" is not a plugin name: use a-z, 0-9 and single dashes (acme)')
    await refused(['acme--x'], '"acme--x" is not a plugin name: use a-z, 0-9 and single dashes (acme)')
    await refused(['invoices'], "cli invoices is a command of the CLI already, which a plugin's would not replace")
    await refused(['api'], "cli api is a command of the CLI already, which a plugin's would not replace")
    expect(readdirSync(dir)).to.deep.equal([])
  })

  it('a folder that is not empty, which it leaves as it was', async () => {
    mkdirSync(join(dir, 'mine'))
    writeFileSync(join(dir, 'mine', 'notes.txt'), 'keep')
    await refused(
      ['acme', '--dir', join(dir, 'mine')],
      `${join(dir, 'mine')} is not empty: give a new or empty folder with --dir`,
    )
    expect(readdirSync(join(dir, 'mine'))).to.deep.equal(['notes.txt'])
  })

  it('writes the skeleton into a new folder by default, and says it in json', async () => {
    const r = await runCli(['plugins', 'new', 'acme-tools', '-o', 'json'], {cwd: dir})
    expect(r.code, r.stderr).to.equal(0)
    const out = JSON.parse(r.stdout) as {name: string; dir: string; files: string[]}
    expect(out.name).to.equal('invoicing-cli-plugin-acme-tools')
    expect(out.dir).to.equal(join(dir, 'invoicing-cli-plugin-acme-tools'))
    for (const file of out.files) expect(existsSync(join(out.dir, file)), file).to.equal(true)
    expect(out.files).to.include.members([
      'package.json',
      'tsconfig.json',
      'src/commands/acme-tools/run.ts',
      'src/commands/acme-tools/invoices.ts',
      'src/commands/acme-tools/note.ts',
      'test/commands.test.js',
      'README.md',
    ])
  })
})

describe("a plugin's declared core against the CLI's", () => {
  const plugin = (range?: string, where: 'peerDependencies' | 'dependencies' = 'peerDependencies') => ({
    name: 'p',
    ...(range === undefined ? {} : {[where]: {'@invoicing-cli/core': range}}),
  })

  it('says nothing where the range takes the version, or says nothing about versions', async () => {
    for (const range of ['^0.1.0', '~0.1.0', '0.1.x', '*', '>=0.1 <0.3', 'file:../core.tgz', 'latest', undefined])
      expect(await coreRangeWarning(plugin(range), '0.1.4'), String(range)).to.equal(undefined)
    expect(await coreRangeWarning(plugin('^0.2.0-beta.1'), '0.2.0-beta.3')).to.equal(undefined)
  })

  it('one line where it does not, from peerDependencies before dependencies', async () => {
    expect(await coreRangeWarning(plugin('^0.2.0'), '0.1.4')).to.equal(
      'p was written for @invoicing-cli/core ^0.2.0, and this cli has 0.1.4: its commands may fail (update the ' +
        'plugin, or the CLI)',
    )
    expect(await coreRangeWarning(plugin('^1.0.0', 'dependencies'), '0.1.4')).to.match(/\^1\.0\.0/)
    expect(
      await coreRangeWarning(
        {name: 'p', peerDependencies: {'@invoicing-cli/core': '^0.1.0'}, dependencies: {'@invoicing-cli/core': '^2'}},
        '0.1.4',
      ),
    ).to.equal(undefined)
  })
})
