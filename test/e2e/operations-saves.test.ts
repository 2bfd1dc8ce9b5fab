/** Operations beyond CRUD: the side effects of flags on save (send, pay, approve), and payment refunds. */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useOperationsUpstream} from './operations-suite.js'

describe('operations beyond CRUD', () => {
  const {suite, sent, json} = useOperationsUpstream()

  describe('side effects on save', () => {
    it('invoices create --send-email --paid --reference: sent as query parameters, once; the invoice is mailed and paid', async () => {
      const args = [
        'invoices',
        'create',
        '--client-id',
        'VolejRejNm',
        '--line-item',
        'product_key=A,quantity=1,cost=40',
        '--send-email',
        '--paid',
        '--reference',
        'CHQ-7',
      ]
      const r = await runCli([...args, '--yes', '-o', 'json'], {env: suite.env})
      expect(r.code).to.equal(0)
      const created = JSON.parse(r.stdout).data
      // The change once; then the read that names the payment it recorded.
      expect(sent()).to.deep.equal([
        'POST /api/v1/invoices?send_email=true&paid=true&reference=CHQ-7',
        `GET /api/v1/invoices/${created.id}?include=payments`,
      ])
      const payment = suite.up.records('payments').at(-1)!
      expect(r.stderr).to.equal(
        `created invoice ${created.number} (id ${created.id}), 40.00, e-mailed, marked paid; payment ` +
          `${payment.number} (id ${payment.id}) of 40.00\n`,
      )
      expect(suite.up.outbox()).to.deep.equal([{segment: 'invoices', id: created.id, action: 'send_email'}])
      expect(suite.up.records('payments').at(-1)).to.include({transaction_reference: 'CHQ-7'})
    })

    it('update --amount-paid records a partial payment; --mark-sent on an unchanged invoice sends an empty body', async () => {
      const r = await runCli(
        ['invoices', 'update', 'WJxbojagwO', '--amount-paid', '50', '--mark-sent', '--yes', '-o', 'json'],
        {env: suite.env},
      )
      expect(r.code).to.equal(0)
      expect(sent()).to.deep.equal([
        // Read first: the journal keeps the record as it was.
        'GET /api/v1/invoices/WJxbojagwO',
        'PUT /api/v1/invoices/WJxbojagwO?mark_sent=true&amount_paid=50',
        'GET /api/v1/invoices/WJxbojagwO?include=payments',
      ])
      const payment = suite.up.records('payments').at(-1)!
      expect(r.stderr).to.equal(
        `updated invoice 0001 (id WJxbojagwO), 150.00, marked sent, paid in part; payment ${payment.number} ` +
          `(id ${payment.id}) of 50.00\n`,
      )
      expect(json()).to.deep.equal([{}])
      expect(JSON.parse(r.stdout).data).to.include({balance: 100, status_id: '3'})
    })

    it('quotes --approve, credits --mark-paid, purchase-orders --send-email: each family its own', async () => {
      const quote = await runCli(['quotes', 'update', 'Xy9kqR2mLb', '--approve', '--yes'], {env: suite.env})
      const credit = await runCli(['credits', 'create', '--client-id', 'VolejRejNm', '--mark-paid', '--dry-run'], {
        env: suite.env,
      })
      expect(quote.code).to.equal(0)
      expect(credit.stdout.split('\n')[0]).to.equal(`POST ${suite.up.url}/api/v1/credits?mark_paid=true`)
      expect(sent()).to.deep.equal(['GET /api/v1/quotes/Xy9kqR2mLb', 'PUT /api/v1/quotes/Xy9kqR2mLb?approve=true'])
      expect(suite.up.records('quotes')[0].status_id).to.equal('3')
    })

    it('a flag the family does not honour: exit 2, nothing sent', async () => {
      for (const args of [
        ['clients', 'create', '--name', 'X', '--send-email', '--yes'],
        ['quotes', 'create', '--client-id', 'VolejRejNm', '--paid', '--yes'],
        ['purchase-orders', 'update', 'P1', '--approve', '--yes'],
      ]) {
        const r = await runCli(args, {env: suite.env})
        expect(r.code, args.join(' ')).to.equal(2)
        expect(r.stderr).to.match(
          new RegExp(
            String.raw`^Error: --(send-email|paid|approve) is not a flag of ` +
              String.raw`cli (clients create|quotes create|purchase-orders update)`,
          ),
        )
      }
      const ref = await runCli(['invoices', 'create', '--client-id', 'VolejRejNm', '--reference', 'X', '--yes'], {
        env: suite.env,
      })
      expect(ref.code).to.equal(2)
      expect(ref.stderr).to.equal('Error: --reference names the payment of --paid or --amount-paid: give one of them\n')
      expect(suite.up.requests).to.deep.equal([])
    })
  })

  describe('payments refund', () => {
    it('POST /payments/refund with the invoices it applies to; sent once; the payment is partly refunded', async () => {
      const r = await runCli(
        [
          'payments',
          'refund',
          'Pq1x7Yw2Za',
          '--amount',
          '25.5',
          '--date',
          '2024-03-01',
          '--invoice',
          'WJxbojagwO:25.5',
          '--send-email',
          '--yes',
          '-o',
          'json',
        ],
        {env: suite.env},
      )
      expect(r.code).to.equal(0)
      expect(sent()).to.deep.equal(['POST /api/v1/payments/refund'])
      expect(json()).to.deep.equal([
        {
          id: 'Pq1x7Yw2Za',
          amount: 25.5,
          date: '2024-03-01',
          invoices: [{invoice_id: 'WJxbojagwO', amount: 25.5}],
          send_email: true,
        },
      ])
      expect(JSON.parse(r.stdout).data).to.include({refunded: 25.5, status_id: '5'})
    })

    it('without --yes: exit 3, nothing sent; a bad --invoice or an empty date: exit 2, nothing sent', async () => {
      const guarded = await runCli(['payments', 'refund', 'Pq1x7Yw2Za', '--amount', '5', '--date', '2024-03-01'], {
        env: suite.env,
      })
      expect(guarded.code).to.equal(3)
      const bad = await runCli(
        [
          'payments',
          'refund',
          'Pq1x7Yw2Za',
          '--amount',
          '5',
          '--date',
          '2024-03-01',
          '--invoice',
          'WJxbojagwO=5',
          '--yes',
        ],
        {env: suite.env},
      )
      expect(bad.code).to.equal(2)
      expect(bad.stderr).to.equal('Error: --invoice "WJxbojagwO=5" must be INVOICE_ID:AMOUNT, e.g. WJxbojagwO:25.50\n')
      const date = await runCli(['payments', 'refund', 'Pq1x7Yw2Za', '--amount', '5', '--date', ' ', '--yes'], {
        env: suite.env,
      })
      expect(date.stderr).to.equal('Error: --date is empty: give a value\n')
      expect(suite.up.requests).to.deep.equal([])
    })

    it('a date as the server parses it (2020/12/12), no amount: the invoices given, nothing added', async () => {
      const r = await runCli(
        ['payments', 'refund', 'Pq1x7Yw2Za', '--date', '2020/12/12', '--invoice', 'WJxbojagwO:10', '--yes', '-q'],
        {env: suite.env},
      )
      expect(r.code).to.equal(0)
      expect(sent()).to.deep.equal(['POST /api/v1/payments/refund'])
      expect(json()).to.deep.equal([
        {id: 'Pq1x7Yw2Za', date: '2020/12/12', invoices: [{invoice_id: 'WJxbojagwO', amount: 10}]},
      ])
      expect(suite.up.records('payments').find((p) => p.id === 'Pq1x7Yw2Za')).to.include({refunded: 10})
    })

    it('--field adds a key no flag sets, warned where the server does not read it', async () => {
      const r = await runCli(
        [
          'payments',
          'refund',
          'Pq1x7Yw2Za',
          '--amount',
          '5',
          '--date',
          '2024-03-01',
          '-F',
          'client_id=VolejRejNm',
          '--dry-run',
        ],
        {env: suite.env},
      )
      expect(r.stderr).to.equal('Warning: client_id is not a field the server reads for refund; it is sent as given\n')
      expect(JSON.parse(r.stdout.slice(r.stdout.indexOf('{')))).to.deep.equal({
        id: 'Pq1x7Yw2Za',
        amount: 5,
        date: '2024-03-01',
        client_id: 'VolejRejNm',
      })
      expect(suite.up.requests).to.deep.equal([])
    })

    it('a refund larger than what is left: the 422 names the field, exit 1', async () => {
      const r = await runCli(['payments', 'refund', 'Pq1x7Yw2Za', '--amount', '500', '--date', '2024-03-01', '--yes'], {
        env: suite.env,
      })
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(
        'Error: upstream answered 422: The given data was invalid.\n  amount: Amount must be between 0 and 100.\n',
      )
    })
  })
})
