/**
 * Amounts to their currency's precision (issue 37): the client's currency, else the company's, its decimals from the
 * server's statics, read once and cached per profile for a day (core output/statics-cache.ts). json and dry runs never
 * read them. Each run here starts with a cold cache, so what reaches the stand-in is counted.
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'
import ExcelJS from 'exceljs'

import {makeHome, runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'
import {SANDBOX_DATA} from '../support/sandbox-data.js'

const CLIENTS = [
  {id: 'CliYen0001', name: 'Tokyo KK', settings: {currency_id: '45'}},
  {id: 'CliKwd0001', name: 'Kuwait Co', settings: {currency_id: '89'}},
  {id: 'CliUsd0001', name: 'Plain Inc', settings: {}},
  {id: 'CliOdd0001', name: 'Odd Ltd', settings: {currency_id: '999'}},
]
const INVOICES = [
  {id: 'InvYen0001', number: 'Y-1', client_id: 'CliYen0001', amount: 1200, balance: 1200, status_id: '2'},
  {id: 'InvKwd0001', number: 'K-1', client_id: 'CliKwd0001', amount: 80.5, balance: 0, status_id: '4'},
  {id: 'InvUsd0001', number: 'U-1', client_id: 'CliUsd0001', amount: 20, balance: 20, status_id: '2'},
]
const COLUMNS = ['--columns', 'number,client.display_name,amount,balance']
const TABLE =
  'NUMBER  CLIENT     AMOUNT  BALANCE\n' +
  'Y-1     Tokyo KK     1200     1200\n' +
  'K-1     Kuwait Co  80.500    0.000\n' +
  'U-1     Plain Inc   20.00    20.00\n'
const CURRENCY_READS = ['GET /api/v1/statics', 'POST /api/v1/companies/current']

describe('amounts to their currency’s precision', () => {
  const suite = useUpstream()
  const homes: Array<ReturnType<typeof makeHome>> = []
  const home = () => {
    const h = makeHome()
    homes.push(h)
    return h
  }
  // The stand-in as each test starts: its log empty, these clients and invoices.
  const fresh = () => {
    suite.up.reset()
    suite.up.seed('clients', CLIENTS)
    suite.up.seed('invoices', INVOICES)
  }
  beforeEach(fresh)
  after(() => {
    for (const h of homes) h.cleanup()
  })
  const requests = () => suite.up.requests.map((q) => `${q.method} ${q.path}${q.rawQuery ? `?${q.rawQuery}` : ''}`)
  const cacheFile = (h: {home: string}, profile = 'default') =>
    join(h.home, '.cache', 'invoicing-cli', profile, `statics-${encodeURIComponent(suite.up.url.slice(7))}.json`)
  const list = (h: {home: string}, args: string[] = [], env: Record<string, string> = suite.env) =>
    runCli(['invoices', 'list', ...COLUMNS, ...args], {env, home: h.home, statics: 'cold'})

  it('a table: JPY without decimals, KWD with 3, the company’s USD with 2; the currencies read once', async () => {
    const h = home()
    expectRun(await list(h), {code: 0, stderr: '', stdout: TABLE})
    expect(requests()).to.deep.equal(['GET /api/v1/invoices?include=client', ...CURRENCY_READS])
    // Cached for the profile: no secret in it.
    const cached = readFileSync(cacheFile(h), 'utf8')
    expect(JSON.parse(cached)).to.include({base_url: suite.up.url, companyCurrency: '1'})
    expect(JSON.parse(cached).precisions).to.include({'1': 2, '45': 0, '89': 3})
    expect(cached).not.to.include(suite.up.token)
  })

  it('a second run reuses the cache: the currencies are not read again', async () => {
    const h = home()
    await list(h)
    fresh()
    expectRun(await list(h, ['--output', 'csv']), {
      code: 0,
      stderr: '',
      stdout:
        'number,client.display_name,amount,balance\r\n' +
        'Y-1,Tokyo KK,1200,1200\r\nK-1,Kuwait Co,80.500,0.000\r\nU-1,Plain Inc,20.00,20.00\r\n',
    })
    expect(requests()).to.deep.equal(['GET /api/v1/invoices?include=client'])
  })

  it('an expired cache, another profile or another server reads them again', async () => {
    const h = home()
    await list(h)
    const file = cacheFile(h)
    const old = JSON.parse(readFileSync(file, 'utf8'))
    writeFileSync(file, JSON.stringify({...old, saved_at: Date.now() - 25 * 60 * 60 * 1000}))
    fresh()
    await list(h)
    expect(requests().filter((r) => CURRENCY_READS.includes(r))).to.deep.equal(CURRENCY_READS)
    fresh()
    // A saved profile for the same server: a cache of its own.
    const config = {profiles: {other: {base_url: suite.up.url, token: suite.up.token}}}
    mkdirSync(h.configDir, {recursive: true, mode: 0o700})
    writeFileSync(join(h.configDir, 'config.json'), JSON.stringify(config), {mode: 0o600})
    expectRun(await list(h, ['--profile', 'other'], {}), {code: 0, stderr: '', stdout: TABLE})
    expect(requests().filter((r) => CURRENCY_READS.includes(r))).to.deep.equal(CURRENCY_READS)
    expect(JSON.parse(readFileSync(cacheFile(h, 'other'), 'utf8'))).to.include({base_url: suite.up.url})
    // Another server for the same profile (as far as a URL tells): read again, into a file of its own.
    fresh()
    const elsewhere = suite.up.url.replace('127.0.0.1', 'localhost')
    expectRun(await list(h, [], {...suite.env, CLI_BASE_URL: elsewhere}), {code: 0, stderr: '', stdout: TABLE})
    expect(requests().filter((r) => CURRENCY_READS.includes(r))).to.deep.equal(CURRENCY_READS)
    const second = join(file, '..', `statics-${encodeURIComponent(elsewhere.slice(7))}.json`)
    expect(JSON.parse(readFileSync(second, 'utf8'))).to.include({base_url: elsewhere})
  })

  it("a payment's type by the statics' name, read with the currencies once; a cache without the names is read again", async () => {
    const h = home()
    suite.up.seed('payments', [
      {id: 'PayBank001', number: 'P-1', client_id: 'VolejRejNm', amount: 20, type_id: '1'},
      {id: 'PayCash001', number: 'P-2', client_id: 'VolejRejNm', amount: 5, type_id: '2'},
      // A type the statics do not list: its id.
      {id: 'PayOther01', number: 'P-3', client_id: 'VolejRejNm', amount: 1, type_id: '99'},
    ])
    // No amount among the columns: the type alone reads the statics.
    const csv = await runCli(['payments', 'list', '--columns', 'number,type_id', '-o', 'csv'], {
      env: suite.env,
      home: h.home,
      statics: 'cold',
    })
    expectRun(csv, {code: 0, stderr: '', stdout: 'number,type_id\r\nP-1,Bank Transfer\r\nP-2,Cash\r\nP-3,99\r\n'})
    expect(requests()).to.deep.equal(['GET /api/v1/payments', ...CURRENCY_READS])
    expect(JSON.parse(readFileSync(cacheFile(h), 'utf8')).paymentTypes).to.deep.equal({1: 'Bank Transfer', 2: 'Cash'})
    // A show for people, from the cache; json keeps the id.
    suite.up.requests.length = 0
    const show = await runCli(['payments', 'show', 'PayCash001'], {env: suite.env, home: h.home, statics: 'cold'})
    expect(show.code).to.equal(0)
    expect(show.stdout).to.match(/^type_id +Cash$/m)
    const json = await runCli(['payments', 'show', 'PayCash001', '-o', 'json'], {env: suite.env, home: h.home})
    expect(JSON.parse(json.stdout).data.type_id).to.equal('2')
    expect(requests()).to.deep.equal([
      'GET /api/v1/payments/PayCash001?include=client',
      'GET /api/v1/payments/PayCash001',
    ])
    // A cache written before it held the payment types (an older version of the CLI): read again.
    const {paymentTypes: _, ...older} = JSON.parse(readFileSync(cacheFile(h), 'utf8'))
    writeFileSync(cacheFile(h), JSON.stringify(older))
    suite.up.requests.length = 0
    expect((await runCli(['payments', 'show', 'PayCash001'], {env: suite.env, home: h.home})).stdout).to.match(
      /^type_id +Cash$/m,
    )
    expect(requests()).to.deep.equal(['GET /api/v1/payments/PayCash001?include=client', ...CURRENCY_READS])
  })

  it('statics that cannot be read: said once on stderr with what it leaves; the answer still prints', async () => {
    suite.up.seed('payments', [{id: 'PayBank001', number: 'P-1', client_id: 'VolejRejNm', amount: 20, type_id: '1'}])
    suite.up.fault({method: 'GET', path: '/api/v1/statics', kind: 'status', status: 500, times: 20})
    // A list as CSV from a fresh home: the statics are read (and fail) on each run.
    const cold = (columns: string) =>
      runCli(['payments', 'list', '--columns', columns, '-o', 'csv'], {
        env: suite.env,
        home: home().home,
        statics: 'cold',
      })
    expectRun(await cold('number,type_id'), {
      code: 0,
      stdout: 'number,type_id\r\nP-1,1\r\n',
      stderr:
        "note: the server's payment types could not be read (upstream answered 500: Server Error): payment types " +
        'show their ids\n',
    })
    expectRun(await cold('number,amount,type_id'), {
      code: 0,
      stdout: 'number,amount,type_id\r\nP-1,20.00,1\r\n',
      stderr:
        'note: the currencies could not be read (upstream answered 500: Server Error): amounts show 2 decimals, ' +
        'payment types show their ids\n',
    })
    expect(requests().filter((r) => r.includes('statics'))).to.deep.equal([
      'GET /api/v1/statics',
      'GET /api/v1/statics',
    ])
  })

  it('json, a dry run and a table without amounts never read the currencies', async () => {
    const h = home()
    const json = await list(h, ['--output', 'json'])
    expect(json.code).to.equal(0)
    expect(JSON.parse(json.stdout).data.map((i: {amount: number}) => i.amount)).to.deep.equal([1200, 80.5, 20])
    const dry = await runCli(['invoices', 'update', 'InvYen0001', '--field', 'po_number=7', '--dry-run'], {
      env: suite.env,
      home: h.home,
      statics: 'cold',
    })
    expect(dry.code).to.equal(0)
    const plain = await runCli(['invoices', 'list', '--columns', 'number'], {env: suite.env, home: h.home})
    expectRun(plain, {code: 0, stderr: '', stdout: 'NUMBER\nY-1\nK-1\nU-1\n'})
    expect(requests()).to.deep.equal(['GET /api/v1/invoices?include=client', 'GET /api/v1/invoices'])
  })

  it('a currency the statics do not hold: 2 decimals, said once on stderr', async () => {
    suite.up.seed('invoices', [
      {id: 'InvOdd0001', number: 'O-1', client_id: 'CliOdd0001', amount: 7, balance: 7},
      {id: 'InvOdd0002', number: 'O-2', client_id: 'CliOdd0001', amount: 8, balance: 0},
    ])
    const r = await list(home(), ['--output', 'csv'])
    expectRun(r, {
      code: 0,
      stderr: 'note: currency "999" is not among the server\'s currencies: its amounts show 2 decimals\n',
      stdout: 'number,client.display_name,amount,balance\r\nO-1,Odd Ltd,7.00,7.00\r\nO-2,Odd Ltd,8.00,0.00\r\n',
    })
  })

  it('a command’s own text and its csv read the currencies (the amounts they show); its json does not', async () => {
    for (const [segment, records] of Object.entries(SANDBOX_DATA)) suite.up.seed(segment, records)
    const statics = () => suite.up.requests.filter((q) => q.path === '/api/v1/statics').length
    const json = await runCli(['reconcile', '-o', 'json'], {env: suite.env, home: home().home, statics: 'cold'})
    expect(json.code, json.stderr).to.equal(0)
    expect(statics()).to.equal(0)
    const table = await runCli(['reconcile'], {env: suite.env, home: home().home, statics: 'cold'})
    expect(table.code, table.stderr).to.equal(0)
    expect(table.stdout).to.include('Bt2bL5nRy8  2024-03-02  200.50  ')
    expect(statics()).to.equal(1)
    const csv = await runCli(['reconcile', '-o', 'csv'], {env: suite.env, home: home().home, statics: 'cold'})
    expect(csv.code, csv.stderr).to.equal(0)
    expect(csv.stdout).to.match(/^transaction,date,amount,/)
    expect(statics()).to.equal(2)
  })

  it('the workbook’s number format follows the precision: numbers stay numbers', async () => {
    const h = home()
    const file = join(h.home, 'invoices.xlsx')
    const r = await list(h, ['--output', 'xlsx', '--output-file', file])
    expect(r.code, r.stderr).to.equal(0)
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(file)
    const sheet = book.worksheets[0]
    const amounts = [2, 3, 4].map((row) => sheet.getRow(row).getCell(3))
    expect(amounts.map((c) => c.value)).to.deep.equal([1200, 80.5, 20])
    expect(amounts.map((c) => c.numFmt)).to.deep.equal(['#,##0', '#,##0.000', '#,##0.00'])
    expect(requests()).to.deep.equal(['GET /api/v1/invoices?include=client', ...CURRENCY_READS])
  })
})
