/**
 * `cli reconcile` where a guess would move money wrongly (issue 30): a deposit in another currency than the
 * invoice's client is never certain (the server pays at face value in the deposit's currency), an amount alone is a
 * proposal a person confirms with --pick, and --skip leaves a deposit out.
 */
import {expect} from 'chai'

import {CERTAIN, useReconcile} from './reconcile-suite.js'

describe('cli reconcile: currencies, amount-only matches, --skip', () => {
  const {suite, sent, posts, statusOf, run} = useReconcile()
  const gbpDeposit = {
    id: 'BtGbp00001',
    bank_integration_id: 'Bi7kQ2mXw4',
    date: '2024-03-06',
    amount: 90,
    description: 'ACME PAYMENT INV 0009',
    base_type: 'CREDIT',
    status_id: '1',
    currency_id: '2',
  }

  it('a GBP deposit naming a USD invoice (the company currency) is not certain; --yes sends no match for it', async () => {
    suite.up.seed('bank_transactions', [gbpDeposit])
    const r = await run('--yes', '-o', 'json')
    // Nothing matched: exit 5, the proposals still printed.
    expect(r.code, r.stderr).to.equal(5)
    const row = JSON.parse(r.stdout).data[0]
    expect([row.transaction, row.status, row.note, row.choices]).to.deep.equal([
      'BtGbp00001',
      'ambiguous',
      "the deposit is in currency 2, the client's is 1",
      '0009',
    ])
    expect(sent()).to.include('POST /api/v1/companies/current')
    expect(posts()).to.deep.equal([])
    expect(statusOf('invoices')['0009']).to.equal('2/90')
    expect(suite.up.records('payments')).to.deep.equal([])
  })

  it("the same deposit for a client whose own currency is GBP is certain: the company isn't read", async () => {
    suite.up.seed('bank_transactions', [gbpDeposit])
    suite.up.seed(
      'clients',
      suite.up.records('clients').map((c) => ({...c, settings: {currency_id: c.id === 'VolejRejNm' ? '2' : '1'}})),
    )
    const r = await run('--yes')
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stdout).to.equal('matched BtGbp00001 → invoices 0009 (certain)\n1 transaction matched, a payment each\n')
    expect(sent()).to.not.include('POST /api/v1/companies/current')
    expect(posts().map((p) => p.json)).to.deep.equal([{transactions: [{id: 'BtGbp00001', invoice_ids: 'Iv9mN7qRs6'}]}])
  })

  it('an amount-only match is applied only when picked', async () => {
    const r = await run('--pick', 'Bt3cM6pSx9=0007', '--yes')
    expect(r.code, r.stderr).to.equal(0)
    expect(posts().map((p) => p.json)).to.deep.equal([
      {transactions: [...CERTAIN, {id: 'Bt3cM6pSx9', invoice_ids: 'Iv7kL5nPq4'}]},
    ])
  })

  it('--skip leaves a certain deposit out: neither listed nor matched', async () => {
    const r = await run('--skip', 'Bt1aK4mQz7', '--yes', '-o', 'json')
    expect(r.code, r.stderr).to.equal(0)
    expect(JSON.parse(r.stdout).data.map((p: {transaction: string}) => p.transaction)).to.not.include('Bt1aK4mQz7')
    expect(posts().map((p) => p.json)).to.deep.equal([{transactions: [CERTAIN[1]]}])
    expect(statusOf('invoices')['0004']).to.equal('2/240')
  })

  it('--skip of a transaction not read, or one also picked: exit 2, no change sent', async () => {
    const unknown = await run('--skip', 'Bt8hS2dXw5', '--yes')
    expect([unknown.code, unknown.stderr]).to.deep.equal([
      2,
      'Error: --skip "Bt8hS2dXw5" is not among the unmatched deposits read: nothing was sent\n',
    ])
    const both = await run('--skip', 'Bt4dN7qTw1', '--pick', 'Bt4dN7qTw1=0009', '--yes')
    expect([both.code, both.stderr]).to.deep.equal([
      2,
      'Error: --pick and --skip both name transaction Bt4dN7qTw1: give one\n',
    ])
    expect(posts()).to.deep.equal([])
  })

  it("prints each amount to its currency's decimals: a yen deposit and a yen client's invoice in whole yen", async () => {
    suite.up.seed('clients', [{id: 'YenClient1', name: 'Kyoto KK', number: '0009', settings: {currency_id: '45'}}])
    suite.up.seed('invoices', [
      {id: 'IvYen00001', number: 'Y-0001', client_id: 'YenClient1', status_id: '2', amount: 1200, balance: 1200},
    ])
    const yen = {...gbpDeposit, id: 'BtYen00001', amount: 1200, description: 'KYOTO KK Y-0001', currency_id: '45'}
    suite.up.seed('bank_transactions', [yen])
    const r = await run()
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stderr).to.equal('')
    expect(r.stdout).to.include(
      'BtYen00001  2024-03-06  1200  "KYOTO KK Y-0001"\n' +
        '  certain: invoice Y-0001 (Kyoto KK, balance 1200) [number-in-description, client-named-sum, exact-balance]\n',
    )
    // The decimals come from the cached statics: nothing more is asked of the server.
    expect(sent()).to.deep.equal([
      'GET /api/v1/bank_transactions page=1&client_status=unmatched&per_page=500',
      'GET /api/v1/invoices page=1&client_status=unpaid&include=client&per_page=500',
    ])
    // JSON keeps the server's numbers.
    const json = await run('-o', 'json')
    expect(JSON.parse(json.stdout).data[0].amount).to.equal(1200)
  })
})
