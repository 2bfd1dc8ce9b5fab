/** Operations beyond CRUD: e-mails with a template, subject, body and cc, and the forms --cc takes. */
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {ROOT, runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useOperationsUpstream} from './operations-suite.js'

describe('operations beyond CRUD', () => {
  const {suite, sent, json} = useOperationsUpstream()

  describe('<family> email', () => {
    it("POST /emails with the family's own template by default; the server mails once", async () => {
      const r = await runCli(['invoices', 'email', 'WJxbojagwO', '--yes', '-o', 'json'], {env: suite.env})
      expect(r.code).to.equal(0)
      // The e-mail once; then the read of the client that names the contacts it went to.
      expect(sent()).to.deep.equal(['POST /api/v1/emails', 'GET /api/v1/clients/VolejRejNm'])
      expect(r.stderr).to.equal('e-mailed invoice 0001 (id WJxbojagwO), 150.00 to ada@acme.test\n')
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
      const po = await runCli(['purchase-orders', 'email', 'Po00000001', '--dry-run', '-o', 'json'], {env: suite.env})
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
      expect(r.stderr).to.equal(
        'e-mailed quote 0001 (id Xy9kqR2mLb), 90.00 to ada@acme.test, cc a@acme.test, b@acme.test\n',
      )
      expect(sent()).to.deep.equal(['POST /api/v1/emails', 'GET /api/v1/clients/VolejRejNm'])
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
})
