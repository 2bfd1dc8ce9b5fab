/**
 * Records by key in the operations (issue 23): `payments refund --invoice 0001:5` names the invoice by number, and
 * every local check of an operation comes before any lookup, so that a refusal sends nothing.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {SANDBOX_DATA} from '../support/sandbox-data.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('records by key in operations', () => {
  const suite = useUpstream()
  const requests = () => suite.up.requests.map((q) => `${q.method} ${q.path}${q.rawQuery ? `?${q.rawQuery}` : ''}`)
  const refund = ['payments', 'refund', 'Pq1x7Yw2Za', '--amount', '5', '--date', '2024-03-01']

  it('refund --invoice NUMBER:AMOUNT: the invoice looked up, its id sent', async () => {
    const r = await runCli([...refund, '--invoice', '0001:5', '--dry-run', '-o', 'json'], {env: suite.env})
    expectRun(r, {code: 0, stderr: 'resolved 0001 → WJxbojagwO\n'})
    expect(JSON.parse(r.stdout).request.body.invoices).to.deep.equal([{invoice_id: 'WJxbojagwO', amount: 5}])
    expect(requests()).to.deep.equal(['GET /api/v1/invoices?per_page=100&number=0001&include=client'])
  })

  it('a refusal comes before any lookup: a bad amount, a statement whose dates are reversed', async () => {
    const amount = await runCli([...refund, '--invoice', '0001:abc', '--yes'], {env: suite.env})
    expectRun(amount, {
      code: 2,
      stdout: '',
      stderr: 'Error: --invoice "0001:abc" must be INVOICE_ID:AMOUNT, e.g. WJxbojagwO:25.50\n',
    })
    const dates = await runCli(
      [
        'clients',
        'statement',
        'Acme Ltd',
        '--start-date',
        '2024-02-01',
        '--end-date',
        '2024-01-01',
        '--send-email',
        '--yes',
      ],
      {env: suite.env},
    )
    expectRun(dates, {code: 2, stdout: '', stderr: 'Error: --start-date 2024-02-01 is after --end-date 2024-01-01\n'})
    expect(requests()).to.deep.equal([])
  })

  it('the statement of a client by name', async () => {
    const r = await runCli(
      [
        'clients',
        'statement',
        'Acme Ltd',
        '--start-date',
        '2024-01-01',
        '--end-date',
        '2024-01-31',
        '--send-email',
        '--dry-run',
        '-o',
        'json',
      ],
      {env: suite.env},
    )
    expectRun(r, {code: 0, stderr: 'resolved Acme Ltd → VolejRejNm\n'})
    expect(JSON.parse(r.stdout).request.body.client_id).to.equal('VolejRejNm')
    expect(requests()).to.deep.equal(['GET /api/v1/clients?per_page=100&filter=Acme%20Ltd'])
  })

  it('refund --invoice NUMBER:AMOUNT --yes: one lookup, then the refund sent once with the id found', async () => {
    suite.up.seed('invoices', SANDBOX_DATA.invoices)
    suite.up.seed('payments', SANDBOX_DATA.payments)
    const r = await runCli([...refund, '--invoice', '0002:5', '--yes', '--quiet', '-o', 'json'], {env: suite.env})
    expect(r.code, r.stderr).to.equal(0)
    expect(requests()).to.deep.equal([
      'GET /api/v1/invoices?per_page=100&number=0002&include=client',
      'POST /api/v1/payments/refund',
    ])
    // The lookup and the refund share the run's client: one connection (a second TLS handshake on a real server).
    expect(suite.up.connections).to.equal(1)
    expect(suite.up.requests[1].json).to.include({id: 'Pq1x7Yw2Za', amount: 5})
    expect((suite.up.requests[1].json as {invoices: unknown}).invoices).to.deep.equal([
      {invoice_id: 'Zq3nWx8kPd', amount: 5},
    ])
  })

  it('an id-shaped key planned again after the 400 reads --stdin once: the second plan has the same body', async () => {
    suite.up.seed('products', [{id: 'Pq4rT7vWx3', product_key: 'Consulting', price: 150}])
    const r = await runCli(['products', 'update', 'Consulting', '--stdin', '--yes', '--quiet'], {
      env: suite.env,
      stdin: '{"price": 160}',
    })
    expect(r.code, r.stderr).to.equal(0)
    // The update reads its record first: that read is what the server refuses. A product's update reads it again right
    // before the write (it keeps the quantity the server would reset: updates-keep-fields.test.ts).
    expect(requests()).to.deep.equal([
      'GET /api/v1/products/Consulting',
      'GET /api/v1/products?per_page=100&product_key=Consulting',
      'GET /api/v1/products/Pq4rT7vWx3',
      'GET /api/v1/products/Pq4rT7vWx3',
      'PUT /api/v1/products/Pq4rT7vWx3',
    ])
    expect(suite.up.requests.map((q) => q.json)).to.deep.equal([
      undefined,
      undefined,
      undefined,
      undefined,
      {price: 160},
    ])
    expect(suite.up.connections).to.equal(1)
    expect(suite.up.records('products').map((p) => p.price)).to.deep.equal([160])
  })

  it('a search that matches more records than one page: every page is read before saying none has the name', async () => {
    suite.up.seed(
      'clients',
      Array.from({length: 101}, (_, n) => ({id: `Cl${String(n).padStart(8, '0')}`, name: `Acme ${n}`})),
    )
    const r = await runCli(['clients', 'show', 'Acme'], {env: suite.env})
    expect([r.code, r.stdout], r.stderr).to.deep.equal([2, ''])
    expect(r.stderr).to.match(
      /^Error: clients "Acme": no record has that name, .* and 93 more; see "cli clients list"\n$/,
    )
    expect(requests()).to.deep.equal([
      'GET /api/v1/clients?per_page=100&filter=Acme',
      'GET /api/v1/clients?page=2&per_page=100&filter=Acme',
    ])
  })
})
