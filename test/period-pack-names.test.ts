/** The period pack's file names and count check, on their own (pure): period-pack/names.ts. */
import {expect} from 'chai'

import {distinctNames, missingPdfs} from '../src/month-end/period-pack/names.js'

const file = (path: string, record: string) => ({
  file: path,
  record,
  updated: null,
  label: record,
  expect: 'pdf' as const,
  request: {method: 'GET' as const, path: '/', query: [], changes: false},
})

describe('period pack names', () => {
  it("names that meet carry their records' ids, a PDF and its e-invoice alike; others stay as they are", () => {
    const named = distinctNames([
      file('invoices/0007.pdf', 'A'),
      file('invoices/0007.xml', 'A'),
      file('invoices/0007.pdf', 'B'),
      file('credits/0007.pdf', 'C'),
      file('expenses/0007/Dk1_a.png', 'D'),
      file('expenses/0007/Dk2_b.png', 'E'),
    ]).map((f) => f.file)
    expect(named).to.deep.equal([
      'invoices/0007_A.pdf',
      'invoices/0007_A.xml',
      'invoices/0007_B.pdf',
      'credits/0007.pdf',
      'expenses/0007_D/Dk1_a.png',
      'expenses/0007_E/Dk2_b.png',
    ])
  })

  it('the count check names a family with fewer PDFs than records; a family of attachments is not counted', () => {
    const ledgers = [
      {family: 'invoices', records: 3, pdf: true},
      {family: 'expenses', records: 5, pdf: false},
    ]
    const inPack = [file('invoices/0001.pdf', 'A'), file('invoices/0001.xml', 'B'), file('invoices/0002.pdf', 'B')]
    expect(missingPdfs(ledgers, inPack)).to.deep.equal(['invoices: 2 of 3 records have their PDF in the pack'])
    expect(missingPdfs(ledgers, [...inPack, file('invoices/0003.pdf', 'C')])).to.deep.equal([])
  })
})
