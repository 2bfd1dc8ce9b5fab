/** The runners through the real bin/run.js: refusals (exit 2) that send nothing, --list, and the dry run. */
import {expect} from 'chai'

import {runCli} from '../../../test/support/cli.js'
import {expectRun} from '../../../test/support/outcome.js'
import {useRunnersUpstream} from './runners-suite.js'

describe('runners end to end', () => {
  const {suite} = useRunnersUpstream()

  describe('refusals send nothing', () => {
    afterEach(function () {
      if (this.currentTest?.state === 'passed') expect(suite.up.requests).to.deep.equal([])
    })

    const cases: Array<[string, string[], string]> = [
      [
        'reports run without --endpoint lists the reports',
        ['reports', 'run'],
        'Error: reports run needs --endpoint: one of reports/clients, reports/contacts, reports/credits, ' +
          'reports/documents, reports/expenses, reports/invoices, reports/invoice_items, reports/quotes, ' +
          'reports/quote_items, reports/payments, reports/products, reports/product_sales, reports/purchase_orders, ' +
          'reports/purchase_order_items, reports/recurring_invoices, reports/tasks, reports/vendors, ' +
          'reports/profitloss, reports/ar_detail_report, reports/ar_summary_report, reports/client_balance_report, ' +
          'reports/client_sales_report, reports/tax_summary_report, reports/user_sales_report\n',
      ],
      [
        'charts run without --endpoint lists the charts',
        ['charts', 'run'],
        'Error: charts run needs --endpoint: one of charts/totals, charts/chart_summary, charts/totals_v2, ' +
          'charts/chart_summary_v2, charts/calculated_fields\n',
      ],
      [
        'a payload on a GET runner',
        ['utility', 'run', '--field', 'a=1'],
        'Error: utility run: GET /api/v1/ping takes no payload: drop --data, --data-file, --stdin and --field\n',
      ],
      [
        'a payload on a GET override',
        ['search', 'run', '--endpoint', 'clients', '--data', '{}'],
        'Error: search run: GET /api/v1/clients takes no payload: drop --data, --data-file, --stdin and --field\n',
      ],
      [
        '--method POST on a GET override',
        ['utility', 'run', '--endpoint', 'clients', '--method', 'POST'],
        'Error: utility run sends GET to clients, not POST: runners are read-only, and only reports/ and charts/ ' +
          'endpoints take POST or PUT\n',
      ],
      // A GET on a record action's route runs the action (FACTS.md): not for a read-only runner.
      [
        'a GET action route (mark_paid)',
        ['utility', 'run', '--endpoint', 'invoices/WJxbojagwO/mark_paid'],
        'Error: utility run is read-only, but GET invoices/WJxbojagwO/mark_paid runs the mark_paid action on ' +
          'invoices WJxbojagwO: use cli invoices action WJxbojagwO --action mark_paid --yes\n',
      ],
      [
        'a GET action route (quotes email)',
        ['search', 'run', '--endpoint', '/api/v1/quotes/Xy9kqR2mLb/email'],
        'Error: search run is read-only, but GET quotes/Xy9kqR2mLb/email runs the email action on quotes ' +
          'Xy9kqR2mLb: use cli quotes action Xy9kqR2mLb --action email --yes\n',
      ],
      [
        'an action the registry does not list',
        ['utility', 'run', '--endpoint', 'invoices/WJxbojagwO/clone_to_quote'],
        'Error: utility run is read-only, but GET invoices/WJxbojagwO/clone_to_quote runs the clone_to_quote ' +
          'action on invoices WJxbojagwO: use cli api GET invoices/WJxbojagwO/clone_to_quote --yes\n',
      ],
      [
        'reports/credit, which the server names reports/credits',
        ['reports', 'run', '--endpoint', 'reports/credit'],
        'Error: the server has no reports/credit route (the published API document lists one): use --endpoint ' +
          'reports/credits\n',
      ],
      [
        'reports/expense, which the server names reports/expenses',
        ['reports', 'run', '--endpoint', 'reports/expense', '--dry-run'],
        'Error: the server has no reports/expense route (the published API document lists one): use --endpoint ' +
          'reports/expenses\n',
      ],
      [
        'an absolute URL',
        ['utility', 'run', '--endpoint', 'https://evil.example/api/v1/ping'],
        'Error: --endpoint "https://evil.example/api/v1/ping" is a URL, not a path (the token only goes to the ' +
          'configured host): give a path under /api/v1/, e.g. reports/invoices\n',
      ],
      [
        'a .. segment',
        ['reports', 'run', '--endpoint', 'reports/../users'],
        'Error: --endpoint "reports/../users" has an empty, . or .. segment: give a path under /api/v1/, e.g. ' +
          'reports/invoices\n',
      ],
      [
        'a smuggled query',
        ['utility', 'run', '--endpoint', 'ping?x=1'],
        'Error: --endpoint "ping?x=1" carries a query or fragment: give a path under /api/v1/, e.g. reports/invoices\n',
      ],
      [
        'two raw sources',
        ['search', 'run', '--data', '{}', '--stdin'],
        'Error: --data and --stdin are alternatives: give one raw JSON source\n',
      ],
      [
        'raw mixed with --field',
        ['search', 'run', '--data', '{}', '--field', 'a=1'],
        'Error: --data cannot be mixed with --field: give either one raw JSON source or guided flags\n',
      ],
      [
        '--wait with send_email:true',
        ['reports', 'run', '--endpoint', 'reports/invoices', '--field', 'send_email=true', '--wait'],
        'Error: --wait sends send_email:false (the result comes back here, not by e-mail): drop send_email\n',
      ],
      [
        '--wait on a chart',
        ['reports', 'run', '--endpoint', 'charts/totals', '--wait'],
        'Error: --wait needs a report endpoint such as reports/invoices\n',
      ],
    ]
    for (const [name, args, stderr] of cases) {
      it(`${name}: exit 2`, async () => {
        expectRun(await runCli(args, {env: suite.env}), {code: 2, stdout: '', stderr})
      })
    }

    it('--list prints the known endpoints with no request (and needs no configuration)', async () => {
      const r = await runCli(['reports', 'run', '--list'])
      expect(r.code).to.equal(0)
      expect(r.stdout.split('\n')).to.include.members([
        'reports/invoices',
        'reports/profitloss',
        'reports/user_sales_report',
      ])
      const c = await runCli(['charts', 'run', '--list', '--output', 'json'], {env: suite.env})
      expect(JSON.parse(c.stdout)).to.deep.equal([
        'charts/totals',
        'charts/chart_summary',
        'charts/totals_v2',
        'charts/chart_summary_v2',
        'charts/calculated_fields',
      ])
    })

    it('runners are read-only: no --yes needed, and --dry-run prints the request like the core', async () => {
      const r = await runCli(['search', 'run', '--field', 'search=acme', '--dry-run', '--output', 'json'], {
        env: suite.env,
      })
      expect(r.code).to.equal(0)
      expect(JSON.parse(r.stdout)).to.deep.equal({
        dry_run: true,
        request: {
          method: 'POST',
          url: `${suite.up.url}/api/v1/search`,
          headers: {
            'X-API-TOKEN': '[REDACTED]',
            'X-Requested-With': 'XMLHttpRequest',
            Accept: 'application/json',
            'Content-Type': 'application/json',
            'User-Agent': JSON.parse(r.stdout).request.headers['User-Agent'],
          },
          body: {search: 'acme'},
        },
      })
      const t = await runCli(['utility', 'run', '--dry-run'], {env: suite.env})
      expect(t.stdout).to.equal(`GET ${suite.up.url}/api/v1/ping\n`)
    })
  })
})
