/**
 * A read-only profile changes nothing by any road (a command, --save-plan, apply, undo, cli api, a runner, a linked
 * plugin's command), while reads go on; require_plan lets changes through only by cli apply of a saved plan.
 */
import {expect} from 'chai'

import {CLIENT, expectRefused, INVOICE, usePolicySuite, written} from './policy-suite.js'

describe('policies: every road', function () {
  // Many runs of the CLI a test: slow on a loaded machine.
  this.timeout(180_000)
  const {suite, cli, policy, changes, planFile, newestEntry, linkPayer} = usePolicySuite()

  it('read_only: no road changes anything (exit 3, "policy", read_only, nothing sent); reads go on', async () => {
    // Made before the policy: a saved plan (of another record) and a change in the journal to undo.
    const plan = planFile('notes.plan.json')
    const saved = await cli(['invoices', 'update', INVOICE, '--field', 'public_notes=Planned', '--save-plan', plan])
    expect(saved.code, saved.stderr).to.equal(0)
    const updated = await cli(['clients', 'update', CLIENT, '--field', 'private_notes=Before', '--yes'])
    expect(updated.code, updated.stderr).to.equal(0)
    const entry = await newestEntry()
    await linkPayer()
    await policy('--read-only')
    suite.up.requests.length = 0

    expectRefused(await cli(['clients', 'create', '--name', 'Acme', '--yes']), 'read_only', 'clients:create')
    const second = planFile('second.plan.json')
    expectRefused(await cli(['clients', 'create', '--name', 'Acme', '--save-plan', second]), 'read_only')
    expect(written(second)).to.equal(false)
    expectRefused(await cli(['apply', plan, '--yes']), 'read_only')
    expectRefused(await cli(['undo', entry, '--yes']), 'read_only')
    expectRefused(await cli(['api', 'POST', 'clients', '--data', '{"name":"Acme"}', '--yes']), 'read_only')
    expectRefused(await cli(['api', 'DELETE', `clients/${CLIENT}`, '--yes']), 'read_only', 'clients:delete')
    expectRefused(await cli(['reports', 'run', '--endpoint', 'reports/clients']), 'read_only')
    expectRefused(await cli(['payer', 'pay', '--yes']), 'read_only', 'payments:create')
    expectRefused(await cli(['invoices', 'bulk', '--action', 'archive', '--id', INVOICE, '--yes']), 'read_only')
    expect(changes()).to.deep.equal([])

    // Reads are not changes: they go on.
    expect((await cli(['clients', 'list', '-o', 'json'])).code).to.equal(0)
    expect((await cli(['api', 'GET', `clients/${CLIENT}`])).code).to.equal(0)
    // A dry run sends nothing: it is not refused.
    expect((await cli(['clients', 'create', '--name', 'Acme', '--dry-run'])).code).to.equal(0)
    expect(changes()).to.deep.equal([])
  })

  it('require_plan: only cli apply of a saved plan sends; saving one is allowed, every other road refused', async () => {
    await linkPayer()
    const before = await cli(['clients', 'update', CLIENT, '--field', 'private_notes=Before', '--yes'])
    expect(before.code, before.stderr).to.equal(0)
    const entry = await newestEntry()
    await policy('--require-plan')
    suite.up.requests.length = 0

    const direct = await cli(['invoices', 'update', INVOICE, '--field', 'public_notes=Direct', '--yes'])
    expectRefused(direct, 'require_plan', 'invoices:update')
    expect(direct.stderr).to.contain('--save-plan FILE')
    expectRefused(await cli(['undo', entry, '--yes']), 'require_plan')
    expectRefused(
      await cli(['api', 'PUT', `clients/${CLIENT}`, '--data', '{"private_notes":"x"}', '--yes']),
      'require_plan',
    )
    expectRefused(await cli(['reports', 'run', '--endpoint', 'reports/clients']), 'require_plan')
    expectRefused(await cli(['payer', 'pay', '--yes']), 'require_plan')
    expect(changes()).to.deep.equal([])

    const plan = planFile('notes.plan.json')
    const saved = await cli(['invoices', 'update', INVOICE, '--field', 'public_notes=Planned', '--save-plan', plan])
    expect(saved.code, saved.stderr).to.equal(0)
    expect(written(plan)).to.equal(true)
    expect(changes()).to.deep.equal([])
    const applied = await cli(['apply', plan, '--yes'])
    expect(applied.code, applied.stderr).to.equal(0)
    expect(changes()).to.deep.equal([`PUT /api/v1/invoices/${INVOICE}`])
    expect(suite.up.records('invoices').find((r) => r.id === INVOICE)?.public_notes).to.equal('Planned')
  })
})
