/** The reconcile rules on their own (pure): when a proposal is certain, when it is ambiguous. */
import {expect} from 'chai'

import {type Deposit, type OpenInvoice, proposals} from '../src/month-end/reconcile/proposals.js'

const inv = (id: string, number: string, balance: number, client = 'C1', name = 'Acme Ltd', currency = '1') => ({
  id,
  number,
  balance,
  client: {id: client, name},
  currency_id: currency as string | undefined,
})
const dep = (id: string, amount: number, description: string, date = '2024-03-01', currency = '1'): Deposit => ({
  id,
  date,
  amount,
  description,
  bank_integration_id: 'B1',
  currency_id: currency,
})
const verdicts = (ds: Deposit[], open: OpenInvoice[]) =>
  proposals(ds, open).map((p) => [p.transaction.id, p.status, p.candidates.map((c) => c.invoices.map((i) => i.number))])

describe('reconcile proposals', () => {
  it('a number in the description decides when it adds up, over an exact balance elsewhere', () => {
    const open = [inv('a', '0004', 100), inv('b', '0005', 100, 'C2', 'Globex')]
    expect(verdicts([dep('t', 100, 'PAYMENT 0004')], open)).to.deep.equal([['t', 'certain', [['0004']]]])
  })

  it('numbers are whole words: 20004 names no 0004; two numbers of one client adding up are one candidate', () => {
    const open = [inv('a', '0004', 60), inv('b', '0005', 40)]
    expect(verdicts([dep('t', 100, 'REF 20004 0005x')], open)).to.deep.equal([['t', 'none', []]])
    expect(verdicts([dep('t', 100, 'INV 0004/INV 0005')], open)).to.deep.equal([['t', 'certain', [['0004', '0005']]]])
  })

  it('a number that does not add up (a partial payment) is ambiguous; so are numbers of two clients', () => {
    const open = [inv('a', '0004', 60), inv('b', '0005', 40, 'C2', 'Globex')]
    const partial = proposals([dep('t', 50, 'INV 0004')], open)[0]
    expect([partial.status, partial.note]).to.deep.equal([
      'ambiguous',
      "the invoices named do not add up to the deposit's amount",
    ])
    expect(proposals([dep('t', 100, 'INV 0004 0005')], open)[0].note).to.equal(
      'the invoices named belong to different clients',
    )
  })

  it('a client named without its legal form, whose open invoices add up; not a name shorter than 3', () => {
    const open = [inv('a', '0001', 30), inv('b', '0002', 20), inv('c', '0003', 50, 'C2', 'Globex Corporation')]
    expect(verdicts([dep('t', 50, 'ACME MARCH')], open)).to.deep.equal([['t', 'certain', [['0001', '0002']]]])
    const short = [inv('a', '0001', 30, 'C3', 'AB Ltd'), inv('b', '0002', 30, 'C4', 'Other')]
    expect(verdicts([dep('t', 30, 'AB payment')], short)[0][1]).to.equal('ambiguous')
  })

  it('the amount alone is never certain: one invoice of exactly that balance is a proposal to confirm (--pick)', () => {
    const open = [inv('a', '0001', 10.1)]
    const alone = proposals([dep('t', 10.100000001, 'X')], open)[0]
    expect([alone.status, alone.candidates.map((c) => c.why), alone.note]).to.deep.equal([
      'ambiguous',
      [['exact-balance']],
      'only the amount matches: the description names neither invoice nor client',
    ])
  })

  it('two deposits certain of the one invoice are both ambiguous', () => {
    const open = [inv('a', '0001', 10.1)]
    const both = proposals([dep('t1', 10.1, 'INV 0001'), dep('t2', 10.1, 'ACME', '2024-03-02')], open)
    expect(both.map((p) => [p.status, p.note])).to.deep.equal([
      ['ambiguous', 'another deposit is proposed for the same invoice'],
      ['ambiguous', 'another deposit is proposed for the same invoice'],
    ])
  })

  it("certain only in the client's currency: a GBP deposit naming a USD invoice is a person's decision", () => {
    const open = [
      inv('a', '0004', 90, 'C1', 'Acme Ltd', '1'),
      {...inv('b', '0005', 90, 'C2', 'Globex'), currency_id: undefined},
    ]
    const gbp = proposals([dep('t', 90, 'INV 0004', '2024-03-01', '2')], open)[0]
    expect([gbp.status, gbp.note]).to.deep.equal(['ambiguous', "the deposit is in currency 2, the client's is 1"])
    const unknown = proposals([dep('t', 90, 'GLOBEX', '2024-03-01', '1')], open)[0]
    expect([unknown.status, unknown.note]).to.deep.equal([
      'ambiguous',
      "the deposit is in currency 1, the client's currency is not known",
    ])
    expect(verdicts([dep('t', 90, 'INV 0004')], open)).to.deep.equal([['t', 'certain', [['0004']]]])
  })

  it("a client's currency: its own settings, else (no group) the company's; a group's is not known", async () => {
    const {clientCurrency} = await import('../src/month-end/reconcile/proposals.js')
    expect(clientCurrency({settings: {currency_id: '2'}}, '1')).to.equal('2')
    expect(clientCurrency({settings: {currency_id: ''}, group_settings_id: ''}, '1')).to.equal('1')
    expect(clientCurrency({settings: {}, group_settings_id: 'Gs3jH8nMb2'}, '1')).to.equal(undefined)
  })
})
