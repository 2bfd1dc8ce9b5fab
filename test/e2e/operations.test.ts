/**
 * What operators automate beyond CRUD, against the stand-in: side effects on save, refunds,
 * e-mails with a template, statements, and downloads by record id. Each: the request the server
 * received (method, path, query, body), the exit code, the guardrail with nothing sent, and how
 * many times a change reached the server.
 */
import {mkdtempSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {ROOT, runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {fakePdf} from '../support/upstream.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('operations beyond CRUD', () => {
  const suite = useUpstream()
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}${r.rawQuery ? `?${r.rawQuery}` : ''}`)
  const json = () => suite.up.requests.map((r) => r.json)
  beforeEach(() =>
    suite.up.seed('payments', [{id: 'Pq1x7Yw2Za', client_id: 'VolejRejNm', amount: 100, refunded: 0, status_id: '4'}]),
  )

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
      expect(sent()).to.deep.equal(['POST /api/v1/invoices?send_email=true&paid=true&reference=CHQ-7'])
      expect(suite.up.outbox()).to.deep.equal([{segment: 'invoices', id: created.id, action: 'send_email'}])
      expect(suite.up.records('payments').at(-1)).to.include({transaction_reference: 'CHQ-7'})
    })

    it('update --amount-paid records a partial payment; --mark-sent on an unchanged invoice sends an empty body', async () => {
      const r = await runCli(
        ['invoices', 'update', 'WJxbojagwO', '--amount-paid', '50', '--mark-sent', '--yes', '-o', 'json'],
        {env: suite.env},
      )
      expect(r.code).to.equal(0)
      expect(sent()).to.deep.equal(['PUT /api/v1/invoices/WJxbojagwO?mark_sent=true&amount_paid=50'])
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
      expect(sent()).to.deep.equal(['PUT /api/v1/quotes/Xy9kqR2mLb?approve=true'])
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
          gateway_refund: false,
          send_email: true,
        },
      ])
      expect(JSON.parse(r.stdout).data).to.include({refunded: 25.5, status_id: '5'})
    })

    it('without --yes: exit 3, nothing sent; a bad --invoice or date: exit 2, nothing sent', async () => {
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
      const date = await runCli(
        ['payments', 'refund', 'Pq1x7Yw2Za', '--amount', '5', '--date', '01/03/2024', '--yes'],
        {env: suite.env},
      )
      expect(date.stderr).to.equal('Error: --date must be a date as YYYY-MM-DD, got "01/03/2024"\n')
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

  describe('<family> email', () => {
    it("POST /emails with the family's own template by default; the server mails once", async () => {
      const r = await runCli(['invoices', 'email', 'WJxbojagwO', '--yes', '-o', 'json'], {env: suite.env})
      expect(r.code).to.equal(0)
      expect(sent()).to.deep.equal(['POST /api/v1/emails'])
      expect(json()).to.deep.equal([{entity: 'invoice', entity_id: 'WJxbojagwO', template: 'email_template_invoice'}])
      expect(suite.up.outbox()).to.deep.equal([
        {segment: 'invoices', id: 'WJxbojagwO', action: 'email', template: 'email_template_invoice'},
      ])
    })

    it('a reminder with subject, body and cc; payments and purchase orders name their entity', async () => {
      const r = await runCli(
        [
          'invoices',
          'email',
          'WJxbojagwO',
          '--template',
          'email_template_reminder2',
          '--subject',
          'Overdue',
          '--body',
          'Please pay',
          '--cc',
          'a@acme.test',
          '--cc',
          'b@acme.test',
          '--yes',
        ],
        {env: suite.env},
      )
      expect(r.code).to.equal(0)
      expect(json()[0]).to.deep.equal({
        entity: 'invoice',
        entity_id: 'WJxbojagwO',
        template: 'email_template_reminder2',
        subject: 'Overdue',
        body: 'Please pay',
        cc_email: 'a@acme.test,b@acme.test',
      })
      const payment = await runCli(['payments', 'email', 'Pq1x7Yw2Za', '--dry-run', '-o', 'json'], {env: suite.env})
      expect(JSON.parse(payment.stdout).request.body).to.deep.equal({
        entity: 'payment',
        entity_id: 'Pq1x7Yw2Za',
        template: 'email_template_payment',
      })
      const po = await runCli(['purchase-orders', 'email', 'P1', '--dry-run', '-o', 'json'], {env: suite.env})
      expect(JSON.parse(po.stdout).request.body).to.include({
        entity: 'purchase_order',
        template: 'email_template_purchase_order',
      })
    })

    it('an unknown template, a fifth cc or a bad address: exit 2 naming what is allowed, nothing sent', async () => {
      const template = await runCli(
        ['quotes', 'email', 'Xy9kqR2mLb', '--template', 'email_template_reminderX', '--yes'],
        {env: suite.env},
      )
      expect(template.code).to.equal(2)
      expect(template.stderr).to.match(
        new RegExp(
          String.raw`^Error: --template must be one of email_template_invoice, ` +
            String.raw`email_template_quote, .*email_template_custom3, got "email_template_reminderX"\n$`,
        ),
      )
      const cc = await runCli(
        [
          'quotes',
          'email',
          'Xy9kqR2mLb',
          ...['a', 'b', 'c', 'd', 'e'].flatMap((x) => ['--cc', `${x}@x.test`]),
          '--yes',
        ],
        {env: suite.env},
      )
      expect(cc.stderr).to.equal('Error: --cc takes at most 4 values, got 5\n')
      const address = await runCli(['quotes', 'email', 'Xy9kqR2mLb', '--cc', 'not-an-address', '--yes'], {
        env: suite.env,
      })
      expect(address.stderr).to.equal('Error: --cc "not-an-address" is not an e-mail address\n')
      expect(suite.up.requests).to.deep.equal([])
    })
  })

  describe('<family> email --cc: repeated, comma-separated, or both (the server takes one comma-separated cc_email)', () => {
    const {version} = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {version: string}
    for (const fastPath of ['1', '0']) {
      it(`four addresses in both forms, spaces trimmed: cc_email joined by commas in the dry run, nothing sent (fast path ${fastPath})`, async () => {
        const args = [
          'invoices',
          'email',
          'WJxbojagwO',
          '--cc',
          'a@acme.test, b@acme.test',
          '--cc',
          'c@acme.test',
          '--cc',
          ' d@acme.test',
          '--dry-run',
          '-o',
          'json',
        ]
        const r = await runCli(args, {env: {...suite.env, CLI_FAST_PATH: fastPath}})
        const headers = {
          'X-API-TOKEN': '[REDACTED]',
          'X-Requested-With': 'XMLHttpRequest',
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'User-Agent': `invoicing-cli/${version}`,
        }
        const body = {
          entity: 'invoice',
          entity_id: 'WJxbojagwO',
          template: 'email_template_invoice',
          cc_email: 'a@acme.test,b@acme.test,c@acme.test,d@acme.test',
        }
        const request = {method: 'POST', url: `${suite.up.url}/api/v1/emails`, headers, body}
        expectRun(r, {code: 0, stdout: `${JSON.stringify({dry_run: true, request})}\n`, stderr: ''})
        expect(suite.up.requests).to.deep.equal([])
      })
    }

    it('a comma-separated --cc is sent as the server takes it, once', async () => {
      const r = await runCli(
        ['quotes', 'email', 'Xy9kqR2mLb', '--cc', 'a@acme.test,b@acme.test', '--yes', '-o', 'json'],
        {env: suite.env},
      )
      expect(r.code, r.stderr).to.equal(0)
      expect(r.stderr).to.equal('')
      expect(sent()).to.deep.equal(['POST /api/v1/emails'])
      expect(json()).to.deep.equal([
        {
          entity: 'quote',
          entity_id: 'Xy9kqR2mLb',
          template: 'email_template_quote',
          cc_email: 'a@acme.test,b@acme.test',
        },
      ])
    })

    const REFUSED: Array<[string[], string]> = [
      [['--cc', 'a@acme.test,not-an-address'], 'Error: --cc "not-an-address" is not an e-mail address\n'],
      [['--cc', 'a@acme.test;b@acme.test'], 'Error: --cc "a@acme.test;b@acme.test" is not an e-mail address\n'],
      [['--cc', 'a@acme.test,'], 'Error: --cc "" is not an e-mail address\n'],
      [
        ['--cc', 'a@x.test,b@x.test', '--cc', 'c@x.test', '--cc', 'd@x.test, e@x.test'],
        'Error: --cc takes at most 4 values, got 5\n',
      ],
      [
        ['--cc', 'a@x.test,b@x.test,c@x.test,d@x.test,e@x.test,f@x.test'],
        'Error: --cc takes at most 4 values, got 6\n',
      ],
    ]
    for (const [cc, stderr] of REFUSED) {
      it(`refused: ${cc.join(' ')}: exit 2, nothing sent`, async () => {
        const r = await runCli(['invoices', 'email', 'WJxbojagwO', ...cc, '--yes'], {env: suite.env})
        expectRun(r, {code: 2, stdout: '', stderr})
        expect(suite.up.requests).to.deep.equal([])
      })
    }
  })

  describe('clients statement', () => {
    it('--output-file: the PDF, no --yes needed (it changes nothing)', async () => {
      const out = join(mkdtempSync(join(tmpdir(), 'cli-st-')), 'st.pdf')
      const r = await runCli(
        [
          'clients',
          'statement',
          'VolejRejNm',
          '--start-date',
          '2024-01-01',
          '--end-date',
          '2024-03-31',
          '--payments',
          '--status',
          'unpaid',
          '--output-file',
          out,
        ],
        {env: suite.env},
      )
      expect(r.code).to.equal(0)
      expect(readFileSync(out).equals(fakePdf('VolejRejNm'))).to.equal(true)
      expect(sent()).to.deep.equal(['POST /api/v1/client_statement'])
      expect(json()).to.deep.equal([
        {
          client_id: 'VolejRejNm',
          start_date: '2024-01-01',
          end_date: '2024-03-31',
          show_payments_table: true,
          show_aging_table: false,
          show_credits_table: false,
          status: 'unpaid',
        },
      ])
    })

    it('--send-email changes records: exit 3 without --yes (nothing sent), then sent once with send_email=true', async () => {
      const args = [
        'clients',
        'statement',
        'VolejRejNm',
        '--start-date',
        '2024-01-01',
        '--end-date',
        '2024-03-31',
        '--send-email',
      ]
      const guarded = await runCli(args, {env: suite.env})
      expect(guarded.code).to.equal(3)
      expect(suite.up.requests).to.deep.equal([])
      const r = await runCli([...args, '--yes'], {env: suite.env})
      expect(r.code).to.equal(0)
      expect(sent()).to.deep.equal(['POST /api/v1/client_statement?send_email=true'])
      expect(suite.up.outbox()).to.deep.equal([{segment: 'clients', id: 'VolejRejNm', action: 'statement'}])
    })

    it('neither or both of --output-file and --send-email, or dates reversed: exit 2, nothing sent', async () => {
      const base = ['clients', 'statement', 'VolejRejNm', '--start-date', '2024-01-01', '--end-date', '2024-03-31']
      expect((await runCli(base, {env: suite.env})).stderr).to.equal(
        'Error: clients statement needs either --output-file PATH (the PDF) or --send-email (the server e-mails it)\n',
      )
      const reversed = await runCli(
        [
          'clients',
          'statement',
          'VolejRejNm',
          '--start-date',
          '2024-04-01',
          '--end-date',
          '2024-03-31',
          '--output-file',
          '-',
        ],
        {env: suite.env},
      )
      expect(reversed.stderr).to.equal('Error: --start-date 2024-04-01 is after --end-date 2024-03-31\n')
      expect(suite.up.requests).to.deep.equal([])
    })
  })

  describe('download by record id, and the e-invoice', () => {
    it('--id reads the record and downloads through its first invitation key', async () => {
      const r = await runCli(['invoices', 'download', '--id', 'WJxbojagwO', '--output-file', '-'], {env: suite.env})
      expect(r.code).to.equal(0)
      expect(r.stdoutBytes.equals(fakePdf('invkey0001acme'))).to.equal(true)
      expect(sent()).to.deep.equal(['GET /api/v1/invoices/WJxbojagwO', 'GET /api/v1/invoice/invkey0001acme/download'])
    })

    it('--e-invoice: the XML of download_e_invoice', async () => {
      const r = await runCli(['quotes', 'download', 'quokey0001acme', '--e-invoice', '--output-file', '-'], {
        env: suite.env,
      })
      expect(r.code).to.equal(0)
      expect(r.stdout).to.match(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<Invoice><ID>0001<\/ID><\/Invoice>\n$/)
      expect(sent()).to.deep.equal(['GET /api/v1/quote/quokey0001acme/download_e_quote'])
    })

    it('neither a key nor --id, or both: exit 2; a record without invitations: exit 2 after the read', async () => {
      expect((await runCli(['invoices', 'download', '--output-file', '-'], {env: suite.env})).stderr).to.equal(
        'Error: invoices download needs an invitation key, or --id RECORD_ID (one of them)\n',
      )
      expect(
        (await runCli(['invoices', 'download', 'k', '--id', 'WJxbojagwO', '--output-file', '-'], {env: suite.env}))
          .code,
      ).to.equal(2)
      expect(suite.up.requests).to.deep.equal([])
      suite.up.seed('credits', [{id: 'C1', client_id: 'VolejRejNm', invitations: []}])
      const none = await runCli(['credits', 'download', '--id', 'C1', '--output-file', '-'], {env: suite.env})
      expect(none.code).to.equal(2)
      expect(none.stderr).to.equal(
        'Error: credits C1 has no invitation (it was never sent to a contact): nothing to download by key\n',
      )
      expect(sent()).to.deep.equal(['GET /api/v1/credits/C1'])
    })
  })
})
