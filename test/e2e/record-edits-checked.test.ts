/**
 * A list edited in place (--add-X/--remove-X) is written back only when the record read is the
 * one asked for, its list is a list of objects (a PHP-style object keyed by index counts as one),
 * and nobody changed the record between the read and the write (unless --force). `download --id`
 * saves a file only for the record asked for.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'

const A = {product_key: 'A', quantity: 1, cost: 10}
const C = {product_key: 'C', quantity: 3, cost: 1}
const NEW = {product_key: 'NEW', quantity: 1, cost: 5}
const ID = 'WJxbojagwO'
const ADD = ['invoices', 'update', ID, '--add-line-item', 'product_key=NEW,quantity=1,cost=5', '--yes']

describe('list edits and downloads check the record read', () => {
  const suite = useUpstream()
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}`)
  const puts = () => suite.up.requests.filter((r) => r.method === 'PUT')
  const seedItems = (lineItems: unknown, more: Record<string, unknown> = {}) =>
    suite.up.seed('invoices', [
      {id: ID, client_id: 'VolejRejNm', ...(lineItems === undefined ? {} : {line_items: lineItems}), ...more},
    ])

  it('line_items as a PHP object keyed by index: read in key order, the whole list goes back', async () => {
    seedItems({2: C, 0: A})
    const r = await runCli(ADD, {env: suite.env})
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal(`updated invoice (id ${ID}), 18.00\n`)
    expect(sent()).to.deep.equal([
      `GET /api/v1/invoices/${ID}`,
      `GET /api/v1/invoices/${ID}`,
      `PUT /api/v1/invoices/${ID}`,
    ])
    expect(puts()[0].json).to.deep.equal({line_items: [A, C, NEW]})
    expect(suite.up.records('invoices')[0].line_items).to.deep.equal([A, C, NEW])
  })

  for (const [label, value, kind] of [
    ['null', null, 'null'],
    ['missing', undefined, 'missing'],
    ['a string', '[]', 'a string'],
    ['a list holding a number', [A, 3], 'a list holding something that is not an object'],
    ['an object not keyed by index', {first: A}, 'an object that is not keyed by index'],
  ] as const) {
    it(`line_items ${label}: exit 1 naming the record and the field, nothing written`, async () => {
      seedItems(value)
      const r = await runCli(ADD, {env: suite.env})
      expectRun(r, {
        code: 1,
        stdout: '',
        stderr:
          `Error: invoices ${ID} as read has line_items ${kind}, not a list of line items: nothing was changed ` +
          '(show the record to see what the upstream answers)\n',
      })
      expect(sent()).to.deep.equal([`GET /api/v1/invoices/${ID}`])
      expect(puts()).to.have.length(0)
    })
  }

  it('clients --add-contact with contacts null: exit 1, the contacts are not wiped', async () => {
    suite.up.seed('clients', [{id: 'VolejRejNm', name: 'Acme', contacts: null}])
    const r = await runCli(['clients', 'update', 'VolejRejNm', '--add-contact', 'first_name=Linus', '--yes'], {
      env: suite.env,
    })
    expectRun(r, {
      code: 1,
      stdout: '',
      stderr:
        'Error: clients VolejRejNm as read has contacts null, not a list of contacts: nothing was changed (show ' +
        'the record to see what the upstream answers)\n',
    })
    expect(sent()).to.deep.equal(['GET /api/v1/clients/VolejRejNm'])
  })

  it('the read answers another record: exit 1, nothing written', async () => {
    seedItems([A])
    const other = {data: {id: 'Other00001', line_items: [C], updated_at: 1}}
    suite.up.fault({
      method: 'GET',
      path: `/api/v1/invoices/${ID}`,
      kind: 'raw',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify(other),
    })
    const r = await runCli(ADD, {env: suite.env})
    expectRun(r, {
      code: 1,
      stdout: '',
      stderr:
        `Error: the upstream answered the read of invoices ${ID} with the record "Other00001": ` +
        'nothing was changed\n',
    })
    expect(sent()).to.deep.equal([`GET /api/v1/invoices/${ID}`])
    expect(suite.up.records('invoices')[0].line_items).to.deep.equal([A])
  })

  it('a change by someone else between the read and the write: exit 1, the change kept, no PUT', async () => {
    seedItems([A], {updated_at: 1700000000})
    suite.up.changeAfterRead('invoices', ID, {line_items: [A, C]})
    const r = await runCli(ADD, {env: suite.env})
    const now = suite.up.records('invoices')[0]
    expectRun(r, {
      code: 1,
      stdout: '',
      stderr:
        `Error: invoices ${ID} changed since it was read (updated_at 1700000000 → ${now.updated_at}): run the ` +
        'command again, or pass --force to overwrite\n',
    })
    expect(sent()).to.deep.equal([`GET /api/v1/invoices/${ID}`, `GET /api/v1/invoices/${ID}`])
    expect(now.line_items).to.deep.equal([A, C])
  })

  it('--force: one read, one PUT, the other change overwritten as asked', async () => {
    seedItems([A], {updated_at: 1700000000})
    suite.up.changeAfterRead('invoices', ID, {line_items: [A, C]})
    const r = await runCli([...ADD, '--force'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal(`updated invoice (id ${ID}), 15.00\n`)
    expect(sent()).to.deep.equal([`GET /api/v1/invoices/${ID}`, `PUT /api/v1/invoices/${ID}`])
    expect(puts()[0].json).to.deep.equal({line_items: [A, NEW]})
  })

  it('download --id: the read answers another record, nothing is downloaded or saved', async () => {
    seedItems([A])
    const other = {data: {id: 'Other00001', invitations: [{key: 'k'.repeat(32)}]}}
    suite.up.fault({
      method: 'GET',
      path: `/api/v1/invoices/${ID}`,
      kind: 'raw',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify(other),
    })
    const r = await runCli(['invoices', 'download', '--id', ID, '--output-file', '-'], {env: suite.env})
    expectRun(r, {
      code: 1,
      stdout: '',
      stderr:
        `Error: the upstream answered the read of invoices ${ID} with the record "Other00001": ` +
        'nothing was downloaded\n',
    })
    expect(sent()).to.deep.equal([`GET /api/v1/invoices/${ID}`])
  })
})
