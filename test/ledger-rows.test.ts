/** The accountant's ledger rows: tax per rate adds up to the server's total_taxes to the cent; what a payment paid. */
import {expect} from 'chai'

import {
  documentRow,
  paidDocuments,
  paymentRow,
  taxesByRate,
  totalRow,
} from '../src/month-end/period-pack/ledger-rows.js'

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
    expect(totalRow(rows, ['id', 'amount', 'date'], (c) => c === 'amount')).to.deep.equal({id: 'Total', amount: 1.3})
  })
})
