/**
 * Fields the server sets anew when an update leaves them out (its update requests' prepareForValidation: a product's
 * quantity to 1, an expense's currency to the company's, a recurring invoice's next send date to today, a webhook's
 * method to post): an update that does not name them sends them as the record has them, so that nothing the person
 * did not ask to change moves. Against the stand-in, which resets them as the server does.
 */
import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {makeHome, runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

const PRODUCT = 'Pq4rT7vWx1'
const EXPENSE = 'Ex5mN8qRt2'

describe('an update keeps the fields the server would reset', () => {
  const suite = useUpstream()
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}`)
  const puts = () => suite.up.requests.filter((r) => r.method === 'PUT').map((r) => r.json)

  beforeEach(() => {
    suite.up.seed('products', [{id: PRODUCT, product_key: 'WIDGET', notes: 'Blue', price: 10, quantity: 5}])
    suite.up.seed('expenses', [{id: EXPENSE, number: '0001', amount: 80, currency_id: '3', public_notes: ''}])
  })

  it('the stand-in resets them as the server does: a PUT that leaves quantity out makes it 1', async () => {
    const r = await runCli(['api', 'PUT', `products/${PRODUCT}`, '--data', '{"notes":"Red"}', '--yes'], {
      env: suite.env,
    })
    expect(r.code, r.stderr).to.equal(0)
    expect(suite.up.records('products')[0]).to.include({notes: 'Red', quantity: 1})
  })

  it("products update: read, read again right before the write, one PUT carrying the product's own quantity", async () => {
    const r = await runCli(['products', 'update', 'WIDGET', '--field', 'notes=Red', '--yes'], {env: suite.env})
    expect(r.code, r.stderr).to.equal(0)
    expect(sent().filter((s) => s !== 'GET /api/v1/products')).to.deep.equal([
      `GET /api/v1/products/${PRODUCT}`,
      `GET /api/v1/products/${PRODUCT}`,
      `PUT /api/v1/products/${PRODUCT}`,
    ])
    expect(puts()).to.deep.equal([{notes: 'Red', quantity: 5}])
    expect(suite.up.records('products')[0]).to.include({notes: 'Red', quantity: 5})
  })

  it("a quantity given is sent as given: only an update's own read (the journal's record before), one PUT", async () => {
    const r = await runCli(['products', 'update', PRODUCT, '--quantity', '3', '--yes'], {env: suite.env})
    expect(r.code, r.stderr).to.equal(0)
    expect(sent()).to.deep.equal([`GET /api/v1/products/${PRODUCT}`, `PUT /api/v1/products/${PRODUCT}`])
    expect(puts()).to.deep.equal([{quantity: 3}])
  })

  it("expenses update keeps the expense's currency: never the company's by default", async () => {
    const r = await runCli(['expenses', 'update', EXPENSE, '--field', 'public_notes=Taxi', '--yes'], {env: suite.env})
    expect(r.code, r.stderr).to.equal(0)
    expect(puts()).to.deep.equal([{public_notes: 'Taxi', currency_id: '3'}])
    expect(suite.up.records('expenses')[0]).to.include({public_notes: 'Taxi', currency_id: '3', amount: 80})
  })

  it('recurring invoices keep their next send date, webhooks their method', async () => {
    suite.up.seed('recurring_invoices', [
      {id: 'Ri1aB2cD3e', client_id: 'VolejRejNm', number: 'R001', status_id: '2', next_send_date: '2031-05-01'},
    ])
    suite.up.seed('webhooks', [
      {id: 'Wh1aB2cD3e', event_id: '1', target_url: 'https://hooks.test/a', rest_method: 'put'},
    ])
    const recurring = await runCli(
      ['recurring-invoices', 'update', 'Ri1aB2cD3e', '--field', 'public_notes=Monthly', '--yes'],
      {env: suite.env},
    )
    expect(recurring.code, recurring.stderr).to.equal(0)
    expect(suite.up.records('recurring_invoices')[0]).to.include({next_send_date: '2031-05-01'})
    const hook = await runCli(['webhooks', 'update', 'Wh1aB2cD3e', '--field', 'format=JSON', '--yes'], {
      env: suite.env,
    })
    expect(hook.code, hook.stderr).to.equal(0)
    expect(suite.up.records('webhooks')[0]).to.include({rest_method: 'put', format: 'JSON'})
    expect(puts()).to.deep.equal([
      {public_notes: 'Monthly', next_send_date: '2031-05-01'},
      {format: 'JSON', rest_method: 'put'},
    ])
  })

  it('a dry run reads the record and shows the field it keeps; nothing is changed', async () => {
    const r = await runCli(['products', 'update', PRODUCT, '--field', 'notes=Red', '--dry-run'], {env: suite.env})
    expect(r.code, r.stderr).to.equal(0)
    expect(JSON.parse(r.stdout.slice(r.stdout.indexOf('{')))).to.deep.equal({notes: 'Red', quantity: 5})
    expect(sent()).to.deep.equal([`GET /api/v1/products/${PRODUCT}`])
    expect(suite.up.records('products')[0]).to.include({notes: 'Blue', quantity: 5})
  })

  it("undo of an update whose entry left quantity out (an older CLI's) puts the product's quantity back too", async () => {
    const home = makeHome()
    try {
      const cli = (args: string[]) => runCli(args, {env: suite.env, home: home.home})
      expect((await cli(['products', 'update', PRODUCT, '--field', 'notes=Red', '--yes'])).code).to.equal(0)
      // The entry as a CLI that did not keep the quantity wrote it: its PUT carried the notes only.
      const file = join(home.home, '.local', 'state', 'invoicing-cli', 'journal.jsonl')
      const entry = JSON.parse(readFileSync(file, 'utf8').trim()) as {id: string; body: Record<string, unknown>}
      writeFileSync(file, `${JSON.stringify({...entry, body: {notes: 'Red'}})}\n`, {mode: 0o600})
      suite.up.requests.length = 0
      const undone = await cli(['undo', entry.id, '--yes'])
      expect(undone.code, undone.stderr).to.equal(0)
      expect(puts()).to.deep.equal([{notes: 'Blue', quantity: 5}])
      expect(suite.up.records('products')[0]).to.include({notes: 'Blue', quantity: 5})
    } finally {
      home.cleanup()
    }
  })

  it('changed by someone else between the read and the write: exit 1, their change kept, no PUT', async () => {
    suite.up.seed('products', [{id: PRODUCT, product_key: 'WIDGET', quantity: 5, updated_at: 1700000000}])
    suite.up.changeAfterRead('products', PRODUCT, {quantity: 7})
    const r = await runCli(['products', 'update', PRODUCT, '--field', 'notes=Red', '--yes'], {env: suite.env})
    expect(r.code).to.equal(1)
    expect(r.stderr).to.match(new RegExp(`^Error: products ${PRODUCT} changed since it was read \\(updated_at`))
    expect(puts()).to.deep.equal([])
    expect(suite.up.records('products')[0]).to.include({quantity: 7})
  })
})
