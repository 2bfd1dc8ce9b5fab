/**
 * What a command loads: the payload check (its field table and ajv) only on the write path, the
 * yaml library only for --output yaml. Commands that do not write pay nothing for either.
 */
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'

import {expect} from 'chai'

import {ROOT, runCli} from '../support/cli.js'

const REGISTER = pathToFileURL(join(ROOT, 'test', 'fixtures', 'module-log', 'register.mjs')).href

/** The modules a CLI run imported, of those this test watches. */
async function loaded(args: string[]): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cli-modules-'))
  const log = join(dir, 'modules.log')
  try {
    const r = await runCli(args, {env: {NODE_OPTIONS: `--import=${REGISTER}`, MODULE_LOG: log}})
    expect(r.code, r.stderr).to.equal(0)
    const urls = readFileSync(log, 'utf8').split('\n')
    const watched = {ajv: '/node_modules/ajv/', 'schema check': '/schema/check.js', 'field table': '/schema/fields.js', yaml: '/node_modules/yaml/', got: '/node_modules/got/'}
    return Object.entries(watched).filter(([, part]) => urls.some((u) => u.includes(part))).map(([name]) => name)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}

describe('startup cost: what each command loads', function () {
  this.timeout(30_000)

  it('help, lists and reads load neither the payload check nor ajv nor yaml', async () => {
    expect(await loaded(['--help'])).to.deep.equal([])
    expect(await loaded(['invoices', 'list', '--dry-run'])).to.deep.equal([])
    expect(await loaded(['invoices', 'show', 'X', '--dry-run', '--output', 'json'])).to.deep.equal([])
    expect(await loaded(['invoices', 'delete', 'X', '--dry-run'])).to.deep.equal([])
  })

  it('create and update load the check and ajv; --no-validate does not', async () => {
    expect(await loaded(['invoices', 'create', '--client-id', 'X', '--dry-run'])).to.deep.equal(['ajv', 'schema check', 'field table'])
    expect(await loaded(['clients', 'update', 'X', '--name', 'A', '--dry-run'])).to.deep.equal(['ajv', 'schema check', 'field table'])
    expect(await loaded(['invoices', 'create', '--client-id', 'X', '--dry-run', '--no-validate'])).to.deep.equal([])
  })

  it('a family without a field table loads the check but not ajv', async () => {
    expect(await loaded(['designs', 'create', '--name', 'D', '--dry-run'])).to.deep.equal(['schema check', 'field table'])
  })

  it('yaml loads only for --output yaml', async () => {
    expect(await loaded(['invoices', 'list', '--dry-run', '--output', 'yaml'])).to.deep.equal(['yaml'])
  })
})
