/** The runners through the real bin/run.js against the stand-in upstream: what each sends, and reports run --wait. */
import {expect} from 'chai'

import {runCli} from '../../../test/support/cli.js'
import {REPORT_CSV} from '../../../test/support/upstream.js'
import {useRunnersUpstream} from './runners-suite.js'

describe('runners end to end', () => {
  const {suite, sent} = useRunnersUpstream()

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
    expect(b.stdout).to.match(/^system_health\s+true$/m)
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
