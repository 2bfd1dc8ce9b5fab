/**
 * deny, allow and max_amount: each refuses what it names from a command, apply, undo, cli api, a runner and a linked
 * plugin's command (exit 3, "policy" and the rule, nothing sent), and lets the rest through, each change sent once.
 */
import {expect} from 'chai'

import {CLIENT, expectRefused, INVOICE, usePolicySuite} from './policy-suite.js'

describe('policies: the rules', function () {
  // Many runs of the CLI a test: slow on a loaded machine.
  this.timeout(180_000)
  const {suite, cli, policy, changes, planFile, newestEntry, linkPayer} = usePolicySuite()

  it('deny: refuses what its patterns name, by every road, and lets the rest through', async () => {
    await linkPayer()
    const plan = planFile('create.plan.json')
    expect((await cli(['clients', 'create', '--name', 'Planned', '--save-plan', plan])).code).to.equal(0)
    const created = await cli(['clients', 'create', '--name', 'Made', '--yes', '-o', 'json'])
    expect(created.code, created.stderr).to.equal(0)
    const entry = await newestEntry()
    await policy('--deny', 'clients:create', '--deny', '*:delete', '--deny', 'payments:*', '--deny', 'reports:*')
    suite.up.requests.length = 0

    expectRefused(await cli(['clients', 'create', '--name', 'Acme', '--yes']), 'deny', 'clients:create')
    expectRefused(await cli(['apply', plan, '--yes']), 'deny', 'clients:create')
    expectRefused(await cli(['undo', entry, '--yes']), 'deny', 'clients:delete')
    expectRefused(await cli(['api', 'POST', 'clients', '--data', '{"name":"Acme"}', '--yes']), 'deny')
    expectRefused(await cli(['reports', 'run', '--endpoint', 'reports/clients']), 'deny')
    expectRefused(await cli(['payer', 'pay', '--yes']), 'deny', 'payments:create')
    // A bulk action is named by its action too.
    expectRefused(await cli(['invoices', 'bulk', '--action', 'delete', '--id', INVOICE, '--yes']), 'deny')
    expect(changes()).to.deep.equal([])

    const allowed = await cli(['clients', 'update', CLIENT, '--field', 'private_notes=Allowed', '--yes'])
    expect(allowed.code, allowed.stderr).to.equal(0)
    const raw = await cli(['api', 'PUT', `clients/${CLIENT}`, '--data', '{"public_notes":"Raw"}', '--yes'])
    expect(raw.code, raw.stderr).to.equal(0)
    expect(changes()).to.deep.equal([`PUT /api/v1/clients/${CLIENT}`, `PUT /api/v1/clients/${CLIENT}`])
  })

  it('allow: refuses what no pattern names, lets the named through once', async () => {
    await linkPayer()
    await policy('--allow', 'clients:update', '--allow', 'invoices:*')
    expectRefused(await cli(['clients', 'create', '--name', 'Acme', '--yes']), 'allow', 'clients:create')
    expectRefused(await cli(['payer', 'pay', '--yes']), 'allow', 'payments:create')
    expectRefused(await cli(['api', 'DELETE', `clients/${CLIENT}`, '--yes']), 'allow', 'clients:delete')
    expect(changes()).to.deep.equal([])
    const r = await cli(['invoices', 'update', INVOICE, '--field', 'public_notes=Allowed', '--yes'])
    expect(r.code, r.stderr).to.equal(0)
    expect(changes()).to.deep.equal([`PUT /api/v1/invoices/${INVOICE}`])
  })

  it('max_amount: a payment, a document total or a plan above it is refused; below it goes once', async () => {
    await linkPayer()
    const plan = planFile('payment.plan.json')
    const args = ['payments', 'create', '--client-id', CLIENT, '--amount']
    expect((await cli([...args, '500', '--save-plan', plan])).code).to.equal(0)
    await policy('--max-amount', '100')
    suite.up.requests.length = 0

    const big = await cli([...args, '500', '--yes'])
    expectRefused(big, 'max_amount', 'payments:create')
    expect(big.stderr).to.contain('it moves 500, more than the 100 the profile allows')
    expectRefused(await cli(['apply', plan, '--yes']), 'max_amount')
    expectRefused(
      await cli(['api', 'POST', 'payments', '--data', `{"client_id":"${CLIENT}","amount":500}`, '--yes']),
      'max_amount',
    )
    expectRefused(await cli(['payer', 'pay', '--field', 'amount=250', '--yes']), 'max_amount')
    const invoice = JSON.stringify({client_id: CLIENT, line_items: [{quantity: 2, cost: 60}]})
    expectRefused(await cli(['invoices', 'create', '--data', invoice, '--yes']), 'max_amount', 'invoices:create')
    expect(changes()).to.deep.equal([])

    expect((await cli([...args, '50', '--yes'])).code).to.equal(0)
    expect((await cli(['payer', 'pay', '--field', 'amount=5', '--yes'])).code).to.equal(0)
    expect(changes()).to.deep.equal(['POST /api/v1/payments', 'POST /api/v1/payments'])
    expect(
      suite.up.requests.filter((r) => r.method === 'POST').map((r) => (r.json as {amount: number}).amount),
    ).to.deep.equal([50, 5])
  })

  it('max_amount: marking an invoice paid moves its balance, read from the server before anything is sent', async () => {
    await policy('--max-amount', '100')
    const markPaid = ['invoices', 'action', INVOICE, '--action', 'mark_paid', '--yes']
    const big = await cli(markPaid)
    expectRefused(big, 'max_amount', 'invoices:action')
    expect(big.stderr).to.contain('it moves 150, more than the 100 the profile allows')
    expectRefused(await cli(['invoices', 'bulk', '--action', 'mark_paid', '--id', INVOICE, '--yes']), 'max_amount')
    expect(changes()).to.deep.equal([])
    // Only reads reached the server: the invoice, for its balance.
    expect(suite.up.requests.every((r) => r.method === 'GET')).to.equal(true)
    expect(suite.up.requests.map((r) => r.path)).to.include(`/api/v1/invoices/${INVOICE}`)

    await policy('--max-amount', '150')
    const paid = await cli(markPaid)
    expect(paid.code, paid.stderr).to.equal(0)
    expect(changes()).to.have.length(1)
    expect(suite.up.records('invoices').find((r) => r.id === INVOICE)?.balance).to.equal(0)
  })
})
