/**
 * `cli period-pack` against the stand-in seeded with the sandbox's data: the lists it asks for (the period's filter as
 * each family's list reads it), the PDFs, e-invoices and expense files it downloads, the ledgers and manifest on disk,
 * a rerun that downloads nothing, a 429 waited out, and a failed download named with a non-zero exit.
 */
import {createHash} from 'node:crypto'
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {SANDBOX_DATA} from '../support/sandbox-data.js'
import {MONTH_END_INVOICES} from '../support/sandbox-month-end.js'
import {fakePdf, fakePng} from '../support/upstream.js'
import {useUpstream} from '../support/upstream-suite.js'

const sha = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')
const FROM = '2024-01-01'
const TO = '2024-02-29'
/** The period's lists, in this order: all pages, every state but deleted, the period as each list reads it. */
const LIST = 'page=1&per_page=2500&sort=id|asc&status=active,archived&date_range='
const LISTS = [
  `/api/v1/credits?${LIST}${FROM},${TO}&include=client`,
  // The currencies' codes and decimals, and the payment methods' names: read once, with the first page.
  '/api/v1/statics',
  `/api/v1/expenses?${LIST}${FROM},${TO}&include=vendor,category`,
  `/api/v1/invoices?${LIST}${FROM},${TO}&include=client`,
  `/api/v1/payments?${LIST}date,${FROM},${TO}&include=client,invoices,credits`,
]
const DOWNLOADS = [
  '/api/v1/invoice/invkey0001acmeQ7fK2mW9xR4tB8nL3p/download',
  '/api/v1/invoice/invkey0001acmeQ7fK2mW9xR4tB8nL3p/download_e_invoice',
  '/api/v1/invoice/invkey0002globexQ7fK2mW9xR4tB8nL/download',
  '/api/v1/invoice/invkey0002globexQ7fK2mW9xR4tB8nL/download_e_invoice',
  '/api/v1/credit/crekey0001acmeQ7fK2mW9xR4tB8nL3p/download',
  '/api/v1/credit/crekey0001acmeQ7fK2mW9xR4tB8nL3p/download_e_credit',
  '/api/v1/documents/Dk5rX2cVn8/download',
]

/** Every file under the folder, as relative paths. */
function filesIn(dir: string): string[] {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort()
}

describe('cli period-pack', function () {
  this.timeout(60_000)
  const suite = useUpstream()
  let dir: string

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cli-pack-'))
    for (const [segment, records] of Object.entries(SANDBOX_DATA)) suite.up.seed(segment, records)
    // The invoices `cli reconcile` pays in the sandbox are left out (this pins a pack of two invoices); a deleted
    // invoice of the period is added: not in the books, so not in the pack.
    suite.up.seed('invoices', [
      ...SANDBOX_DATA.invoices.filter((i) => !MONTH_END_INVOICES.includes(i)),
      {id: 'InvDeleted', client_id: 'VolejRejNm', number: '0009', date: '2024-01-20', is_deleted: true},
    ])
  })
  afterEach(() => rmSync(dir, {recursive: true, force: true}))

  const pack = (...more: string[]) =>
    runCli(['period-pack', '--from', FROM, '--to', TO, '--dir', dir, ...more], {env: suite.env})
  const asked = () => suite.up.requests.map((q) => `${q.path}${q.rawQuery ? `?${decodeURIComponent(q.rawQuery)}` : ''}`)
  const manifest = () => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))

  it("writes the period's ledgers, PDFs, e-invoices and expense files, each once, with their hashes", async () => {
    const r = await pack()
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stderr).to.equal('')
    expect(suite.up.requests[0].method).to.equal('POST')
    expect(asked().slice(0, 6)).to.deep.equal(['/api/v1/companies/current', ...LISTS])
    expect(asked().slice(6).sort()).to.deep.equal([...DOWNLOADS].sort())
    expect(filesIn(dir)).to.deep.equal([
      'credits.csv',
      'credits/0001.pdf',
      'credits/0001.xml',
      'expenses.csv',
      'expenses/0001/Dk5rX2cVn8_paper-receipt.png',
      'invoices.csv',
      'invoices/0001.pdf',
      'invoices/0001.xml',
      'invoices/0002.pdf',
      'invoices/0002.xml',
      'ledgers.xlsx',
      'manifest.json',
      'payments.csv',
    ])
    expect(readFileSync(join(dir, 'invoices.csv'), 'utf8')).to.equal(
      'id,number,client.display_name,date,due_date,status_id,currency,net,tax,gross,balance\r\n' +
        'WJxbojagwO,0001,Acme Ltd,2024-01-15,2024-02-14,Sent,USD,150.00,0.00,150.00,150.00\r\n' +
        'Zq3nWx8kPd,0002,Globex Corporation,2024-02-01,2024-03-02,Paid,USD,20.00,0.00,20.00,0.00\r\n' +
        'Total,,,,,,USD,170.00,0.00,170.00,150.00\r\n',
    )
    expect(readFileSync(join(dir, 'payments.csv'), 'utf8')).to.equal(
      'id,number,client.display_name,date,currency,amount,refunded,transaction_reference,method,paid,status_id\r\n' +
        'Pq1x7Yw2Za,0001,Globex Corporation,2024-02-10,USD,20.00,0.00,,Bank Transfer,0002,Completed\r\n' +
        'Total,,,,USD,20.00,0.00,,,,\r\n',
    )
    expect(readFileSync(join(dir, 'invoices/0001.pdf')).equals(fakePdf('invkey0001acmeQ7fK2mW9xR4tB8nL3p'))).to.equal(
      true,
    )
    expect(readFileSync(join(dir, 'invoices/0002.xml'), 'utf8')).to.match(/^<\?xml .*\n<Invoice><ID>0002<\/ID>/)
    expect(
      readFileSync(join(dir, 'expenses/0001/Dk5rX2cVn8_paper-receipt.png')).equals(fakePng('Dk5rX2cVn8')),
    ).to.equal(true)
    const m = manifest()
    expect(m).to.include({format: 1, server: suite.up.url, from: FROM, to: TO, e_invoice: true})
    expect(Object.keys(m.files).sort()).to.deep.equal(filesIn(dir).filter((f) => f !== 'manifest.json'))
    for (const [file, entry] of Object.entries(m.files) as Array<[string, {sha256: string; bytes: number}]>) {
      const data = readFileSync(join(dir, file))
      expect(entry.sha256, file).to.equal(sha(data))
      expect(entry.bytes, file).to.equal(data.length)
    }
    expect(r.stdout).to.equal(
      `Period pack ${FROM} to ${TO} in ${dir} (with e-invoices):\n` +
        '  credits.csv           1 record\n' +
        '  expenses.csv          1 record\n' +
        '  invoices.csv          2 records\n' +
        '  payments.csv          1 record\n' +
        '  files: 7 downloaded, 0 already there\n',
    )
  })

  it('without e-invoicing in the company settings, fetches no e-invoice', async () => {
    suite.up.seed('companies', [{id: 'Co4mP7xQa1', settings: {name: 'Stand-in Co', enable_e_invoice: false}}])
    const r = await pack()
    expect(r.code, r.stderr).to.equal(0)
    expect(asked().filter((p) => p.includes('download_e_'))).to.deep.equal([])
    expect(manifest().e_invoice).to.equal(false)
    expect(filesIn(dir).filter((f) => f.endsWith('.xml'))).to.deep.equal([])
  })

  it('a rerun keeps every file already there with its hash and downloads nothing', async () => {
    expect((await pack()).code).to.equal(0)
    const first = manifest()
    suite.up.requests.length = 0
    const r = await pack('--output', 'json')
    expect(r.code, r.stderr).to.equal(0)
    expect(asked()).to.deep.equal(['/api/v1/companies/current', ...LISTS])
    expect(JSON.parse(r.stdout).files).to.deep.equal({saved: 0, kept: 7, failed: []})
    // The workbook is written again, and a zip records when: only its hash may differ.
    const withoutBook = (files: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(files).filter(([file]) => file !== 'ledgers.xlsx'))
    expect(withoutBook(manifest().files)).to.deep.equal(withoutBook(first.files))
  })

  it('a file changed on disk is downloaded again on the rerun', async () => {
    expect((await pack()).code).to.equal(0)
    const pdf = join(dir, 'invoices/0001.pdf')
    const data = readFileSync(pdf)
    data[20] ^= 1
    writeFileSync(pdf, data)
    suite.up.requests.length = 0
    const r = await pack()
    expect(r.code, r.stderr).to.equal(0)
    expect(asked().slice(6)).to.deep.equal(['/api/v1/invoice/invkey0001acmeQ7fK2mW9xR4tB8nL3p/download'])
    expect(readFileSync(pdf).equals(fakePdf('invkey0001acmeQ7fK2mW9xR4tB8nL3p'))).to.equal(true)
  })

  it('a failed download is named on stderr and exits 5; the rest is saved and a rerun fetches only it', async () => {
    suite.up.fault({
      kind: 'status',
      status: 500,
      path: '/api/v1/invoice/invkey0002globexQ7fK2mW9xR4tB8nL/download_e_invoice',
      times: 1,
    })
    const r = await pack('--retries', '0')
    expect(r.code).to.equal(5)
    expect(r.stdout).to.equal('')
    expect(r.stderr).to.equal(
      'Error: invoices 0002 (Globex Corporation): invoices/0002.xml was not saved: upstream answered 500: Server ' +
        'Error\n' +
        'Error: incomplete: 1 file is missing from the pack (named above): run the same command again to fetch them\n',
    )
    expect(filesIn(dir)).to.not.include('invoices/0002.xml')
    expect(Object.keys(manifest().files)).to.not.include('invoices/0002.xml')
    expect(filesIn(dir)).to.include('invoices/0002.pdf')
    suite.up.requests.length = 0
    const again = await pack()
    expect(again.code, again.stderr).to.equal(0)
    expect(asked().slice(6)).to.deep.equal(['/api/v1/invoice/invkey0002globexQ7fK2mW9xR4tB8nL/download_e_invoice'])
  })

  it('an invoice without an invitation is named as missing its PDF, and the exit is 5', async () => {
    suite.up.seed('invoices', [
      {id: 'InvNoKey01', client_id: 'VolejRejNm', number: '0042', date: '2024-01-05', invitations: []},
    ])
    const r = await pack()
    expect(r.code).to.equal(5)
    expect(r.stderr).to.equal(
      'Error: invoices 0042 (Acme Ltd): it has no invitation, so no PDF can be downloaded\n' +
        'Error: invoices: 0 of 1 records have their PDF in the pack\n' +
        'Error: incomplete: 1 file is missing from the pack (named above): run the same command again to fetch them\n',
    )
    expect(asked().filter((p) => p.startsWith('/api/v1/invoice/'))).to.deep.equal([])
    expect(readFileSync(join(dir, 'invoices.csv'), 'utf8')).to.include('InvNoKey01,0042,Acme Ltd,2024-01-05,')
  })

  it('a 429 is waited out as its Retry-After says, and the file is saved', async () => {
    suite.up.fault({
      kind: 'status',
      status: 429,
      headers: {'retry-after': '1'},
      path: '/api/v1/documents/Dk5rX2cVn8/download',
      times: 1,
    })
    const r = await pack()
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stderr).to.match(/^retrying GET \/api\/v1\/documents\/Dk5rX2cVn8\/download in 1s .*Retry-After/)
    expect(asked().filter((p) => p === '/api/v1/documents/Dk5rX2cVn8/download')).to.have.length(2)
    const receipt = readFileSync(join(dir, 'expenses/0001/Dk5rX2cVn8_paper-receipt.png'))
    expect(receipt.equals(fakePng('Dk5rX2cVn8'))).to.equal(true)
  })

  it('refuses a date that is not one, or a period that ends before it starts, sending nothing', async () => {
    const bad = await runCli(['period-pack', '--from', '2024-02-30', '--to', TO, '--dir', dir], {env: suite.env})
    expect(bad.code).to.equal(2)
    expect(bad.stderr).to.equal('Error: --from 2024-02-30 is not a date: give YYYY-MM-DD, e.g. 2024-01-31\n')
    const reversed = await runCli(['period-pack', '--from', TO, '--to', FROM, '--dir', dir], {env: suite.env})
    expect(reversed.code).to.equal(2)
    expect(reversed.stderr).to.equal(`Error: --from ${TO} is after --to ${FROM}: the period would be empty\n`)
    expect(suite.up.requests).to.deep.equal([])
  })
  it("a folder holding another kind of manifest (a backup's) is refused before anything is sent", async () => {
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({format: 1, server: suite.up.url, families: {}}))
    const r = await pack()
    expect(r.code).to.equal(2)
    expect(r.stderr).to.equal(`Error: ${dir} holds a manifest.json that is not a period pack's: give another --dir\n`)
    expect(suite.up.requests).to.deep.equal([])
  })
})
