/** `cli reconcile` over many deposits: batches of the match request; and the stand-in's bank filter it relies on. */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useReconcile} from './reconcile-suite.js'

describe('cli reconcile', () => {
  const {suite, posts, run} = useReconcile()

  it("the stand-in's client_status ORs states with deposits, as the server does: why reconcile checks CREDIT itself", async () => {
    const list = async (filter: string) => {
      const r = await runCli(['bank-transactions', 'list', '--filter', filter, '--all', '-o', 'ids'], {env: suite.env})
      expect(r.code, r.stderr).to.equal(0)
      return r.stdout.trim().split('\n')
    }
    const unmatched = ['Bt1aK4mQz7', 'Bt2bL5nRy8', 'Bt3cM6pSx9', 'Bt4dN7qTw1', 'Bt6fQ9sVu3', 'Bt7gR1cWv4']
    expect(await list('client_status=unmatched')).to.deep.equal(unmatched)
    // The converted deposit comes too: status OR base type, not both.
    expect(await list('client_status=unmatched,deposits')).to.deep.equal([...unmatched, 'Bt8hS2dXw5'])
    expect(await list('client_status=deposits')).to.deep.equal([...unmatched.slice(0, 5), 'Bt8hS2dXw5'])
  })

  describe('many deposits', () => {
    // 45 invoices of 10.00 + n cents and a deposit naming each: 45 certain matches.
    const invoices = Array.from({length: 45}, (_, n) => ({
      id: `Ivbatch${String(n).padStart(3, '0')}`,
      client_id: 'VolejRejNm',
      number: `B-${100 + n}`,
      status_id: '2',
      amount: 10 + n / 100,
      balance: 10 + n / 100,
    }))
    const deposits = invoices.map((i, n) => ({
      id: `Btbatch${String(n).padStart(3, '0')}`,
      date: '2024-03-10',
      amount: i.balance,
      description: `PAYMENT ${i.number}`,
      base_type: 'CREDIT',
      status_id: '1',
    }))
    beforeEach(() => {
      suite.up.seed('invoices', invoices)
      suite.up.seed('bank_transactions', deposits)
    })

    it('--yes sends batches of 20, each transaction once', async () => {
      const r = await run('--yes')
      expect(r.code, r.stderr).to.equal(0)
      const bodies = posts().map((p) => (p.json as {transactions: Array<{id: string}>}).transactions.map((t) => t.id))
      expect(bodies.map((b) => b.length)).to.deep.equal([20, 20, 5])
      expect(bodies.flat()).to.deep.equal(deposits.map((d) => d.id))
      expect(r.stdout).to.match(/\n45 transactions matched, a payment each\n$/)
      expect(suite.up.records('payments')).to.have.length(45)
    })

    it('a failed batch stops the rest and says what was sent before it and what was not', async () => {
      suite.up.fault({method: 'POST', path: '/api/v1/bank_transactions/match', kind: 'status', status: 500})
      const r = await run('--yes')
      expect(r.code).to.equal(1)
      expect(r.stdout).to.equal('')
      expect(r.stderr).to.match(/^Error: match batch 1 of 3 \(transactions Btbatch000, .*Btbatch019\): /)
      expect(r.stderr).to.include('\n  sent before it: none\n')
      expect(r.stderr).to.match(/\n {2}not sent: match batch 2 of 3 \(.*\); match batch 3 of 3 \(.*Btbatch044\)\n/)
      expect(posts()).to.have.length(1)
    })

    it('a transaction the server leaves unmatched is named, exit 1', async () => {
      suite.up.fault({
        method: 'POST',
        path: '/api/v1/bank_transactions/match',
        kind: 'status',
        status: 200,
        body: {data: []},
      })
      const r = await run('--yes')
      expect(r.code).to.equal(1)
      expect(r.stdout).to.match(/\n25 transactions matched, a payment each\n$/)
      expect(r.stderr).to.match(/^Error: the server matched none of Btbatch000, Btbatch001, .*Btbatch019: /)
      expect(posts()).to.have.length(3)
    })
  })
})
