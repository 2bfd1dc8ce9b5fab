/**
 * `cli period-pack` under real answers (issue 30): numbers that map to one file name each keep their PDF (the id
 * beside the number), an empty or non-PDF answer typed application/pdf is never saved as a PDF, and every record of
 * the period has its PDF or the run names what is missing and exits 5.
 */
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {fakePdf} from '../support/upstream.js'
import {useUpstream} from '../support/upstream-suite.js'

const key = (n: number) => `hostilekey${String(n).padStart(22, '0')}`
const invoice = (n: number, number: string) => ({
  id: `InvHost00${n}`,
  client_id: 'VolejRejNm',
  number,
  status_id: '2',
  date: '2024-01-10',
  amount: 10,
  balance: 10,
  invitations: [{key: key(n)}],
})

describe('cli period-pack: names, counts and answers that are no PDF', () => {
  const suite = useUpstream()
  let dir = ''
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cli-pack-hostile-'))
  })
  afterEach(() => rmSync(dir, {recursive: true, force: true}))
  const pack = () =>
    runCli(['period-pack', '--from', '2024-01-01', '--to', '2024-01-31', '--dir', dir], {env: suite.env})
  const pdfs = () => readdirSync(join(dir, 'invoices')).sort()
  const manifest = () => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))

  it('2024/01 and 2024_01, " 0007 " and 0007, INV-1 and inv-1: each keeps its own PDF, its id beside its number', async () => {
    suite.up.seed('invoices', [
      invoice(1, '2024/01'),
      invoice(2, '2024_01'),
      invoice(3, ' 0007 '),
      invoice(4, '0007'),
      invoice(5, 'INV-1'),
      invoice(6, 'inv-1'),
      invoice(7, '0042'),
    ])
    const r = await pack()
    expect(r.code, r.stderr).to.equal(0)
    expect(pdfs()).to.deep.equal([
      '0007_InvHost003.pdf',
      '0007_InvHost004.pdf',
      '0042.pdf',
      '2024_01_InvHost001.pdf',
      '2024_01_InvHost002.pdf',
      'INV-1_InvHost005.pdf',
      'inv-1_InvHost006.pdf',
    ])
    expect(readFileSync(join(dir, 'invoices', '2024_01_InvHost001.pdf')).equals(fakePdf(key(1)))).to.equal(true)
    expect(readFileSync(join(dir, 'invoices', '2024_01_InvHost002.pdf')).equals(fakePdf(key(2)))).to.equal(true)
    expect(Object.keys(manifest().files).filter((f) => f.endsWith('.pdf'))).to.have.length(7)
  })

  for (const [what, body, type] of [
    ['an empty 200', '', 'application/pdf'],
    ['an HTML page typed application/pdf', '<html><body>Please log in</body></html>', 'application/pdf'],
  ]) {
    it(`${what} is never saved as a PDF: named, left out of the manifest, exit 5`, async () => {
      suite.up.seed('invoices', [invoice(1, '0001'), invoice(2, '0002')])
      suite.up.fault({
        method: 'GET',
        path: `/api/v1/invoice/${key(2)}/download`,
        kind: 'raw',
        status: 200,
        contentType: type,
        body,
      })
      const r = await pack()
      expect(r.code).to.equal(5)
      expect(r.stderr).to.include(
        'invoices 0002 (Acme Ltd): invoices/0002.pdf was not saved: the upstream answered 200',
      )
      expect(r.stderr).to.include('invoices: 1 of 2 records have their PDF in the pack')
      expect(pdfs()).to.deep.equal(['0001.pdf'])
      expect(Object.keys(manifest().files)).to.not.include('invoices/0002.pdf')
    })
  }
})
