/**
 * The accountant's ledger rows: tax per rate adds up to the server's total_taxes in the currency's unit; what a payment
 * paid; a total per currency; each row's currency as the server settles it.
 */
import {expect} from 'chai'

import {
  documentRow,
  paidDocuments,
  paymentRow,
  taxesByRate,
  totalRows,
} from '../src/month-end/period-pack/ledger-rows.js'
import {rowCurrencyId} from '../src/month-end/period-pack/ledger-currency.js'

describe('period pack ledger rows', () => {
  it("shares the tax out by the lines' rates: net + tax = gross, the rates add up to total_taxes", () => {
    const invoice = {
      amount: 146.3,
      total_taxes: 16.3,
      line_items: [
        {quantity: 1, cost: 100, tax_name1: 'GST', tax_rate1: 10, tax_amount: 10, line_total: 100},
        {quantity: 3, cost: 10, tax_name1: 'VAT', tax_rate1: 21, line_total: 30},
      ],
    }
    expect(documentRow(invoice)).to.include({net: 130, 'tax GST 10%': 10, 'tax VAT 21%': 6.3, tax: 16.3, gross: 146.3})
  })

  it("two rates on a line share its tax by rate; the document's own rate takes what the lines leave; cents add up", () => {
    const taxes = taxesByRate({
      total_taxes: 10.01,
      tax_name1: 'Levy',
      tax_rate1: 2.5,
      line_items: [{line_total: 33.33, tax_name1: 'A', tax_rate1: 10, tax_name2: 'B', tax_rate2: 5}],
    })
    expect([...taxes.keys()]).to.deep.equal(['tax A 10%', 'tax B 5%', 'tax Levy 2,5%'])
    expect([...taxes.values()].reduce((a, b) => a + b, 0)).to.be.closeTo(10.01, 1e-9)
    // No rate anywhere: the tax is still shown, as unexplained.
    expect([...taxesByRate({total_taxes: 3, line_items: []})]).to.deep.equal([['tax other', 3]])
  })

  it('a payment names the documents it paid by number, its method by name; the total row sums the money', () => {
    const payment = {
      type_id: '1',
      paymentables: [{invoice_id: 'Inv1'}, {invoice_id: 'Inv2'}, {credit_id: 'Cr1'}],
      invoices: [{id: 'Inv1', number: '0001'}],
      credits: [{id: 'Cr1', number: '0007'}],
    }
    expect(paidDocuments(payment)).to.equal('0001, Inv2, credit 0007')
    expect(paymentRow(payment, new Map([['1', 'Bank Transfer']]))).to.include({method: 'Bank Transfer'})
    const rows = [{amount: 0.1}, {amount: 0.2}, {amount: '1.00'}]
    expect(
      totalRows(
        rows,
        ['id', 'amount', 'date'],
        (c) => c === 'amount',
        () => 2,
      ),
    ).to.deep.equal([{id: 'Total', amount: 1.3}])
  })

  it('totals each currency on its own, to its decimals; amounts in two currencies are never added', () => {
    const rows = [
      {currency: 'USD', amount: 10.25},
      {currency: 'JPY', amount: 1200},
      {currency: 'USD', amount: 0.1},
      {currency: 'JPY', amount: 300},
    ]
    const precision = (code: unknown) => (code === 'JPY' ? 0 : 2)
    expect(totalRows(rows, ['id', 'currency', 'amount'], (c) => c === 'amount', precision)).to.deep.equal([
      {id: 'Total', currency: 'USD', amount: 10.35},
      {id: 'Total', currency: 'JPY', amount: 1500},
    ])
    expect(totalRows([], ['id', 'amount'], (c) => c === 'amount', precision)).to.deep.equal([{id: 'Total', amount: 0}])
  })

  it("shares a yen document's tax in whole yen, still adding up to its total_taxes", () => {
    const invoice = {
      amount: 3300,
      total_taxes: 300,
      line_items: [{line_total: 3000, tax_name1: 'A', tax_rate1: 7, tax_name2: 'B', tax_rate2: 3, tax_amount: 300}],
    }
    const row = documentRow(invoice, 0)
    expect(row).to.include({net: 3000, 'tax A 7%': 210, 'tax B 3%': 90, tax: 300, gross: 3300})
    const odd = documentRow(
      {amount: 1100, total_taxes: 100, line_items: [], tax_name1: 'X', tax_rate1: 1, tax_name2: 'Y', tax_rate2: 2},
      0,
    )
    expect([odd['tax X 1%'], odd['tax Y 2%']]).to.deep.equal([33, 67])
  })

  it("takes a row's currency as the server settles it: its own, its client's, the client's group's, the company's", () => {
    const groups = new Map([['Grp1', '3']])
    expect(rowCurrencyId({currency_id: '2', client: {settings: {currency_id: '4'}}}, '1', groups)).to.equal('2')
    expect(rowCurrencyId({currency_id: '', client: {settings: {currency_id: '4'}}}, '1', groups)).to.equal('4')
    expect(rowCurrencyId({client: {settings: {}, group_settings_id: 'Grp1'}}, '1', groups)).to.equal('3')
    expect(rowCurrencyId({client: {settings: {}, group_settings_id: 'Grp2'}}, '1', groups)).to.equal('1')
    expect(rowCurrencyId({client: {settings: {}, group_settings_id: ''}}, '1', groups)).to.equal('1')
  })
})
