/**
 * `payments create --invoice INVOICE:AMOUNT`: a payment applied to invoices named by number or id, its client the
 * invoices' own unless given, against the stand-in (which applies it as the server does). Each test checks what the
 * server received, how many times the change reached it, the exit code and what the invoices are left with.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

const ACME = 'VolejRejNm'
const GLOBEX = 'Opnel5aKBz'

describe('payments create --invoice: a payment of invoices by number', () => {
  const suite = useUpstream()
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}${r.rawQuery ? `?${r.rawQuery}` : ''}`)
  const posts = () => suite.up.requests.filter((r) => r.method === 'POST')
  const balances = () => Object.fromEntries(suite.up.records('invoices').map((i) => [i.number, i.balance]))

  beforeEach(() =>
    // seed() replaces the list: the stand-in's own 0001 (Acme's, 150 owed) first.
    suite.up.seed('invoices', [
      {id: 'WJxbojagwO', client_id: ACME, number: '0001', status_id: '2', amount: 150, balance: 150},
      {id: 'Iv2bK7mQx1', client_id: ACME, number: '0002', status_id: '2', amount: 90, balance: 90},
      {id: 'Iv3cL8nRy2', client_id: GLOBEX, number: '0003', status_id: '2', amount: 40, balance: 40},
    ]),
  )

  it("pays two invoices by number in one POST, the client the invoices' own; the invoices owe what is left", async () => {
    const r = await runCli(
      ['payments', 'create', '--invoice', '0001:50', '--invoice', '0002:90', '--date', '2024-03-01', '--yes'],
      {env: suite.env},
    )
    expect(r.code, r.stderr).to.equal(0)
    expect(posts().map((p) => p.json)).to.deep.equal([
      {
        client_id: ACME,
        date: '2024-03-01',
        invoices: [
          {invoice_id: 'WJxbojagwO', amount: 50},
          {invoice_id: 'Iv2bK7mQx1', amount: 90},
        ],
      },
    ])
    // The numbers looked up, each invoice read for its client, then the one change.
    expect(sent().filter((s) => s.startsWith('GET /api/v1/invoices/'))).to.deep.equal([
      'GET /api/v1/invoices/WJxbojagwO?include=client',
      'GET /api/v1/invoices/Iv2bK7mQx1?include=client',
    ])
    expect(sent().filter((s) => s.startsWith('POST'))).to.deep.equal(['POST /api/v1/payments'])
    expect(balances()).to.deep.equal({'0001': 100, '0002': 0, '0003': 40})
    const [payment] = suite.up.records('payments')
    expect(payment).to.include({client_id: ACME, amount: 140, applied: 140})
    expect(r.stderr).to.match(/^created payment \S+ \(id \w+\), 140\.00\n$/)
  })

  it('with --client-id, no invoice is read for its client; an id is taken as it is', async () => {
    const r = await runCli(
      ['payments', 'create', '--client-id', 'Acme Ltd', '--invoice', 'WJxbojagwO:150', '--amount', '200', '--yes'],
      {env: suite.env},
    )
    expect(r.code, r.stderr).to.equal(0)
    expect(sent().filter((s) => s.startsWith('GET /api/v1/invoices/'))).to.deep.equal([])
    expect(posts().map((p) => p.json)).to.deep.equal([
      {client_id: ACME, amount: 200, invoices: [{invoice_id: 'WJxbojagwO', amount: 150}]},
    ])
    expect(balances()['0001']).to.equal(0)
    expect(suite.up.records('payments')[0]).to.include({amount: 200, applied: 150})
  })

  it('a dry run reads what it needs and says which client it took; nothing is changed', async () => {
    const r = await runCli(['payments', 'create', '--invoice', '0002:10', '--dry-run'], {env: suite.env})
    expect(r.code, r.stderr).to.equal(0)
    expect(posts()).to.deep.equal([])
    expect(r.stderr).to.include(`client_id ${ACME}: the client of the invoices (Acme Ltd)\n`)
    expect(JSON.parse(r.stdout.slice(r.stdout.indexOf('{')))).to.deep.equal({
      client_id: ACME,
      invoices: [{invoice_id: 'Iv2bK7mQx1', amount: 10}],
    })
    expect(balances()['0002']).to.equal(90)
  })

  it("an invoice's read answered with another record: exit 1, its client not taken, nothing sent", async () => {
    suite.up.fault({
      method: 'GET',
      path: '/api/v1/invoices/WJxbojagwO',
      kind: 'raw',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({data: {id: 'Other00001', number: '0001', client_id: GLOBEX}}),
    })
    const r = await runCli(['payments', 'create', '--invoice', 'WJxbojagwO:5', '--yes'], {env: suite.env})
    expect(r.code).to.equal(1)
    expect(r.stderr).to.equal(
      'Error: the upstream answered the read of invoices WJxbojagwO with the record "Other00001": ' +
        'nothing was changed\n',
    )
    expect(posts()).to.deep.equal([])
  })

  it('without --yes or --dry-run: exit 3 before any invoice is looked up, nothing sent', async () => {
    const r = await runCli(['payments', 'create', '--invoice', '0001:5'], {env: suite.env})
    expect(r.code).to.equal(3)
    expect(suite.up.requests).to.deep.equal([])
  })

  it('invoices of two clients: exit 2 naming them, nothing sent', async () => {
    const r = await runCli(['payments', 'create', '--invoice', '0001:5', '--invoice', '0003:5', '--yes'], {
      env: suite.env,
    })
    expect(r.code).to.equal(2)
    expect(r.stderr).to.equal(
      "Error: --invoice: the invoices 0001 (Acme Ltd), 0003 (Globex Corporation) are not one client's: give " +
        '--client-id, or pay each apart\n',
    )
    expect(posts()).to.deep.equal([])
    expect(suite.up.records('payments')).to.deep.equal([])
  })

  it('a number no invoice has, a value without its amount, an amount of 0: exit 2, nothing sent', async () => {
    const cases: Array<[string, string]> = [
      ['0099:5', 'Error: invoices "0099": no record has that number'],
      ['0001', 'Error: --invoice "0001" must be INVOICE:AMOUNT, e.g. 0042:25.50\n'],
      ['0001:0', 'Error: --invoice 0001 must be a number above 0, got "0"\n'],
    ]
    for (const [value, said] of cases) {
      const r = await runCli(['payments', 'create', '--invoice', value, '--yes'], {env: suite.env})
      expect(r.code, value).to.equal(2)
      expect(r.stderr.startsWith(said), r.stderr).to.equal(true)
    }
    expect(posts()).to.deep.equal([])
  })

  it("more than an invoice's balance: the server's 422, once, and the invoice owes what it did", async () => {
    const r = await runCli(['payments', 'create', '--invoice', '0002:95', '--yes'], {env: suite.env})
    expect(r.code).to.equal(1)
    expect(r.stderr).to.include("invoices.0.invoice_id: The amount is more than the invoice's balance")
    expect(posts()).to.have.length(1)
    expect(balances()['0002']).to.equal(90)
    expect(suite.up.records('payments')).to.deep.equal([])
  })

  it('--credit applies a credit to an invoice: one POST, the credit applied, the invoice owing less', async () => {
    suite.up.seed('credits', [
      {id: 'Cr6dL1qWe3', client_id: ACME, number: 'C001', status_id: '2', amount: 25, balance: 25},
      {id: 'Cr7eM2rXf4', client_id: GLOBEX, number: 'C002', status_id: '2', amount: 10, balance: 10},
    ])
    const r = await runCli(['payments', 'create', '--invoice', '0001:25', '--credit', 'C001:25', '--yes'], {
      env: suite.env,
    })
    expect(r.code, r.stderr).to.equal(0)
    expect(posts().map((p) => p.json)).to.deep.equal([
      {
        client_id: ACME,
        invoices: [{invoice_id: 'WJxbojagwO', amount: 25}],
        credits: [{credit_id: 'Cr6dL1qWe3', amount: 25}],
      },
    ])
    expect(balances()['0001']).to.equal(125)
    expect(suite.up.records('credits')[0]).to.include({balance: 0, status_id: '4', paid_to_date: 25})
    expect(suite.up.records('payments')[0]).to.include({amount: 0, applied: 0})

    // Another client's credit, or more than a credit holds: the server's 422, once each; nothing moves. (Sent back to
    // back, the server's guard against a repeated payment of the same amount for the same client is off here.)
    suite.up.setRepeatWindow(0)
    suite.up.requests.length = 0
    const other = await runCli(['payments', 'create', '--invoice', '0002:10', '--credit', 'C002:10', '--yes'], {
      env: suite.env,
    })
    expect(other.code).to.equal(1)
    expect(other.stderr).to.include("credits.0.credit_id: The credits are not all the payment's client's")
    const more = await runCli(['payments', 'create', '--invoice', '0002:5', '--credit', 'Cr6dL1qWe3:0.01', '--yes'], {
      env: suite.env,
    })
    expect(more.code).to.equal(1)
    expect(more.stderr).to.include("credits.0.credit_id: The amount is more than the credit's balance")
    expect(posts()).to.have.length(2)
    expect(balances()).to.deep.equal({'0001': 125, '0002': 90, '0003': 40})
    expect(suite.up.records('credits')[1]).to.include({balance: 10, status_id: '2'})
    expect(suite.up.records('payments')).to.have.length(1)
  })

  it('on an update --invoice is refused, saying how the update sets invoices; nothing sent', async () => {
    suite.up.seed('payments', [{id: 'Pq1x7Yw2Za', client_id: ACME, amount: 100, refunded: 0, status_id: '4'}])
    const r = await runCli(['payments', 'update', 'Pq1x7Yw2Za', '--invoice', '0001:5', '--yes'], {env: suite.env})
    expect(r.code).to.equal(2)
    expect(r.stderr).to.include(
      'Error: --invoice is for payments create: cli payments update sets invoices with --field ' +
        'invoices.0.invoice_id=ID --field invoices.0.amount=N',
    )
    expect(suite.up.requests).to.deep.equal([])
  })
})
