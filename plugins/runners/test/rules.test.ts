/** The runner rules as pure functions: endpoint paths, methods, payloads. */
import {expect} from 'chai'

import {
  allowedMethods,
  CliError,
  normalizeEndpoint,
  type RunnerDefinition,
  runnerRequest,
  runnerTarget,
} from '@invoicing-cli/core/internal'

const search: RunnerDefinition = {name: 'search run', defaultEndpoint: 'search', defaultMethod: 'POST'}
const utility: RunnerDefinition = {name: 'utility run', defaultEndpoint: 'ping', defaultMethod: 'GET'}
const reports: RunnerDefinition = {
  name: 'reports run',
  defaultMethod: 'POST',
  endpointHelp: 'one of reports/invoices, ...',
}

function usage(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    expect(error).to.be.instanceOf(CliError)
    expect((error as CliError).exitCode).to.equal(2)
    return (error as CliError).message
  }
  throw new Error('expected a usage error')
}

async function usageAsync(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn()
  } catch (error) {
    expect(error).to.be.instanceOf(CliError)
    expect((error as CliError).exitCode).to.equal(2)
    return (error as CliError).message
  }
  throw new Error('expected a usage error')
}

describe('runner rules', () => {
  describe('--endpoint is a path under /api/v1/', () => {
    for (const raw of [
      'reports/invoices',
      '/reports/invoices',
      '/api/v1/reports/invoices',
      'api/v1/reports/invoices',
      'reports/invoices/',
    ]) {
      it(`accepts ${raw}`, () => expect(normalizeEndpoint(raw)).to.equal('reports/invoices'))
    }

    const refused: Array<[string, RegExp]> = [
      ['https://evil.example/api/v1/ping', /is a URL, not a path/],
      ['http://127.0.0.1:9/ping', /is a URL, not a path/],
      ['//evil.example/ping', /is a URL, not a path/],
      ['mailto:x', /is a URL/],
      ['reports/../users', /\.\. segment/],
      ['../ping', /\.\. segment/],
      ['reports/./invoices', /\. or \.\. segment/],
      ['ping?token=x', /carries a query or fragment/],
      ['ping#x', /carries a query or fragment/],
      ['reports/%2e%2e/users', /characters other than/],
      ['reports\\..\\users', /characters other than/],
      ['reports//invoices', /empty/],
      ['', /is empty/],
      ['reports/in voices', /characters other than/],
    ]
    for (const [raw, pattern] of refused) {
      it(`refuses ${JSON.stringify(raw)}`, () => expect(usage(() => normalizeEndpoint(raw))).to.match(pattern))
    }
  })

  describe('methods', () => {
    it('the default endpoints: search POST, utility GET', () => {
      expect(runnerTarget(search, {})).to.deep.equal({path: 'search', method: 'POST'})
      expect(runnerTarget(utility, {})).to.deep.equal({path: 'ping', method: 'GET'})
    })

    it('reports/ and charts/ endpoints: POST by default, PUT with --method, on any runner', () => {
      expect(runnerTarget(reports, {endpoint: 'reports/invoices'})).to.deep.equal({
        path: 'reports/invoices',
        method: 'POST',
      })
      expect(runnerTarget(reports, {endpoint: 'reports/invoices', method: 'put'})).to.deep.equal({
        path: 'reports/invoices',
        method: 'PUT',
      })
      expect(runnerTarget(utility, {endpoint: '/api/v1/charts/totals'})).to.deep.equal({
        path: 'charts/totals',
        method: 'POST',
      })
      expect(allowedMethods(search, 'charts/totals')).to.deep.equal(['POST', 'PUT'])
    })

    it('any other override sends GET only, including on utility run and search run', () => {
      expect(runnerTarget(search, {endpoint: 'clients'})).to.deep.equal({path: 'clients', method: 'GET'})
      expect(runnerTarget(utility, {endpoint: 'health_check'})).to.deep.equal({path: 'health_check', method: 'GET'})
      expect(runnerTarget(reports, {endpoint: 'invoices'})).to.deep.equal({path: 'invoices', method: 'GET'})
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        expect(usage(() => runnerTarget(search, {endpoint: 'clients', method}))).to.equal(
          `search run sends GET to clients, not ${method}: runners are read-only, and only reports/ and charts/ ` +
            'endpoints take POST or PUT',
        )
      }
      expect(usage(() => runnerTarget(utility, {method: 'POST'}))).to.match(/^utility run sends GET to ping, not POST/)
    })

    it('DELETE is never sent, even to reports/', () => {
      expect(usage(() => runnerTarget(reports, {endpoint: 'reports/invoices', method: 'DELETE'}))).to.match(
        /sends POST or PUT to reports\/invoices, not DELETE/,
      )
    })

    it('reports run without --endpoint: a usage error with the report names', () => {
      expect(usage(() => runnerTarget(reports, {}))).to.equal(
        'reports run needs --endpoint: one of reports/invoices, ...',
      )
    })
  })

  describe('payloads', () => {
    it('POST: --field builds the body, parsed like the core', async () => {
      const spec = await runnerRequest(search, {field: ['search=acme', 'limit=5', 'exact=true']})
      expect(spec).to.deep.equal({
        method: 'POST',
        path: '/api/v1/search',
        query: [],
        body: {search: 'acme', limit: 5, exact: true},
        changes: false,
      })
    })

    it('a report that e-mails itself (send_email defaults to true upstream) and any PUT change records; searches, charts and send_email:false do not', async () => {
      expect((await runnerRequest(reports, {endpoint: 'reports/clients'})).changes).to.equal(true)
      expect(
        (await runnerRequest(reports, {endpoint: 'reports/clients', field: ['send_email=true']})).changes,
      ).to.equal(true)
      expect(
        (await runnerRequest(reports, {endpoint: 'reports/clients', field: ['send_email=false']})).changes,
      ).to.equal(false)
      expect(
        (await runnerRequest(reports, {endpoint: 'reports/clients', method: 'PUT', field: ['send_email=false']}))
          .changes,
      ).to.equal(true)
      expect((await runnerRequest(reports, {endpoint: 'charts/totals'})).changes).to.equal(false)
      expect((await runnerRequest(search, {field: ['search=a']})).changes).to.equal(false)
    })

    it('POST: --data is sent as given; no payload sends {}', async () => {
      expect(
        (await runnerRequest(reports, {endpoint: 'reports/clients', data: '{"date_range":"all","report_keys":[]}'}))
          .body,
      ).to.deep.equal({date_range: 'all', report_keys: []})
      expect((await runnerRequest(search, {})).body).to.deep.equal({})
    })

    it('--stdin reads the body', async () => {
      const spec = await runnerRequest(search, {stdin: true}, async () => '{"search":"x"}')
      expect(spec.body).to.deep.equal({search: 'x'})
    })

    it('GET takes no body: no body key at all', async () => {
      expect(await runnerRequest(utility, {})).to.deep.equal({
        method: 'GET',
        path: '/api/v1/ping',
        query: [],
        changes: false,
      })
    })

    for (const flags of [{data: '{}'}, {field: ['a=1']}, {stdin: true}, {'data-file': 'x.json'}]) {
      it(`GET with ${Object.keys(flags)[0]} is a usage error`, async () => {
        const message = await usageAsync(() => runnerRequest(utility, flags))
        expect(message).to.equal(
          'utility run: GET /api/v1/ping takes no payload: drop --data, --data-file, --stdin and --field',
        )
      })
    }

    it('an override to a GET endpoint refuses a payload too', async () => {
      expect(await usageAsync(() => runnerRequest(search, {endpoint: 'clients', field: ['a=1']}))).to.match(
        /GET \/api\/v1\/clients takes no payload/,
      )
    })

    it('one raw source at most, and raw and --field are not mixed', async () => {
      expect(await usageAsync(() => runnerRequest(search, {data: '{}', stdin: true}))).to.equal(
        '--data and --stdin are alternatives: give one raw JSON source',
      )
      expect(await usageAsync(() => runnerRequest(search, {data: '{}', field: ['a=1']}))).to.match(
        /^--data cannot be mixed with --field/,
      )
      expect(await usageAsync(() => runnerRequest(search, {data: '[1]'}))).to.match(/^--data must be a JSON object/)
    })
  })
})

describe('the runners plugin imports the core by package name only', () => {
  it('no relative import leaves the plugin; the runners import @invoicing-cli/core', async () => {
    const {readdirSync, readFileSync} = await import('node:fs')
    const src = new URL('../src/', import.meta.url)
    for (const file of readdirSync(src)) {
      const text = readFileSync(new URL(file, src), 'utf8')
      for (const [, spec] of text.matchAll(/from '([^']+)'/g)) {
        expect(spec.startsWith('../'), `${file} imports ${spec}`).to.equal(false)
      }
      if (file.endsWith('-run.ts')) expect(text).to.include("from '@invoicing-cli/core'")
    }
  })
})
