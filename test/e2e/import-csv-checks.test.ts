/**
 * `import csv` checks the file before anything is uploaded: a column must map to a field the server imports, the
 * file must be a regular one (a pipe would be read twice: the second time empty) within the upload limit.
 */
import {spawn} from 'node:child_process'
import {mkdtempSync, readdirSync, truncateSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('import csv: checked before the upload', () => {
  const suite = useUpstream()
  const dir = () => mkdtempSync(join(tmpdir(), 'cli-import-checks-'))
  const csv = (text: string): string => {
    const file = join(dir(), 'clients.csv')
    writeFileSync(file, text)
    return file
  }

  it('no column maps to a field the server imports: exit 2, nothing uploaded (with --yes)', async () => {
    const file = csv('Shoe Size,Favourite Colour\n44,blue\n')
    const r = await runCli(['import', 'csv', '--entity', 'clients', '--file', file, '--yes'], {env: suite.env})
    expectRun(r, {
      code: 2,
      stdout: '',
      stderr:
        `Error: no column of --file ${file} maps to a field the server imports for clients ("Shoe Size", ` +
        '"Favourite Colour"): name one with --map "CSV column=field". Nothing was uploaded\n',
    })
    expect(suite.up.requests).to.deep.equal([])
  })

  it('--map names the field: the import goes, the column mapped', async () => {
    const file = csv('Firm\nInitech\n')
    const r = await runCli(
      ['import', 'csv', '--entity', 'clients', '--file', file, '--map', 'Firm=client.name', '--yes'],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal([
      'POST /api/v1/preimport',
      'POST /api/v1/import',
    ])
    expect(suite.up.requests[1].json).to.deep.include({column_map: {client: {mapping: {0: 'client.name'}}}})
  })

  it('a pipe (--file <(cat clients.csv)): refused up front, nothing uploaded', async () => {
    const child = spawn(
      'bash',
      [
        '-c',
        'printf "Name\\nInitech\\n" | "$0" import csv --entity clients --file /dev/stdin --yes',
        join(process.cwd(), 'bin', 'run.js'),
      ],
      {
        env: {...process.env, ...suite.env},
      },
    )
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d))
    const code = await new Promise((resolve) => child.on('close', resolve))
    expect([code, stderr]).to.deep.equal([
      2,
      'Error: --file /dev/stdin is not a regular file (a pipe, a FIFO or a device): save it to a file first\n',
    ])
    expect(suite.up.requests).to.deep.equal([])
  })

  it('a file over the upload limit: refused by its size before it is read, nothing uploaded', async () => {
    const folder = dir()
    const file = join(folder, 'big.csv')
    writeFileSync(file, 'Name\n')
    truncateSync(file, 100 * 1024 * 1024 + 1)
    const r = await runCli(['import', 'csv', '--entity', 'clients', '--file', file], {env: suite.env})
    expectRun(r, {
      code: 2,
      stdout: '',
      stderr:
        `Error: --file ${file} is 104857601 bytes: the upstream takes files up to about 100 MB ` +
        '(104857600 bytes)\n',
    })
    expect(suite.up.requests).to.deep.equal([])
    expect(readdirSync(folder)).to.deep.equal(['big.csv'])
  })
})
