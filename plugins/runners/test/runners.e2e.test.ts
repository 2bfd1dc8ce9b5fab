/** The runners through the real bin/run.js against the stand-in upstream. */
import {expect} from 'chai'

import {runCli} from '../../../test/support/cli.js'
import {expectRun} from '../../../test/support/outcome.js'
import {REPORT_CSV} from '../../../test/support/upstream.js'
import {useUpstream} from '../../../test/support/upstream-suite.js'

describe('runners end to end', () => {
  const suite = useUpstream()

  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}${r.rawQuery ? `?${r.rawQuery}` : ''}`)

  it('search run: POST /api/v1/search with the --field payload', async () => {
    const r = await runCli(['search', 'run', '--field', 'search=acme', '--output', 'json'], {env: suite.env})
    expect(r.stderr).to.equal('')
    expect(r.code).to.equal(0)
    expect(sent()).to.deep.equal(['POST /api/v1/search'])
    expect(suite.up.requests[0].json).to.deep.equal({search: 'acme'})
    expect(suite.up.requests[0].headers['content-type']).to.equal('application/json')
    expect(JSON.parse(r.stdout).clients[0].name).to.equal('Acme Ltd')
  })

  it('search run --endpoint elsewhere: GET only', async () => {
    const r = await runCli(['search', 'run', '--endpoint', '/api/v1/clients', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(sent()).to.deep.equal(['GET /api/v1/clients'])
    expect(suite.up.requests[0].body.length).to.equal(0)
  })

  it('utility run: GET /api/v1/ping; --endpoint health_check: GET', async () => {
    const a = await runCli(['utility', 'run', '--output', 'json'], {env: suite.env})
    expect(a.code).to.equal(0)
    expect(JSON.parse(a.stdout)).to.deep.equal({company_name: 'Stand-in Co', user_name: 'Test User'})
    const b = await runCli(['utility', 'run', '--endpoint', 'health_check'], {env: suite.env})
    expect(b.code).to.equal(0)
    expect(b.stdout).to.match(/^status\s+ok$/m)
    expect(sent()).to.deep.equal(['GET /api/v1/ping', 'GET /api/v1/health_check'])
  })

  it('charts run: POST to the --endpoint path with the payload', async () => {
    const r = await runCli(
      ['charts', 'run', '--endpoint', 'charts/totals', '--field', 'date_range=last30', '--output', 'json'],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    expect(sent()).to.deep.equal(['POST /api/v1/charts/totals'])
    expect(suite.up.requests[0].json).to.deep.equal({date_range: 'last30'})
  })

  it('reports run: POST to the --endpoint path; PUT with --method', async () => {
    const a = await runCli(
      ['reports', 'run', '--endpoint', 'reports/clients', '--data', '{"date_range":"all"}', '--output', 'json'],
      {env: suite.env},
    )
    expect(a.code).to.equal(0)
    expect(JSON.parse(a.stdout)).to.deep.equal({message: 'working...'})
    const b = await runCli(['reports', 'run', '--endpoint', 'reports/clients', '--method', 'PUT', '--output', 'json'], {
      env: suite.env,
    })
    expect(b.code).to.equal(1)
    expect(sent()).to.deep.equal(['POST /api/v1/reports/clients', 'PUT /api/v1/reports/clients'])
    expect(suite.up.requests[1].json).to.deep.equal({})
  })

  it('a read shaped like an action route passes (edit); a users route gets X-API-PASSWORD, others not', async () => {
    const env = {...suite.env, CLI_API_PASSWORD: 'secret-pass'}
    const edit = await runCli(['utility', 'run', '--endpoint', 'invoices/WJxbojagwO/edit', '-o', 'json'], {env})
    expect(edit.code).to.equal(0)
    expect(JSON.parse(edit.stdout).data.id).to.equal('WJxbojagwO')
    const users = await runCli(['utility', 'run', '--endpoint', 'users', '-o', 'json'], {env})
    expect(users.code).to.equal(0)
    expect(sent()).to.deep.equal(['GET /api/v1/invoices/WJxbojagwO/edit', 'GET /api/v1/users'])
    expect(suite.up.requests.map((q) => q.headers['x-api-password'])).to.deep.equal([undefined, 'secret-pass'])
  })

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

  describe('reports run --wait', () => {
    it('sends send_email:false, polls the preview through 409s, prints the CSV', async () => {
      suite.up.setReportDelay(2)
      const r = await runCli(
        [
          'reports',
          'run',
          '--endpoint',
          'reports/invoices',
          '--field',
          'date_range=last30',
          '--wait',
          '--interval',
          '0.05',
        ],
        {env: suite.env},
      )
      expect(r.stderr).to.equal('')
      expect(r.code).to.equal(0)
      expect(r.stdout).to.equal(REPORT_CSV)
      expect(suite.up.requests[0].json).to.deep.equal({date_range: 'last30', send_email: false})
      const hash = suite.up.requests[1].path.split('/').at(-1)
      expect(sent()).to.deep.equal([
        'POST /api/v1/reports/invoices',
        ...Array(3).fill(`POST /api/v1/reports/preview/${hash}`),
      ])
    })

    it('with --output json asks for JSON output and prints the JSON', async () => {
      suite.up.setReportDelay(0)
      const r = await runCli(['reports', 'run', '--endpoint', 'reports/invoices', '--wait', '--output', 'json'], {
        env: suite.env,
      })
      expect(r.code).to.equal(0)
      expect(suite.up.requests[0].json).to.deep.equal({send_email: false, output: 'json'})
      expect(JSON.parse(r.stdout)).to.deep.equal([{client: 'Acme Ltd', number: '0001', amount: '1250.50'}])
    })

    it('gives up after --timeout with the hash to fetch later: exit 1', async () => {
      suite.up.setReportDelay(1000)
      const r = await runCli(
        ['reports', 'run', '--endpoint', 'reports/invoices', '--wait', '--interval', '0.3', '--timeout', '1'],
        {env: suite.env},
      )
      expect(r.code).to.equal(1)
      const hash = suite.up.requests[1].path.split('/').at(-1)
      expect(r.stderr).to.equal(
        'Error: report not ready after 1s: fetch it later (within an hour) with: cli reports run --endpoint ' +
          `reports/preview/${hash}\n`,
      )
      expect(suite.up.requests.length).to.be.within(3, 5)
    })
  })
})
