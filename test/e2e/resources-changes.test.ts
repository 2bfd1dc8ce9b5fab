/** Changes: create, update and delete, the payload sources, bulk, and action by GET or by the bulk route. */
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useResourceUpstream} from './resources-suite.js'

describe('resource commands against the stand-in upstream', () => {
  const {suite, only} = useResourceUpstream()

  it('create → show → update → delete round trip', async () => {
    const created = await runCli(
      [
        'invoices',
        'create',
        '--client-id',
        'VolejRejNm',
        '--number',
        '0042',
        '--date',
        '2026-11-01',
        '--line-item',
        'product_key=A,quantity=2,cost=10',
        '--line-item',
        'notes="a, b",cost=1.5',
        '--include',
        'client',
        '--yes',
        '--output',
        'json',
      ],
      {env: suite.env},
    )
    expect(created.code).to.equal(0)
    const post = suite.up.requests[0]
    expect([post.method, post.path, post.rawQuery]).to.deep.equal(['POST', '/api/v1/invoices', 'include=client'])
    expect(post.headers['content-type']).to.equal('application/json')
    expect(post.json).to.deep.equal({
      number: '0042',
      client_id: 'VolejRejNm',
      date: '2026-11-01',
      line_items: [
        {product_key: 'A', quantity: 2, cost: 10},
        {notes: 'a, b', cost: 1.5},
      ],
    })
    const id = JSON.parse(created.stdout).data.id as string
    // stdout is the record; stderr the one line that says what happened (the client named: --include client).
    expect(created.stderr).to.equal(`created invoice 0042 (id ${id}) for Acme Ltd, 21.50\n`)

    const updated = await runCli(
      [
        'invoices',
        'update',
        id,
        '--field',
        'public_notes=Thanks',
        '--field',
        'po_number="0042"',
        '--yes',
        '--output',
        'json',
      ],
      {env: suite.env},
    )
    expect(updated.code).to.equal(0)
    expect(updated.stderr).to.equal(`updated invoice 0042 (id ${id}), 21.50\n`)
    // The record is read first (the journal keeps it as it was, for undo), then changed.
    expect([suite.up.requests[1].method, suite.up.requests[1].path]).to.deep.equal(['GET', `/api/v1/invoices/${id}`])
    const put = suite.up.requests[2]
    expect([put.method, put.path]).to.deep.equal(['PUT', `/api/v1/invoices/${id}`])
    expect(put.json).to.deep.equal({public_notes: 'Thanks', po_number: '0042'})

    const shown = await runCli(['invoices', 'show', id, '--output', 'json'], {env: suite.env})
    expect(JSON.parse(shown.stdout).data).to.include({public_notes: 'Thanks', client_id: 'VolejRejNm'})

    const deleted = await runCli(['invoices', 'delete', id, '--yes', '--output', 'json'], {env: suite.env})
    expect(deleted.code).to.equal(0)
    const del = suite.up.requests[5]
    expect([del.method, del.path, del.body.length]).to.deep.equal(['DELETE', `/api/v1/invoices/${id}`, 0])
    expect(JSON.parse(deleted.stdout).data.is_deleted).to.equal(true)
    expect(deleted.stderr).to.equal(`deleted invoice 0042 (id ${id}), 21.50\n`)
    expect(suite.up.requests).to.have.length(6)
  })

  it('create with --data-file and --stdin sends the JSON as given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-data-'))
    const file = join(dir, 'client.json')
    writeFileSync(file, '{"name":"From file","contacts":[{"email":"f@x.test"}]}')
    const a = await runCli(['clients', 'create', '--data-file', file, '--yes'], {env: suite.env})
    expect(a.code).to.equal(0)
    const b = await runCli(['clients', 'create', '--stdin', '--yes'], {env: suite.env, stdin: '{"name":"From stdin"}'})
    expect(b.code).to.equal(0)
    expect(suite.up.requests.map((q) => q.json)).to.deep.equal([
      {name: 'From file', contacts: [{email: 'f@x.test'}]},
      {name: 'From stdin'},
    ])
  })

  it('--field contacts.email=... makes the list the upstream accepts', async () => {
    const r = await runCli(
      [
        'clients',
        'create',
        '--name',
        'Initech',
        '--field',
        'contacts.email=pay@initech.test',
        '--field',
        'settings.currency_id="1"',
        '--yes',
        '--output',
        'json',
      ],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal(`created client 0003 Initech (id ${JSON.parse(r.stdout).data.id})\n`)
    expect(only().json).to.deep.equal({
      name: 'Initech',
      contacts: [{email: 'pay@initech.test'}],
      settings: {currency_id: '1'},
    })
  })

  it('bulk: POST /api/v1/{seg}/bulk with action and ids', async () => {
    const r = await runCli(
      [
        'clients',
        'bulk',
        '--action',
        'archive',
        '--id',
        'VolejRejNm',
        '--id',
        'Opnel5aKBz',
        '--yes',
        '--output',
        'json',
      ],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    const req = only()
    expect([req.method, req.path]).to.deep.equal(['POST', '/api/v1/clients/bulk'])
    expect(req.json).to.deep.equal({action: 'archive', ids: ['VolejRejNm', 'Opnel5aKBz']})
    expect(JSON.parse(r.stdout).data).to.have.length(2)
  })

  it('action on quotes, payments, purchase-orders, recurring-invoices, recurring-quotes: GET /{seg}/{id}/{action}', async () => {
    const r = await runCli(['quotes', 'action', 'Xy9kqR2mLb', '--action', 'approve', '--yes', '--output', 'json'], {
      env: suite.env,
    })
    expect(r.code).to.equal(0)
    const req = only()
    expect([req.method, req.path, req.body.length]).to.deep.equal(['GET', '/api/v1/quotes/Xy9kqR2mLb/approve', 0])
  })

  it('action on every other family: POST /{seg}/bulk with a one-id list', async () => {
    const r = await runCli(['invoices', 'action', 'WJxbojagwO', '--action', 'mark_paid', '--yes', '--output', 'json'], {
      env: suite.env,
    })
    expect(r.code).to.equal(0)
    // The action once; then the read that names the payment mark_paid recorded.
    expect(suite.up.requests.map((q) => `${q.method} ${q.path}?${q.rawQuery}`)).to.deep.equal([
      'POST /api/v1/invoices/bulk?',
      'GET /api/v1/invoices/WJxbojagwO?include=payments',
    ])
    const [req] = suite.up.requests
    expect(req.json).to.deep.equal({action: 'mark_paid', ids: ['WJxbojagwO']})
    const payment = suite.up.records('payments').at(-1)!
    expect(payment).to.include({amount: 150})
    expect(r.stderr).to.equal(
      `marked paid invoice 0001 (id WJxbojagwO), 150.00; payment ${payment.number} (id ${payment.id}) of 150.00\n`,
    )
    expect(suite.up.records('invoices').find((i) => i.id === 'WJxbojagwO')).to.include({status_id: '4'})
  })
})
