/**
 * `cli backup` under real answers (issue 30): a record purged between two page reads (offset paging shifts the rest)
 * never hides another, a family read short of the server's count is exit 5 (and `backup verify` says so), and
 * nothing is written outside --dir through a link planted in it.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {OLD, useBackup} from './month-end-backup-suite.js'

describe('cli backup: purges, counts and links', () => {
  const {suite, at, backup, manifest, lines} = useBackup()
  let outside = ''
  beforeEach(() => {
    outside = mkdtempSync(join(tmpdir(), 'cli-outside-'))
  })
  afterEach(() => rmSync(outside, {recursive: true, force: true}))
  const invoiceReads = () =>
    suite.up.requests
      .filter((q) => q.path === '/api/v1/invoices')
      .map((q) => `page=${q.query.page} per_page=${q.query.per_page}`)

  it('a record purged between page 1 and page 2: the boundary re-read sees the shift, the family is read again', async () => {
    const ids = Array.from({length: 2600}, (_, n) => `Inv${String(n).padStart(7, '0')}`)
    suite.up.seed(
      'invoices',
      ids.map((id, n) => ({id, client_id: 'VolejRejNm', number: `${n}`, updated_at: OLD})),
    )
    // Purged once page 1 has been answered: the record first on page 2 (Inv0002500) moves to page 1.
    suite.up.purgeAfter('/api/v1/invoices', {page: '1', per_page: '2500'}, 'invoices', ids[10])
    const r = await backup()
    expect(r.code, r.stderr).to.equal(0)
    const saved = lines('invoices.ndjson').map((i: {id: string}) => i.id)
    expect(saved).to.have.length(2599)
    expect(saved).to.include(ids[2500])
    expect(saved).to.not.include(ids[10])
    expect(new Set(saved).size).to.equal(2599)
    // Page 1, page 2, the boundary (one record at position 2500) that no longer matches; then all again.
    expect(invoiceReads()).to.deep.equal([
      'page=1 per_page=2500',
      'page=2 per_page=2500',
      'page=2500 per_page=1',
      'page=1 per_page=2500',
      'page=2 per_page=2500',
      'page=2500 per_page=1',
    ])
    expect(manifest().families.invoices).to.include({count: 2599, received: 2599})
  })

  it('fewer records than the server counts: exit 5 naming the family; verify says so; the next run reads it whole', async () => {
    const three = suite.up.records('invoices')
    suite.up.fault({
      method: 'GET',
      path: '/api/v1/invoices',
      kind: 'raw',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        data: three,
        meta: {pagination: {total: 4, count: 3, per_page: 2500, current_page: 1, total_pages: 1}},
      }),
    })
    const r = await backup()
    expect(r.code).to.equal(5)
    expect(r.stderr).to.include('invoices: 3 of 4 records read (the server counts more)')
    expect(r.stderr).to.match(/Error: incomplete: 1 family was read short \(named above\): run the backup again/)
    expect(manifest().families.invoices).to.include({count: 3, cursor: null})
    expect(manifest().families.invoices.short).to.deep.equal({received: 3, total: 4})
    const verify = await runCli(['backup', 'verify', '--dir', at.dir], {env: suite.env})
    expect(verify.code).to.equal(5)
    expect(verify.stderr).to.include('invoices: 3 of 4 records read when the backup ran')
    suite.up.requests.length = 0
    const again = await backup()
    expect(again.code, again.stderr).to.equal(0)
    const invoices = suite.up.requests.find((q) => q.path === '/api/v1/invoices')
    expect(invoices?.query.updated_at).to.equal(undefined)
    expect(manifest().families.invoices.short).to.equal(undefined)
  })

  it('a link planted at documents/<id>: the file is not written through it (exit 5); nothing lands outside', async () => {
    mkdirSync(join(at.dir, 'documents'))
    symlinkSync(outside, join(at.dir, 'documents', 'DocOne0001'))
    const r = await backup('--documents')
    expect(r.code).to.equal(5)
    expect(r.stderr).to.include(`${join(at.dir, 'documents', 'DocOne0001')} is a link: nothing is written through it`)
    expect(readdirSync(outside)).to.deep.equal([])
    expect(Object.keys(manifest().files)).to.deep.equal([])
  })

  it('a family file that is a link is refused (exit 2): the file it points to is left as it was', async () => {
    const target = join(outside, 'precious.txt')
    writeFileSync(target, 'keep me\n')
    symlinkSync(target, join(at.dir, 'bank-integrations.ndjson'))
    const r = await backup()
    expect(r.code).to.equal(2)
    expect(r.stderr).to.include('bank-integrations.ndjson is a link: nothing is written through it')
    expect(readFileSync(target, 'utf8')).to.equal('keep me\n')
    expect(existsSync(join(outside, '.precious.txt.part'))).to.equal(false)
  })
})
