/**
 * Records by key in the operations (issue 23): `payments refund --invoice 0001:5` names the invoice by number, and
 * every local check of an operation comes before any lookup, so that a refusal sends nothing.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
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
})
