/**
 * Fields the server's store or update request sets aside however they are sent (the facts' `ignored`): a payment's
 * amount on update, a project's client on update, a document's amount on create. And fields every save works out
 * itself (`calculated`): a document's amount, from its lines, on update too. Sent as given, with one warning each that
 * the value changes nothing. And what the server keeps itself (is_deleted, balance), in an update of nothing else.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

const WARNING = (field: string, when: string) =>
  `Warning: ${field}: the server sets it aside when ${when}, so the value given changes nothing (it is sent as given)\n`

const WORKED_OUT = (field: string, noun: string) =>
  `Warning: ${field}: the server works it out from the line items when saving ${noun}, so the value given changes ` +
  'nothing (it is sent as given)\n'

/** The refusal of an update that would change nothing (exit 5), naming what the server sets aside. */
const NOTHING_TO_CHANGE = (what: string) =>
  `Error: nothing to change: the server sets aside ${what}, so the update would change nothing; nothing was sent ` +
  '(--no-validate sends it all the same)\n'

describe('fields the server sets aside', () => {
  const suite = useUpstream()
  const changes = () => suite.up.requests.filter((q) => q.method !== 'GET')

  it("a payment's amount on update: warned, sent once, and the amount stays", async () => {
    suite.up.seed('payments', [{client_id: 'VolejRejNm', number: '0001', amount: 20}])
    const [payment] = suite.up.records('payments')
    const r = await runCli(
      ['payments', 'update', String(payment.id), '--field', 'amount=50', '--private-notes', 'checked', '--yes', '-q'],
      {env: suite.env},
    )
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stderr).to.equal(WARNING('amount', 'updating a payment'))
    expect(changes().map((q) => [q.method, q.path, q.json])).to.deep.equal([
      ['PUT', `/api/v1/payments/${payment.id}`, {amount: 50, private_notes: 'checked'}],
    ])
    expect(suite.up.records('payments')[0]).to.include({amount: 20, private_notes: 'checked'})
  })

  it('an update of nothing but set-aside fields is not sent: exit 5, "nothing to change"', async () => {
    suite.up.seed('payments', [{client_id: 'VolejRejNm', number: '0001', amount: 20}])
    const [payment] = suite.up.records('payments')
    const r = await runCli(['payments', 'update', String(payment.id), '--field', 'amount=50', '--yes'], {
      env: suite.env,
    })
    expect([r.code, r.stdout]).to.deep.equal([5, ''])
    expect(r.stderr).to.equal(
      WARNING('amount', 'updating a payment') + NOTHING_TO_CHANGE('amount when updating a payment'),
    )
    expect(suite.up.requests).to.deep.equal([])
    const forced = await runCli(
      ['payments', 'update', String(payment.id), '--field', 'amount=50', '--yes', '--no-validate', '-q'],
      {env: suite.env},
    )
    expect([forced.code, forced.stderr]).to.deep.equal([0, ''])
    expect(changes().map((q) => q.json)).to.deep.equal([{amount: 50}])
    expect(suite.up.records('payments')[0]).to.include({amount: 20})
  })

  it("an invoice's amount on create, in a dry run: warned, nothing sent", async () => {
    const r = await runCli(
      [
        'invoices',
        'create',
        '--client-id',
        'VolejRejNm',
        '--field',
        'amount=100',
        '--line-item',
        'cost=5',
        '--dry-run',
      ],
      {env: suite.env},
    )
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stderr).to.equal(WARNING('amount', 'creating an invoice'))
    expect(suite.up.requests).to.deep.equal([])
  })

  it("a project's client on update is warned; other fields and verbs are not", async () => {
    suite.up.seed('projects', [{client_id: 'VolejRejNm', number: '0001', name: 'Site'}])
    const [project] = suite.up.records('projects')
    const moved = await runCli(
      ['projects', 'update', String(project.id), '--field', 'client_id=Opnel5aKBz', '--dry-run'],
      {env: suite.env},
    )
    expect(moved.stderr).to.equal(WARNING('client_id', 'updating a project'))
    const created = await runCli(['payments', 'create', '--client-id', 'VolejRejNm', '--amount', '5', '--dry-run'], {
      env: suite.env,
    })
    expect([created.code, created.stderr]).to.deep.equal([0, ''])
    expect(suite.up.requests).to.deep.equal([])
  })

  it("an invoice's amount on update: warned, sent once, and the amount stays what its lines make", async () => {
    const r = await runCli(
      ['invoices', 'update', '0001', '--field', 'amount=99', '--field', 'public_notes=Thanks', '--yes', '-q'],
      {env: suite.env},
    )
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stderr).to.equal(WORKED_OUT('amount', 'an invoice'))
    expect(changes().map((q) => [q.method, q.path, q.json])).to.deep.equal([
      ['PUT', '/api/v1/invoices/WJxbojagwO', {amount: 99, public_notes: 'Thanks'}],
    ])
    expect(suite.up.records('invoices')[0]).to.include({amount: 150, balance: 150, public_notes: 'Thanks'})
  })

  it("an update of nothing but a document's worked-out fields is not sent: exit 5", async () => {
    const r = await runCli(['purchase-orders', 'update', 'Pq1', '--field', 'amount=5', '--field', 'total_taxes=1'], {
      env: suite.env,
    })
    expect([r.code, r.stdout]).to.deep.equal([5, ''])
    expect(r.stderr).to.equal(
      WORKED_OUT('amount', 'a purchase order') +
        WORKED_OUT('total_taxes', 'a purchase order') +
        NOTHING_TO_CHANGE('amount, total_taxes, which it works out from the line items'),
    )
    expect(suite.up.requests).to.deep.equal([])
  })

  it("a worked-out field's value is still checked: the server's rules refuse a non-number (exit 2)", async () => {
    const r = await runCli(['invoices', 'update', 'WJxbojagwO', '--field', 'amount=twelve', '--yes'], {
      env: suite.env,
    })
    expect([r.code, r.stderr]).to.deep.equal([
      2,
      'Error: invoices payload: amount must be a number, not the string "twelve" (--no-validate sends it unchecked)\n',
    ])
    expect(suite.up.requests).to.deep.equal([])
  })

  it("a product's stock on update: set aside unless update_in_stock_quantity=true comes with it", async () => {
    suite.up.seed('products', [{id: 'Pq4rT7vWx1', product_key: 'WIDGET', in_stock_quantity: 10}])
    const alone = await runCli(['products', 'update', 'Pq4rT7vWx1', '--field', 'in_stock_quantity=5', '--yes'], {
      env: suite.env,
    })
    expect([alone.code, alone.stdout]).to.deep.equal([5, ''])
    expect(alone.stderr).to.equal(
      'Warning: in_stock_quantity: the server sets it aside when updating a product unless ' +
        'update_in_stock_quantity=true is sent too, so the value given changes nothing (it is sent as given)\n' +
        NOTHING_TO_CHANGE('in_stock_quantity when updating a product'),
    )
    expect(suite.up.requests).to.deep.equal([])
    const asked = await runCli(
      [
        'products',
        'update',
        'Pq4rT7vWx1',
        '--field',
        'in_stock_quantity=5',
        '--field',
        'update_in_stock_quantity=true',
        '--yes',
        '-q',
      ],
      {env: suite.env},
    )
    expect([asked.code, asked.stderr]).to.deep.equal([0, ''])
    expect(changes().map((q) => [q.method, q.path, q.json])).to.deep.equal([
      ['PUT', '/api/v1/products/Pq4rT7vWx1', {in_stock_quantity: 5, update_in_stock_quantity: true}],
    ])
    expect(suite.up.records('products')[0]).to.include({in_stock_quantity: 5})
    expect(suite.up.records('products')[0]).to.not.have.property('update_in_stock_quantity')
  })

  it("an invoice's status on update: its rules check it, nothing saves it; an action moves it", async () => {
    const r = await runCli(['invoices', 'update', '0001', '--field', 'status_id=4', '--yes'], {env: suite.env})
    expect([r.code, r.stdout]).to.deep.equal([5, ''])
    expect(r.stderr).to.equal(
      WARNING('status_id', 'updating an invoice') + NOTHING_TO_CHANGE('status_id when updating an invoice'),
    )
    // Only the lookup of 0001 was sent.
    expect(changes()).to.deep.equal([])
    const forced = await runCli(
      ['invoices', 'update', 'WJxbojagwO', '--field', 'status_id=4', '--yes', '--no-validate', '-q'],
      {
        env: suite.env,
      },
    )
    expect([forced.code, forced.stderr]).to.deep.equal([0, ''])
    expect(changes().map((q) => q.json)).to.deep.equal([{status_id: 4}])
    expect(suite.up.records('invoices')[0]).to.include({status_id: '2'})
  })

  it('what the server keeps itself (is_deleted, balance): alone, not sent (exit 5); beside other fields, sent', async () => {
    const r = await runCli(['invoices', 'update', 'WJxbojagwO', '--field', 'is_deleted=false', '--yes'], {
      env: suite.env,
    })
    expect([r.code, r.stdout]).to.deep.equal([5, ''])
    expect(r.stderr).to.equal(
      'Warning: is_deleted: the server keeps it itself, so no update changes it (archive, restore and delete are ' +
        'bulk actions)\n' +
        NOTHING_TO_CHANGE('is_deleted, which it keeps itself'),
    )
    const client = await runCli(['clients', 'update', 'VolejRejNm', '--field', 'balance=0', '--yes'], {env: suite.env})
    expect(client.code).to.equal(5)
    expect(client.stderr).to.match(/^Warning: balance: the server keeps it itself, so no update changes it\n/)
    expect(suite.up.requests).to.deep.equal([])
    // A record sent back whole carries them too: not warned, and its other fields change.
    const back = await runCli(
      [
        'invoices',
        'update',
        'WJxbojagwO',
        '--data',
        '{"id":"WJxbojagwO","balance":0,"public_notes":"Thanks"}',
        '--yes',
        '-q',
      ],
      {env: suite.env},
    )
    expect([back.code, back.stderr]).to.deep.equal([0, ''])
    expect(changes().map((q) => [q.method, q.path])).to.deep.equal([['PUT', '/api/v1/invoices/WJxbojagwO']])
    // As on the server, the balance stays what the invoice makes it.
    expect(suite.up.records('invoices')[0]).to.include({balance: 150, public_notes: 'Thanks'})
    // A purchase order's model fills its balance: sent, as any field.
    const po = await runCli(['purchase-orders', 'update', 'Po5sD9fGh1', '--field', 'balance=0', '--dry-run'], {
      env: suite.env,
    })
    expect([po.code, po.stderr]).to.deep.equal([0, ''])
  })
})
