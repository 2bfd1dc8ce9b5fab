/**
 * The period pack's ledgers as an accountant reads them: invoices created through the stand-in (which computes their
 * totals as the server does) with taxes at two rates, and a payment of one of them. The ledgers' net, tax per rate and
 * gross add up to the stand-in's totals; the payment names its reference, method and the invoice it paid; the
 * workbook has the same, a sheet per ledger, read back with the library that wrote it.
 */
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import ExcelJS from 'exceljs'
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {SANDBOX_DATA} from '../support/sandbox-data.js'
import {useUpstream} from '../support/upstream-suite.js'

const FROM = '2024-01-01'
const TO = '2024-01-31'
const cents = (n: number) => Math.round(n * 100) / 100
const sum = (values: number[]) => cents(values.reduce((a, b) => a + b, 0))

/** A CSV without quoted commas as rows of cells (the ledgers here hold none). */
const rowsOf = (csv: string) =>
  csv
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','))

describe('cli period-pack ledgers', function () {
  this.timeout(90_000)
  const suite = useUpstream()
  let dir: string

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cli-ledgers-'))
    suite.up.seed('clients', SANDBOX_DATA.clients)
    suite.up.seed('invoices', [])
    const items = [
      ['product_key=A,quantity=3,cost=33.33,tax_name1=GST,tax_rate1=10', 'product_key=B,quantity=1,cost=20'],
      ['product_key=C,quantity=2,cost=12.5,tax_name1=VAT,tax_rate1=21,tax_name2=GST,tax_rate2=10'],
    ]
    for (const [i, lines] of items.entries()) {
      const r = await runCli(
        [
          'invoices',
          'create',
          '--client-id',
          'VolejRejNm',
          ...lines.flatMap((l) => ['--line-item', l]),
          '--field',
          `date=2024-01-1${i}`,
          '--yes',
          '--quiet',
        ],
        {env: suite.env},
      )
      expect(r.code, r.stderr).to.equal(0)
    }
    const [first] = suite.up.records('invoices')
    suite.up.seed('payments', [
      {
        id: 'PayLedger1',
        number: '0001',
        client_id: 'VolejRejNm',
        date: '2024-01-20',
        amount: 50,
        refunded: 0,
        status_id: '4',
        type_id: '1',
        transaction_reference: 'CHQ-1001',
        paymentables: [{invoice_id: first.id, amount: 50, refunded: 0}],
      },
    ])
    suite.up.requests.length = 0
  })
  afterEach(() => rmSync(dir, {recursive: true, force: true}))

  it('with no currencies cached: the statics and the company are each read once', async () => {
    const r = await runCli(['period-pack', '--from', FROM, '--to', TO, '--dir', dir], {env: suite.env, statics: 'cold'})
    expect(r.code, r.stderr).to.equal(0)
    expect(suite.up.requests.filter((q) => q.path === '/api/v1/statics')).to.have.length(1)
    expect(suite.up.requests.filter((q) => q.path === '/api/v1/companies/current')).to.have.length(1)
  })

  it("has net, tax per rate and gross adding up to the stand-in's totals, in CSV and in the workbook", async () => {
    const r = await runCli(['period-pack', '--from', FROM, '--to', TO, '--dir', dir], {env: suite.env})
    expect(r.code, r.stderr).to.equal(0)
    // The payment methods' names: the statics, read once.
    expect(suite.up.requests.filter((q) => q.path === '/api/v1/statics')).to.have.length(1)
    const payments = suite.up.requests.find((q) => q.path === '/api/v1/payments')!
    expect(payments.query.include).to.equal('client,invoices,credits')

    const invoices = suite.up.records('invoices')
    const rows = rowsOf(readFileSync(join(dir, 'invoices.csv'), 'utf8'))
    const header = rows[0]
    expect(header).to.deep.equal([
      'id',
      'number',
      'client.display_name',
      'date',
      'due_date',
      'status_id',
      'currency',
      'net',
      'tax GST 10%',
      'tax VAT 21%',
      'tax',
      'gross',
      'balance',
    ])
    const total = rows.at(-1)!
    const col = (name: string) => header.indexOf(name)
    expect(total[0]).to.equal('Total')
    expect(rows).to.have.length(invoices.length + 2)
    expect(rows.slice(1).map((row) => row[col('currency')])).to.deep.equal(rows.slice(1).map(() => 'USD'))
    const amounts = invoices.map((i) => Number(i.amount))
    const taxes = invoices.map((i) => Number(i.total_taxes))
    expect(Number(total[col('gross')])).to.equal(sum(amounts))
    expect(Number(total[col('tax')])).to.equal(sum(taxes))
    expect(Number(total[col('net')])).to.equal(cents(sum(amounts) - sum(taxes)))
    expect(cents(Number(total[col('tax GST 10%')]) + Number(total[col('tax VAT 21%')]))).to.equal(sum(taxes))
    for (const row of rows.slice(1, -1)) {
      const rates = Number(row[col('tax GST 10%')] || 0) + Number(row[col('tax VAT 21%')] || 0)
      expect(cents(rates), row.join(',')).to.equal(Number(row[col('tax')]))
      expect(cents(Number(row[col('net')]) + Number(row[col('tax')]))).to.equal(Number(row[col('gross')]))
      expect(row[col('gross')]).to.match(/^\d+\.\d\d$/)
    }

    expect(readFileSync(join(dir, 'payments.csv'), 'utf8')).to.equal(
      'id,number,client.display_name,date,currency,amount,refunded,transaction_reference,method,paid,status_id\r\n' +
        `PayLedger1,0001,Acme Ltd,2024-01-20,USD,50.00,0.00,CHQ-1001,Bank Transfer,${invoices[0].number},` +
        'Completed\r\nTotal,,,,USD,50.00,0.00,,,,\r\n',
    )

    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(join(dir, 'ledgers.xlsx'))
    expect(book.worksheets.map((s) => s.name)).to.deep.equal(['credits', 'expenses', 'invoices', 'payments'])
    const sheet = book.getWorksheet('invoices')!
    expect(sheet.views[0]).to.include({state: 'frozen', ySplit: 1})
    expect(sheet.getRow(1).getCell(9).value).to.equal('Tax GST 10%')
    const number = sheet.getRow(2).getCell(2)
    expect(number.type).to.equal(ExcelJS.ValueType.String)
    expect(number.value).to.equal(invoices[0].number)
    expect(sheet.getRow(2).getCell(4).type).to.equal(ExcelJS.ValueType.Date)
    const gross = sheet.getRow(sheet.rowCount).getCell(12)
    expect(gross.type).to.equal(ExcelJS.ValueType.Number)
    expect(gross.numFmt).to.equal('#,##0.00')
    expect(gross.value).to.equal(sum(amounts))
    expect(book.getWorksheet('payments')!.getRow(2).getCell(10).value).to.equal(invoices[0].number)

    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))
    expect(Object.keys(manifest.files)).to.include('ledgers.xlsx')
  })

  it("totals each currency on its own: a yen client, a client taking its group's euro, the company's dollar", async () => {
    suite.up.seed('group_settings', [{id: 'GrpEuro01', name: 'Euro clients', settings: {currency_id: '3'}}])
    suite.up.seed('clients', [
      ...SANDBOX_DATA.clients,
      {id: 'YenClient1', name: 'Kyoto KK', number: '0009', settings: {currency_id: '45'}, contacts: []},
      {id: 'EuroClnt01', name: 'Lyon SA', number: '0010', settings: {}, group_settings_id: 'GrpEuro01', contacts: []},
    ])
    for (const [client, item] of [
      ['YenClient1', 'product_key=Y,quantity=1,cost=1000,tax_name1=A,tax_rate1=7,tax_name2=B,tax_rate2=3'],
      ['YenClient1', 'product_key=Y,quantity=2,cost=500'],
      ['EuroClnt01', 'product_key=E,quantity=1,cost=12.5'],
    ]) {
      const made = await runCli(
        ['invoices', 'create', '--client-id', client, '--line-item', item, '--field', 'date=2024-01-15', '--yes'],
        {env: suite.env},
      )
      expect(made.code, made.stderr).to.equal(0)
    }
    suite.up.requests.length = 0
    const r = await runCli(['period-pack', '--from', FROM, '--to', TO, '--dir', dir], {env: suite.env})
    expect(r.code, r.stderr).to.equal(0)
    // The group's currency: the groups read once, as a list.
    expect(suite.up.requests.filter((q) => q.path === '/api/v1/group_settings').map((q) => q.method)).to.deep.equal([
      'GET',
    ])
    const rows = rowsOf(readFileSync(join(dir, 'invoices.csv'), 'utf8'))
    const col = (name: string) => rows[0].indexOf(name)
    const totals = rows.filter((row) => row[0] === 'Total')
    const byCurrency = Object.fromEntries(totals.map((t) => [t[col('currency')], t[col('gross')]]))
    const made = suite.up.records('invoices')
    const sumOf = (client: string) =>
      made.filter((i) => i.client_id === client).reduce((s, i) => s + Number(i.amount), 0)
    expect(byCurrency).to.deep.equal({
      USD: sumOf('VolejRejNm').toFixed(2),
      JPY: sumOf('YenClient1').toFixed(0),
      EUR: sumOf('EuroClnt01').toFixed(2),
    })
    // A yen row: whole yen, its taxes shared in whole yen.
    const yen = rows.find((row) => row[col('currency')] === 'JPY' && row[col('tax A 7%')] !== '')!
    expect([yen[col('net')], yen[col('tax A 7%')], yen[col('tax B 3%')], yen[col('gross')]]).to.deep.equal([
      '1000',
      '70',
      '30',
      '1100',
    ])
  })
})
