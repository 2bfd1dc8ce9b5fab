/**
 * Money that reads like money: amounts right-aligned to two decimals in tables at 80 and 120 columns (the id leaves
 * first when columns must go), CSV with machine or people's headers and the byte-order mark, and a workbook read back
 * with the library that wrote it (cell types, number formats, the frozen header row).
 */
import ExcelJS from 'exceljs'
import {expect} from 'chai'

import {renderCsv} from '../src/output/formats/csv.js'
import {humanHeader} from '../src/output/headers.js'
import {renderTable} from '../src/output/table.js'
import {workbookBytes} from '../src/output/workbook.js'

const STATUSES = new Map([
  ['1', 'Draft'],
  ['2', 'Sent'],
  ['4', 'Paid'],
])
const COLUMNS = ['id', 'number', 'client.display_name', 'amount', 'balance', 'status_id', 'date', 'due_date']
const INVOICES = [
  {
    id: 'WJxbojagwO',
    number: '0001',
    client: {display_name: 'Acme Ltd'},
    amount: 1250.5,
    balance: 80.5,
    status_id: '2',
    date: '2024-01-15',
    due_date: '2024-02-14',
  },
  {
    id: 'Zq3nWx8kPd',
    number: '0002',
    client: {display_name: 'Müller GmbH, Köln'},
    amount: 20,
    balance: 0,
    status_id: '4',
    date: '2024-02-01',
    due_date: '2024-03-02',
  },
]

describe('money in tables, CSV and workbooks', () => {
  it('at 120 columns: every column, amounts right-aligned to two decimals under right-aligned headers', () => {
    const notes: string[] = []
    const text = renderTable(INVOICES, COLUMNS, {
      color: false,
      width: 120,
      codes: new Map([['status_id', STATUSES]]),
      note: (n) => notes.push(n),
    })
    expect(text.split('\n')).to.deep.equal([
      'ID          NUMBER  CLIENT              AMOUNT  BALANCE  STATUS_ID  DATE        DUE_DATE',
      'WJxbojagwO  0001    Acme Ltd           1250.50    80.50  Sent       2024-01-15  2024-02-14',
      'Zq3nWx8kPd  0002    Müller GmbH, Köln    20.00     0.00  Paid       2024-02-01  2024-03-02',
    ])
    expect(notes).to.deep.equal([])
  })

  it('at 80 columns: the id leaves before the dates and amounts, and a note says so', () => {
    const notes: string[] = []
    const text = renderTable(INVOICES, COLUMNS, {
      color: false,
      width: 80,
      codes: new Map([['status_id', STATUSES]]),
      note: (n) => notes.push(n),
    })
    expect(text.split('\n')).to.deep.equal([
      'NUMBER  CLIENT              AMOUNT  BALANCE  STATUS_ID  DATE        DUE_DATE',
      '0001    Acme Ltd           1250.50    80.50  Sent       2024-01-15  2024-02-14',
      '0002    Müller GmbH, Köln    20.00     0.00  Paid       2024-02-01  2024-03-02',
    ])
    expect(notes).to.have.length(1)
    expect(notes[0]).to.match(/^note: column id left out to fit 80 columns/)
  })

  it('columns named with --columns are kept in their order: the rightmost go, as asked', () => {
    const text = renderTable(
      INVOICES,
      COLUMNS,
      {color: false, width: 80, codes: new Map([['status_id', STATUSES]])},
      true,
    )
    expect(text.split('\n')[0]).to.equal('ID          NUMBER  CLIENT              AMOUNT  BALANCE  STATUS_ID  DATE')
  })

  it('a bank transaction shows in or out for its base type, and its status by name', () => {
    const statuses = new Map([['1', 'Unmatched']])
    const rows = [
      {id: 'Bt5hJ9wRz2', base_type: 'DEBIT', amount: 100, status_id: '1'},
      {id: 'Bt1aK4mQz7', base_type: 'CREDIT', amount: 240, status_id: '1'},
    ]
    expect(
      renderTable(rows, ['id', 'base_type', 'amount', 'status_id'], {
        color: false,
        codes: new Map([['status_id', statuses]]),
      }),
    ).to.equal(
      'ID          IN/OUT  AMOUNT  STATUS_ID\n' +
        'Bt5hJ9wRz2  out     100.00  Unmatched\n' +
        'Bt1aK4mQz7  in      240.00  Unmatched',
    )
  })

  it('CSV: machine headers by default, amounts to two decimals, dates as the server writes them', () => {
    expect(renderCsv({data: INVOICES}, {columns: COLUMNS, codes: new Map([['status_id', STATUSES]])})).to.equal(
      'id,number,client.display_name,amount,balance,status_id,date,due_date\r\n' +
        'WJxbojagwO,0001,Acme Ltd,1250.50,80.50,Sent,2024-01-15,2024-02-14\r\n' +
        'Zq3nWx8kPd,0002,"Müller GmbH, Köln",20.00,0.00,Paid,2024-02-01,2024-03-02\r\n',
    )
  })

  it('CSV: --headers human names the columns for people; --bom starts with the byte-order mark', () => {
    const text = renderCsv(
      {data: INVOICES.slice(0, 1)},
      {columns: COLUMNS, codes: new Map([['status_id', STATUSES]]), human: true, bom: true},
    )
    expect(text).to.equal(
      '\uFEFFID,Number,Client,Amount,Balance,Status,Date,Due date\r\n' +
        'WJxbojagwO,0001,Acme Ltd,1250.50,80.50,Sent,2024-01-15,2024-02-14\r\n',
    )
    expect(Buffer.from(text).subarray(0, 3)).to.deep.equal(Buffer.from([0xef, 0xbb, 0xbf]))
    // No record: the header alone, with its mark.
    expect(renderCsv({data: []}, {columns: ['id'], bom: true})).to.equal('\uFEFFid\r\n')
    expect(
      ['record_state', 'base_type', 'transaction_reference', 'vendor.display_name'].map(humanHeader),
    ).to.deep.equal(['State', 'In/out', 'Reference', 'Vendor'])
  })

  it("a workbook: a frozen header row of people's names, amounts as numbers with two decimals, dates as dates, numbers as text", async () => {
    const bytes = await workbookBytes([
      {name: 'Invoices', columns: COLUMNS, records: INVOICES, codes: new Map([['status_id', STATUSES]])},
    ])
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(bytes as unknown as ExcelJS.Buffer)
    const sheet = book.getWorksheet('Invoices')!
    expect(sheet.views[0]).to.include({state: 'frozen', ySplit: 1})
    expect(sheet.getRow(1).values).to.deep.equal([
      undefined,
      'ID',
      'Number',
      'Client',
      'Amount',
      'Balance',
      'Status',
      'Date',
      'Due date',
    ])
    const row = sheet.getRow(2)
    expect(row.getCell(2).type).to.equal(ExcelJS.ValueType.String)
    expect(row.getCell(2).value).to.equal('0001')
    expect(row.getCell(4).type).to.equal(ExcelJS.ValueType.Number)
    expect(row.getCell(4).value).to.equal(1250.5)
    expect(row.getCell(4).numFmt).to.equal('#,##0.00')
    expect(row.getCell(6).value).to.equal('Sent')
    expect(row.getCell(7).type).to.equal(ExcelJS.ValueType.Date)
    expect((row.getCell(7).value as Date).toISOString()).to.equal('2024-01-15T00:00:00.000Z')
    expect(row.getCell(7).numFmt).to.equal('yyyy-mm-dd')
    expect(sheet.getRow(3).getCell(3).value).to.equal('Müller GmbH, Köln')
    expect(sheet.rowCount).to.equal(3)
  })
})
