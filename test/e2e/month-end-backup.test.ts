/**
 * `cli backup` and `cli backup verify` against the stand-in: which families are listed and how (every state, a stable
 * order, updated_at on later runs), what lands on disk (one record a line, manifest hashes and cursors), a second run
 * merging only the changes by id, an interrupted run going on where it stopped, the documents' files (verify:
 * month-end-verify.test.ts).
 */
import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli, startCli} from '../support/cli.js'
import {fakePng} from '../support/upstream.js'
import {BACKED_UP, NO_SORT, NO_STATUS, OLD, sha, SKIPPED, useBackup} from './month-end-backup-suite.js'

describe('cli backup', function () {
  this.timeout(60_000)
  const {suite, at, backup, manifest, lines, listed} = useBackup()

  it('lists every family once, in every state and a stable order, and writes one record a line with the manifest', async () => {
    const r = await backup()
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stderr).to.equal('')
    expect(suite.up.requests.every((q) => q.method === 'GET')).to.equal(true)
    expect(listed()).to.deep.equal(BACKED_UP.map((w) => w.replaceAll('-', '_')))
    for (const [i, word] of BACKED_UP.entries()) {
      const q = suite.up.requests[i].query
      expect(q, word).to.deep.equal({
        page: '1',
        per_page: '2500',
        ...(NO_SORT.has(word) ? {} : {sort: 'id|asc'}),
        ...(NO_STATUS.has(word) ? {} : {status: 'active,archived,deleted'}),
      })
    }
    // Archived and deleted records too, exactly as the server answered them.
    expect(lines('invoices.ndjson')).to.deep.equal(suite.up.records('invoices'))
    expect(lines('invoices.ndjson').map((i) => i.id)).to.deep.equal(['InvActive1', 'InvArchiv2', 'InvDelete3'])
    expect(existsSync(join(at.dir, 'tokens.ndjson'))).to.equal(false)

    const m = manifest()
    expect(Object.keys(m.families)).to.deep.equal(BACKED_UP)
    expect(Object.keys(m.skipped).sort()).to.deep.equal(SKIPPED)
    expect(m.server).to.equal(suite.up.url)
    expect(m.unfinished).to.equal(undefined)
    for (const word of BACKED_UP) {
      const entry = m.families[word]
      const data = readFileSync(join(at.dir, `${word}.ndjson`))
      expect(entry.file).to.equal(`${word}.ndjson`)
      expect(entry.sha256, word).to.equal(sha(data))
      expect(entry.count, word).to.equal(data.toString().split('\n').filter(Boolean).length)
      expect(entry.fetched).to.equal('whole')
    }
    // The cursor is the server's clock at the first page, less a minute.
    const now = Math.floor(Date.now() / 1000)
    expect(m.families.invoices.cursor).to.be.within(now - 70, now - 55)
    expect(m.families.invoices.count).to.equal(3)
    // Nothing but the files and the manifest: no temporary file is left.
    expect(readdirSync(at.dir).sort()).to.deep.equal([...BACKED_UP.map((w) => `${w}.ndjson`), 'manifest.json'].sort())
    expect(r.stdout).to.match(/^Backup in .*:\n/)
    expect(r.stdout).to.include('invoices.ndjson                       3 records  (fetched whole)')
  })

  it('a second run asks only for what changed since each cursor and merges it by id', async () => {
    expect((await backup()).code).to.equal(0)
    const first = manifest()
    const before = readFileSync(join(at.dir, 'clients.ndjson'))
    const update = await runCli(
      ['invoices', 'update', 'InvArchiv2', '--field', 'public_notes=Changed', '--yes', '--output', 'json'],
      {env: suite.env},
    )
    expect(update.code, update.stderr).to.equal(0)
    const create = await runCli(['invoices', 'create', '--client-id', 'VolejRejNm', '--yes', '--output', 'json'], {
      env: suite.env,
    })
    const created = JSON.parse(create.stdout).data.id
    suite.up.requests.length = 0

    const r = await backup()
    expect(r.code, r.stderr).to.equal(0)
    expect(listed()).to.deep.equal(BACKED_UP.map((w) => w.replaceAll('-', '_')))
    for (const [i, word] of BACKED_UP.entries()) {
      // The company ledger's entries have no id to merge by: it is fetched whole every time.
      const since = word === 'company-ledger' ? undefined : String(first.families[word].cursor)
      expect(suite.up.requests[i].query.updated_at, word).to.equal(since)
    }
    const invoices = lines('invoices.ndjson')
    expect(invoices.map((i) => i.id)).to.deep.equal(['InvActive1', 'InvDelete3', 'InvArchiv2', created])
    expect(invoices[2].public_notes).to.equal('Changed')
    expect(invoices[0]).to.deep.equal(suite.up.records('invoices')[0])
    const m = manifest()
    expect(m.families.invoices).to.include({count: 4, fetched: 'changes', received: 2})
    expect(m.families.invoices.sha256).to.equal(sha(readFileSync(join(at.dir, 'invoices.ndjson'))))
    // Unchanged families keep their bytes.
    expect(readFileSync(join(at.dir, 'clients.ndjson')).equals(before)).to.equal(true)
    expect(m.families.clients).to.include({count: 1, received: 0, sha256: first.families.clients.sha256})
    expect(readdirSync(at.dir).filter((f) => f.startsWith('.'))).to.deep.equal([])
    expect(r.stdout).to.include('invoices.ndjson                       4 records  (2 changed)')
  })

  it('an interrupted run goes on with the families it had not finished, and never refetches one done', async () => {
    suite.up.fault({kind: 'status', status: 500, path: '/api/v1/invoices', times: 1})
    const broken = await backup('--retries', '0')
    expect(broken.code).to.equal(1)
    expect(broken.stderr).to.match(/500/)
    const done = BACKED_UP.slice(0, BACKED_UP.indexOf('invoices'))
    const m = manifest()
    expect(m.unfinished.done).to.deep.equal(done)
    expect(Object.keys(m.families)).to.deep.equal(done)
    expect(existsSync(join(at.dir, 'invoices.ndjson'))).to.equal(false)
    expect(readdirSync(at.dir).filter((f) => f.startsWith('.'))).to.deep.equal([])
    suite.up.requests.length = 0

    const r = await backup()
    expect(r.code, r.stderr).to.equal(0)
    const rest = BACKED_UP.slice(BACKED_UP.indexOf('invoices'))
    expect(listed()).to.deep.equal(rest.map((w) => w.replaceAll('-', '_')))
    expect(suite.up.requests.every((q) => q.query.updated_at === undefined)).to.equal(true)
    const after = manifest()
    expect(after.unfinished).to.equal(undefined)
    expect(Object.keys(after.families).sort()).to.deep.equal([...BACKED_UP].sort())
    expect(lines('invoices.ndjson')).to.have.length(3)
    expect(r.stdout).to.include('clients.ndjson                        1 records  (done by the interrupted run)')
  })

  it('SIGTERM mid-family leaves the files whole and no temporary file; the rerun goes on from there', async () => {
    expect((await backup()).code).to.equal(0)
    const first = manifest()
    const invoices = readFileSync(join(at.dir, 'invoices.ndjson'))
    suite.up.requests.length = 0
    // The second run's invoices list never answers: the run is stopped there.
    suite.up.fault({kind: 'hang', path: '/api/v1/invoices'})
    const {child, result} = startCli(['backup', '--dir', at.dir], {env: suite.env})
    while (!suite.up.requests.some((q) => q.path === '/api/v1/invoices') && child.exitCode === null)
      await new Promise((resolve) => setTimeout(resolve, 20))
    child.kill('SIGTERM')
    const stopped = await result
    expect(stopped.code).to.equal(143)
    expect(stopped.stderr).to.equal('Error: terminated (SIGTERM)\n')
    const done = BACKED_UP.slice(0, BACKED_UP.indexOf('invoices'))
    expect(manifest().unfinished.done).to.deep.equal(done)
    expect(manifest().families.invoices).to.deep.equal(first.families.invoices)
    expect(readFileSync(join(at.dir, 'invoices.ndjson')).equals(invoices)).to.equal(true)
    expect(readdirSync(at.dir).filter((f) => f.startsWith('.'))).to.deep.equal([])
    suite.up.requests.length = 0

    const r = await backup()
    expect(r.code, r.stderr).to.equal(0)
    expect(listed()).to.deep.equal(BACKED_UP.slice(done.length).map((w) => w.replaceAll('-', '_')))
    expect(suite.up.requests[0].query.updated_at).to.equal(String(first.families.invoices.cursor))
    expect(manifest().unfinished).to.equal(undefined)
  })

  it('--documents saves each document file, and a second run does not fetch an unchanged one again', async () => {
    const r = await backup('--documents')
    expect(r.code, r.stderr).to.equal(0)
    const downloads = suite.up.requests.filter((q) => q.path.endsWith('/download')).map((q) => q.path)
    expect(downloads).to.deep.equal(['/api/v1/documents/DocOne0001/download'])
    const file = join(at.dir, 'documents', 'DocOne0001', 'receipt.png')
    expect(readFileSync(file).equals(fakePng('DocOne0001'))).to.equal(true)
    expect(manifest().files).to.deep.equal({
      'documents/DocOne0001/receipt.png': {sha256: sha(fakePng('DocOne0001')), bytes: 48, updated_at: OLD},
    })
    suite.up.requests.length = 0
    const again = await backup('--documents')
    expect(again.code, again.stderr).to.equal(0)
    expect(suite.up.requests.filter((q) => q.path.endsWith('/download'))).to.deep.equal([])
    expect(again.stdout).to.include("documents' files: 0 saved, 1 unchanged")
  })

  it('a folder holding the backup of another server is refused before anything is sent', async () => {
    writeFileSync(
      join(at.dir, 'manifest.json'),
      JSON.stringify({format: 1, server: 'http://127.0.0.1:1', families: {}, skipped: {}, files: {}}),
    )
    const r = await backup()
    expect(r.code).to.equal(2)
    expect(r.stderr).to.equal(
      `Error: ${at.dir} holds a backup of http://127.0.0.1:1, not of ${suite.up.url}: give another --dir for this ` +
        'server\n',
    )
    expect(suite.up.requests).to.deep.equal([])
  })
})
