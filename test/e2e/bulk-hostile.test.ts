/**
 * Bulk by query under real answers (issue 30): the server's lists hold archived and deleted records unless
 * `status` says otherwise, so a selection without --status takes active records only, and says so; a batch that
 * fails in any way (an HTML page answered 200) is reported with the batches answered before it and what they did.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('bulk by query: states and failed batches', () => {
  const suite = useUpstream()
  const invoice = (n: number, extra: Record<string, unknown> = {}) => ({
    id: `Blk${String(n).padStart(7, '0')}`,
    client_id: 'VolejRejNm',
    number: `B${String(n).padStart(4, '0')}`,
    status_id: '2',
    amount: 10,
    balance: 10,
    ...extra,
  })
  const run = (args: string[]) => runCli(args, {env: suite.env})
  const posts = () => suite.up.requests.filter((q) => q.method === 'POST')

  it('without --status only active records are selected (status=active sent); deleted/archived never mailed', async () => {
    suite.up.seed('invoices', [
      invoice(1, {invitations: [{key: 'k'.repeat(32), client_contact_id: 'Wpmbk5ezJn'}]}),
      invoice(2, {is_deleted: true, deleted_at: 1_700_000_000, archived_at: 1_700_000_000}),
      invoice(3, {archived_at: 1_700_000_000}),
    ])
    const dry = await run(['invoices', 'bulk', '--action', 'email', '--filter', 'client_status=unpaid', '--dry-run'])
    expect(dry.code, dry.stderr).to.equal(0)
    expect(dry.stderr).to.include(
      'dry run: 1 invoice matches the filters (active records only: --status chooses others):\n  B0001',
    )
    expect(suite.up.requests.map((q) => q.query.status)).to.deep.equal(['active'])
    suite.up.requests.length = 0
    const r = await run(['invoices', 'bulk', '--action', 'email', '--filter', 'client_status=unpaid', '--yes', '-q'])
    expect(r.code, r.stderr).to.equal(0)
    expect(suite.up.requests[0].query).to.deep.include({client_status: 'unpaid', status: 'active'})
    expect(posts().map((q) => q.json)).to.deep.equal([{action: 'email', ids: ['Blk0000001']}])
  })

  it('--status deleted says otherwise: the deleted one is selected and nothing is added', async () => {
    suite.up.seed('invoices', [invoice(1), invoice(2, {is_deleted: true, archived_at: 1_700_000_000})])
    const dry = await run(['invoices', 'bulk', '--action', 'restore', '--status', 'deleted', '--dry-run'])
    expect(dry.code, dry.stderr).to.equal(0)
    expect(dry.stderr).to.include('dry run: 1 invoice matches the filters:\n')
    expect(suite.up.requests.map((q) => q.query.status)).to.deep.equal(['deleted'])
  })

  it('batch 2 answered 200 with HTML: batch 1 and its 100 archived records are named, exit 1', async () => {
    suite.up.seed(
      'invoices',
      Array.from({length: 150}, (_, i) => invoice(i + 1)),
    )
    suite.up.fault({
      method: 'POST',
      path: '/api/v1/invoices/bulk',
      query: {per_page: '50'},
      kind: 'raw',
      status: 200,
      contentType: 'text/html',
      body: '<html><body>Maintenance</body></html>',
    })
    const r = await run(['invoices', 'bulk', '--action', 'archive', '--filter', 'client_status=all', '--all', '--yes'])
    const [said, error] = r.stderr.split('\n')
    expect([r.code, said]).to.deep.equal([
      1,
      'bulk: 2 batches: batch 1 answered (100 invoices acted on); batch 2 failed, its records may or may not have ' +
        'been acted on',
    ])
    expect(error).to.match(/^Error: upstream answered 200 with a body/)
    expect(posts().length).to.equal(2)
    expect(suite.up.records('invoices').filter((i) => Number(i.archived_at) > 0).length).to.equal(100)
  })

  it('the first of three batches fails: none answered, the two after it not sent', async () => {
    suite.up.seed(
      'invoices',
      [...Array(250).keys()].map((i) => invoice(i + 1)),
    )
    suite.up.fault({method: 'POST', path: '/api/v1/invoices/bulk', kind: 'status', status: 500})
    const r = await run(['invoices', 'bulk', '--action', 'archive', '--status', 'active', '--all', '--yes'])
    expect(r.code).to.equal(1)
    const [line] = r.stderr.split('\n')
    expect(line).to.equal(
      'bulk: 3 batches: no batch was answered; batch 1 failed, its records may or may not have been acted on; ' +
        'the 2 batches after it were not sent',
    )
    expect(posts().length).to.equal(1)
    expect(suite.up.records('invoices').filter((i) => Number(i.archived_at) > 0)).to.deep.equal([])
  })
})
