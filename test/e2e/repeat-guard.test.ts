/**
 * The server refuses a change like one it had from the same address less than a second before (the same bulk action
 * on invoices, the same invoice deleted, a payment of the same amount for the same client: 400 "Duplicate request").
 * One command spaces its own alike requests; a refusal of another's is one line, and nothing changes.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {startMcp} from '../support/mcp-client.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('the server guard against a repeated change', () => {
  const suite = useUpstream()
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path} ${r.rawQuery}`)

  it("one bulk's batches on invoices go a second apart, so the server takes every one", async () => {
    suite.up.seed(
      'invoices',
      Array.from({length: 101}, (_, i) => ({client_id: 'VolejRejNm', number: `R${i}`, status_id: '2', amount: 1})),
    )
    const r = await runCli(['invoices', 'bulk', '--action', 'archive', '--status', 'active', '--all', '--yes'], {
      env: suite.env,
    })
    expect(r.code, r.stderr).to.equal(0)
    // Back to back, the stand-in (as the server) would have refused the second batch: 400 "Duplicate request".
    expect(sent()).to.deep.equal([
      'GET /api/v1/invoices page=1&per_page=2500&sort=id|asc&status=active&include=client',
      'POST /api/v1/invoices/bulk per_page=100',
      'POST /api/v1/invoices/bulk ',
    ])
    expect(suite.up.records('invoices').filter((i) => i.archived_at === 0)).to.deep.equal([])
    expect(r.stderr).to.match(/^archived 101 invoices: /)
  })

  it("another command's repeat is refused: one line, exit 1, nothing changed", async () => {
    // Wide, so that the second run meets the first one's mark however slow this machine is.
    suite.up.setRepeatWindow(60_000)
    const pay = () =>
      runCli(['payments', 'create', '--client-id', 'VolejRejNm', '--amount', '5', '--yes', '-q'], {env: suite.env})
    const before = suite.up.records('payments').length
    expect((await pay()).code).to.equal(0)
    expectRun(await pay(), {
      code: 1,
      stdout: '',
      stderr:
        'Error: upstream answered 400: Duplicate request (the server refuses a change like one it had from this ' +
        'address less than a second before: nothing was changed; if this one was meant, run it again)\n',
    })
    expect(sent()).to.deep.equal(['POST /api/v1/payments ', 'POST /api/v1/payments '])
    expect(suite.up.records('payments').length).to.equal(before + 1)
  })

  it('an agent recording two alike payments through one MCP server: both are taken, the second a second later', async () => {
    const mcp = await startMcp([], suite.env)
    try {
      for (const note of ['first', 'second']) {
        const data = {client_id: 'VolejRejNm', amount: 5, private_notes: note}
        const plan = await mcp.call('plan_change', {family: 'payments', verb: 'create', data})
        expect(plan.isError, plan.texts.join()).to.equal(false)
        const applied = await mcp.call('apply_plan', {plan_id: (plan.json as {plan_id: string}).plan_id})
        expect(applied.isError, applied.texts.join()).to.equal(false)
      }
      expect(mcp.protocolErrors).to.deep.equal([])
    } finally {
      await mcp.close()
    }
    expect(suite.up.requests.filter((q) => q.method !== 'GET').map((q) => q.json)).to.deep.equal([
      {client_id: 'VolejRejNm', amount: 5, private_notes: 'first'},
      {client_id: 'VolejRejNm', amount: 5, private_notes: 'second'},
    ])
    const notes = suite.up.records('payments').map((p) => p.private_notes)
    expect(notes.filter((n) => n === 'first' || n === 'second')).to.deep.equal(['first', 'second'])
  })
})
