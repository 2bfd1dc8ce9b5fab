/** `cli reconcile`: proposals from the unmatched deposits and the open invoices; --yes, --dry-run, --pick. */
import {expect} from 'chai'

import {expectRun} from '../support/outcome.js'
import {CERTAIN, PROPOSALS, READS, useReconcile} from './reconcile-suite.js'

const INITECH = {id: 'Kd8xQ2pLmA', name: 'Initech'}

describe('cli reconcile', () => {
  const {suite, sent, posts, statusOf, run} = useReconcile()

  it('without --yes: reads both lists whole, prints the proposals and how to apply them; changes nothing', async () => {
    const before = statusOf('invoices')
    const r = await run()
    expectRun(r, {
      code: 0,
      stderr: '',
      stdout:
        `${PROPOSALS}\nNothing was changed: add --yes to apply 2 matches (2 certain), --dry-run to see the ` +
        'requests. For an ambiguous one, choose: --pick Bt3cM6pSx9=0007 --yes.\n',
    })
    expect(sent()).to.deep.equal(READS)
    expect(statusOf('invoices')).to.deep.equal(before)
  })

  it('--output json: a row a deposit with its candidates, and what --yes would apply; csv: the rows', async () => {
    const r = await run('--output', 'json')
    expect(r.code, r.stderr).to.equal(0)
    const doc = JSON.parse(r.stdout)
    type Row = {transaction: string; status: string; invoices: string; choices: string}
    expect(doc.data.map((p: Row) => [p.transaction, p.status, p.invoices, p.choices])).to.deep.equal([
      ['Bt1aK4mQz7', 'certain', '0004', ''],
      ['Bt2bL5nRy8', 'certain', '0005,0006', ''],
      ['Bt3cM6pSx9', 'ambiguous', '', '0007'],
      ['Bt4dN7qTw1', 'ambiguous', '', '0008 | 0009'],
      ['Bt6fQ9sVu3', 'none', '', ''],
    ])
    expect(doc.data[1]).to.deep.equal({
      transaction: 'Bt2bL5nRy8',
      date: '2024-03-02',
      amount: 200.5,
      description: 'INITECH FEBRUARY SETTLEMENT',
      bank_integration_id: 'Bi7kQ2mXw4',
      status: 'certain',
      picked: false,
      invoices: '0005,0006',
      invoice_ids: 'Iv5hJ3lMn2,Iv6jK4mNp3',
      choices: '',
      client: 'Initech',
      why: 'client-named-sum',
      note: '',
      candidates: [
        {
          invoices: [
            {id: 'Iv5hJ3lMn2', number: '0005', balance: 120, client: INITECH, currency_id: '1'},
            {id: 'Iv6jK4mNp3', number: '0006', balance: 80.5, client: INITECH, currency_id: '1'},
          ],
          why: ['client-named-sum'],
        },
      ],
    })
    expect(doc.apply).to.deep.equal([
      {transaction: 'Bt1aK4mQz7', invoice_ids: 'Iv4gH2kLm1', invoices: ['0004'], source: 'certain'},
      {transaction: 'Bt2bL5nRy8', invoice_ids: 'Iv5hJ3lMn2,Iv6jK4mNp3', invoices: ['0005', '0006'], source: 'certain'},
    ])
    const csv = await run('--output', 'csv')
    expectRun(csv, {
      code: 0,
      stderr: '',
      stdout:
        'transaction,date,amount,description,status,invoices,client,why,choices\r\n' +
        'Bt1aK4mQz7,2024-03-01,240.00,GLOBEX CORP PAYMENT INV-0004,certain,0004,Globex Corporation,' +
        '"number-in-description,exact-balance",\r\n' +
        'Bt2bL5nRy8,2024-03-02,200.50,INITECH FEBRUARY SETTLEMENT,certain,"0005,0006",Initech,client-named-sum,\r\n' +
        'Bt3cM6pSx9,2024-03-03,333.33,SEPA TRANSFER REF 88123,ambiguous,,,,0007\r\n' +
        'Bt4dN7qTw1,2024-03-04,90.00,BANK GIRO 5521,ambiguous,,,,0008 | 0009\r\n' +
        'Bt6fQ9sVu3,2024-03-05,1.23,INTEREST,none,,,,\r\n',
    })
    expect(sent()).to.deep.equal([...READS, ...READS])
  })

  it('--dry-run: reads, then shows the one match request it would send; sends no change', async () => {
    const r = await run('--dry-run')
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stdout).to.equal(
      '# match batch 1 of 1 (transactions Bt1aK4mQz7, Bt2bL5nRy8)\n' +
        `POST ${suite.up.url}/api/v1/bank_transactions/match\n${JSON.stringify({transactions: CERTAIN}, null, 2)}\n`,
    )
    expect(r.stderr).to.equal('dry run: 1 request, each sent once, in order\n')
    expect(sent()).to.deep.equal(READS)
    const json = await run('--dry-run', '--output', 'json')
    const doc = JSON.parse(json.stdout)
    expect(doc.dry_run).to.equal(true)
    expect(doc.requests.map((q: {method: string; body: unknown}) => [q.method, q.body])).to.deep.equal([
      ['POST', {transactions: CERTAIN}],
    ])
    expect(doc.requests[0].headers['X-API-TOKEN']).to.equal('[REDACTED]')
    expect(doc.proposals.map((p: {status: string}) => p.status)).to.deep.equal([
      'certain',
      'certain',
      'ambiguous',
      'ambiguous',
      'none',
    ])
    expect(posts()).to.have.length(0)
  })

  it('--yes: one match request with the certain ones; the server pays the invoices; a second run has nothing', async () => {
    const r = await run('--yes')
    expectRun(r, {
      code: 0,
      stderr: '',
      stdout:
        'matched Bt1aK4mQz7 → invoices 0004 (certain)\nmatched Bt2bL5nRy8 → invoices 0005, 0006 (certain)\n' +
        '2 transactions matched, a payment each\n',
    })
    expect(sent()).to.deep.equal([...READS, 'POST /api/v1/bank_transactions/match'])
    expect(posts()[0].json).to.deep.equal({transactions: CERTAIN})
    expect(statusOf('invoices')).to.include({
      '0004': '4/0',
      '0005': '4/0',
      '0006': '4/0',
      '0007': '2/333.33',
      '0008': '2/90',
      '0009': '2/90',
    })
    expect(statusOf('bank_transactions')).to.include({Bt1aK4mQz7: '3/', Bt4dN7qTw1: '1/', Bt6fQ9sVu3: '1/'})
    const payments = suite.up.records('payments')
    expect(payments.map((p) => [p.client_id, p.amount, p.transaction_reference])).to.deep.equal([
      ['Opnel5aKBz', 240, 'GLOBEX CORP PAYMENT INV-0004'],
      ['Kd8xQ2pLmA', 200.5, 'INITECH FEBRUARY SETTLEMENT'],
    ])
    suite.up.requests.length = 0
    const again = await run('--yes')
    // Nothing left to match: the proposals, then exit 5 (a change that did nothing).
    expect(again.code, again.stderr).to.equal(5)
    expect(again.stdout).to.match(/^3 unmatched deposits: 0 certain, 2 ambiguous, 1 without a match\n/)
    expect(again.stderr).to.equal(
      'Error: nothing was matched: no deposit has a certain match or a --pick (the proposals above)\n',
    )
    expect(sent()).to.deep.equal(READS)
  })

  it("--pick applies a person's choice for an ambiguous one (by number or id), with the certain ones", async () => {
    const r = await run('--pick', 'Bt4dN7qTw1=0009', '--pick', 'Bt6fQ9sVu3=Iv8lM6pQr5', '--yes', '-o', 'json')
    expect(r.code, r.stderr).to.equal(0)
    expect(posts().map((p) => p.json)).to.deep.equal([
      {
        transactions: [
          ...CERTAIN,
          {id: 'Bt4dN7qTw1', invoice_ids: 'Iv9mN7qRs6'},
          {id: 'Bt6fQ9sVu3', invoice_ids: 'Iv8lM6pQr5'},
        ],
      },
    ])
    const doc = JSON.parse(r.stdout)
    expect(doc.not_matched).to.deep.equal([])
    expect(doc.matched.map((t: {id: string; status_id: string}) => `${t.id}/${t.status_id}`)).to.deep.equal([
      'Bt1aK4mQz7/3',
      'Bt2bL5nRy8/3',
      'Bt4dN7qTw1/3',
      'Bt6fQ9sVu3/3',
    ])
    // 1.23 of 0008's 90: the server pays what the deposit holds.
    expect(statusOf('invoices')).to.include({'0008': '3/88.77', '0009': '4/0'})
  })

  it('a --pick without --yes is printed with the proposals, nothing is sent', async () => {
    const r = await run('--pick', 'Bt4dN7qTw1=0009')
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stdout).to.include('Bt4dN7qTw1  2024-03-04  90.00  "BANK GIRO 5521"\n  ambiguous:\n')
    expect(r.stdout).to.include('  picked: invoices 0009\n')
    expect(r.stdout).to.match(/Nothing was changed: add --yes to apply 3 matches \(2 certain, 1 picked\)/)
    expect(posts()).to.have.length(0)
  })

  it('refusals: a malformed pick or --since sends nothing; an unknown transaction, invoice or mixed clients no change', async () => {
    for (const args of [
      ['--pick', 'Bt4dN7qTw1'],
      ['--pick', '=0009'],
      ['--since', '2024-02-30'],
    ]) {
      const r = await run(...args, '--yes')
      expect(r.code, args.join(' ')).to.equal(2)
      expect(r.stdout).to.equal('')
      expect(r.stderr).to.match(/^Error: --(pick|since) /)
    }
    expect(sent()).to.deep.equal([])
    const cases: Array<[string, RegExp]> = [
      ['Bt8hS2dXw5=0009', /"Bt8hS2dXw5" is not among the unmatched deposits read/],
      ['Bt4dN7qTw1=0002', /no open invoice has the number or id "0002"/],
      ['Bt4dN7qTw1=0008,0009', /the invoices belong to different clients/],
      ['Bt4dN7qTw1=0004', /invoice 0004 would be paid by transactions Bt1aK4mQz7 and Bt4dN7qTw1/],
    ]
    for (const [pick, message] of cases) {
      const r = await run('--pick', pick, '--yes')
      expect(r.code, pick).to.equal(2)
      expect(r.stderr, pick).to.match(message)
    }
    expect(posts()).to.have.length(0)
  })

  it('--since keeps the later deposits; --bank-account asks the server for that account only', async () => {
    const r = await run('--since', '2024-03-03', '-o', 'json')
    expect(sent()[0]).to.equal(
      'GET /api/v1/bank_transactions page=1&client_status=unmatched&date_range=2024-03-03,9999-12-31&per_page=500',
    )
    expect(JSON.parse(r.stdout).data.map((p: {transaction: string}) => p.transaction)).to.deep.equal([
      'Bt3cM6pSx9',
      'Bt4dN7qTw1',
      'Bt6fQ9sVu3',
    ])
    suite.up.requests.length = 0
    const other = await run('--bank-account', 'Bi9zZ9zZz9')
    expect(other.stdout).to.match(/^0 unmatched deposits: 0 certain, 0 ambiguous, 0 without a match\n/)
    expect(sent()[0]).to.equal(
      'GET /api/v1/bank_transactions page=1&client_status=unmatched&bank_integration_ids=Bi9zZ9zZz9&per_page=500',
    )
  })
})
