/** Every verb of the routes table, end to end: the real bin/run.js against the stand-in upstream. */
import {mkdtempSync, readFileSync, writeFileSync, existsSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {fakePdf, type RecordedRequest} from '../support/upstream.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('resource commands against the stand-in upstream', () => {
  const suite = useUpstream()
  const only = (): RecordedRequest => {
    expect(suite.up.requests, 'exactly one request').to.have.length(1)
    return suite.up.requests[0]
  }

  it('list: GET /api/v1/{seg} with page, per_page, sort, raw filters and include; the upstream JSON unchanged', async () => {
    const r = await runCli(
      ['clients', 'list', '--page', '2', '--per-page', '1', '--sort', 'name|desc', '--filter', 'balance=gt:1000', '--filter', 'status=active', '--include', 'documents', '--output', 'json'],
      {env: suite.env},
    )
    expect(r.stderr).to.equal('')
    expect(r.code).to.equal(0)
    const req = only()
    expect(req.method).to.equal('GET')
    expect(req.path).to.equal('/api/v1/clients')
    expect(req.rawQuery).to.equal('page=2&per_page=1&sort=name|desc&balance=gt:1000&status=active&include=documents')
    expect(req.headers['x-api-token']).to.equal(suite.up.token)
    expect(req.headers['x-requested-with']).to.equal('XMLHttpRequest')
    expect(req.headers.accept).to.equal('application/json')
    expect(req.headers['content-type']).to.equal(undefined)
    expect(req.headers['user-agent']).to.match(/^invoicing-cli\/\d+\.\d+\.\d+$/)
    const doc = JSON.parse(r.stdout)
    expect(doc.meta.pagination).to.include({current_page: 2, per_page: 1})
    expect(r.stdout.trim().split('\n')).to.have.length(1)
  })

  it('list: a readable table by default, with the family columns', async () => {
    const r = await runCli(['clients', 'list'], {env: suite.env})
    expect(r.code).to.equal(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines[0]).to.match(/^ID\s+NUMBER\s+NAME\s+BALANCE/)
    expect(lines.slice(1).join('\n')).to.include('VolejRejNm').and.to.include('Acme Ltd')
    expect(r.stdout).not.to.include('\u001B[')
  })

  it('list --all: pages built by the client (page=N, sort=id|asc) until the last page, one merged document', async () => {
    suite.up.seed('products', Array.from({length: 45}, (_, i) => ({product_key: `P${String(i).padStart(3, '0')}`, price: i})))
    const r = await runCli(['products', 'list', '--all', '--per-page', '20', '--filter', 'status=active', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(suite.up.requests.map((q) => q.rawQuery)).to.deep.equal([
      'page=1&per_page=20&sort=id|asc&status=active',
      'page=2&per_page=20&sort=id|asc&status=active',
      'page=3&per_page=20&sort=id|asc&status=active',
    ])
    const doc = JSON.parse(r.stdout)
    expect(doc.data.map((p: {product_key: string}) => p.product_key)).to.deep.equal(Array.from({length: 45}, (_, i) => `P${String(i).padStart(3, '0')}`))
    expect(doc.meta.page_cap_reached).to.equal(false)
    expect(doc.meta.pages_fetched).to.equal(3)
  })

  it('list --all stops at the 100-page cap and says so in meta.page_cap_reached', async () => {
    suite.up.seed('vendors', Array.from({length: 102}, (_, i) => ({name: `V${i}`})))
    const r = await runCli(['vendors', 'list', '--all', '--per-page', '1', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(0)
    // Pages are fetched in a window of four, so they may arrive in any order: pages 1 to 100, each once.
    expect(suite.up.requests.map((q) => Number(q.query.page)).sort((a, b) => a - b)).to.deep.equal(Array.from({length: 100}, (_, i) => i + 1))
    const doc = JSON.parse(r.stdout)
    expect(doc.data).to.have.length(100)
    expect(doc.meta.page_cap_reached).to.equal(true)
  })

  it('list --limit stops fetching once N records are in hand, mid-page', async () => {
    suite.up.seed('tasks', Array.from({length: 50}, (_, i) => ({description: `T${i}`})))
    const r = await runCli(['tasks', 'list', '--limit', '25', '--per-page', '10', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(suite.up.requests.map((q) => q.query.page)).to.deep.equal(['1', '2', '3'])
    const doc = JSON.parse(r.stdout)
    expect(doc.data.map((t: {description: string}) => t.description)).to.deep.equal(Array.from({length: 25}, (_, i) => `T${i}`))
    expect(doc.meta.page_cap_reached).to.equal(false)
  })

  it('show: GET /api/v1/{seg}/{id} with include', async () => {
    const r = await runCli(['clients', 'show', 'VolejRejNm', '--include', 'activities', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(0)
    const req = only()
    expect([req.method, req.path, req.rawQuery]).to.deep.equal(['GET', '/api/v1/clients/VolejRejNm', 'include=activities'])
    expect(JSON.parse(r.stdout).data.name).to.equal('Acme Ltd')
  })

  it('show: a key/value view by default', async () => {
    const r = await runCli(['clients', 'show', 'VolejRejNm'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(r.stdout).to.match(/^id\s+VolejRejNm$/m)
    expect(r.stdout).to.match(/^name\s+Acme Ltd$/m)
  })

  it('a crafted id never reaches another route: refused before anything is sent', async () => {
    const r = await runCli(['clients', 'show', '../invoices?x=#'], {env: suite.env})
    expect(r.code).to.equal(2)
    expect(r.stderr).to.equal('Error: id "../invoices?x=#" is not valid: use only letters, digits, - and _ (upstream ids look like VolejRejNm)\n')
    expect(suite.up.requests).to.deep.equal([])
  })

  it('template: GET /api/v1/{seg}/create, edit-template: GET /api/v1/{seg}/{id}/edit', async () => {
    const t = await runCli(['invoices', 'template', '--output', 'json'], {env: suite.env})
    expect(t.code).to.equal(0)
    expect(JSON.parse(t.stdout).data.id).to.equal('')
    const e = await runCli(['invoices', 'edit-template', 'WJxbojagwO', '--output', 'json'], {env: suite.env})
    expect(e.code).to.equal(0)
    expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal(['GET /api/v1/invoices/create', 'GET /api/v1/invoices/WJxbojagwO/edit'])
  })

  it('create → show → update → delete round trip', async () => {
    const created = await runCli(
      ['invoices', 'create', '--client-id', 'VolejRejNm', '--number', '0042', '--date', '2026-11-01', '--line-item', 'product_key=A,quantity=2,cost=10', '--line-item', 'notes="a, b",cost=1.5', '--include', 'client', '--yes', '--output', 'json'],
      {env: suite.env},
    )
    expect(created.stderr).to.equal('')
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

    const updated = await runCli(['invoices', 'update', id, '--field', 'public_notes=Thanks', '--field', 'po_number="0042"', '--yes', '--output', 'json'], {env: suite.env})
    expect(updated.code).to.equal(0)
    const put = suite.up.requests[1]
    expect([put.method, put.path]).to.deep.equal(['PUT', `/api/v1/invoices/${id}`])
    expect(put.json).to.deep.equal({public_notes: 'Thanks', po_number: '0042'})

    const shown = await runCli(['invoices', 'show', id, '--output', 'json'], {env: suite.env})
    expect(JSON.parse(shown.stdout).data).to.include({public_notes: 'Thanks', client_id: 'VolejRejNm'})

    const deleted = await runCli(['invoices', 'delete', id, '--yes', '--output', 'json'], {env: suite.env})
    expect(deleted.code).to.equal(0)
    const del = suite.up.requests[3]
    expect([del.method, del.path, del.body.length]).to.deep.equal(['DELETE', `/api/v1/invoices/${id}`, 0])
    expect(JSON.parse(deleted.stdout).data.is_deleted).to.equal(true)
  })

  it('create with --data-file and --stdin sends the JSON as given', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-data-'))
    const file = join(dir, 'client.json')
    writeFileSync(file, '{"name":"From file","contacts":[{"email":"f@x.test"}]}')
    const a = await runCli(['clients', 'create', '--data-file', file, '--yes'], {env: suite.env})
    expect(a.code).to.equal(0)
    const b = await runCli(['clients', 'create', '--stdin', '--yes'], {env: suite.env, stdin: '{"name":"From stdin"}'})
    expect(b.code).to.equal(0)
    expect(suite.up.requests.map((q) => q.json)).to.deep.equal([{name: 'From file', contacts: [{email: 'f@x.test'}]}, {name: 'From stdin'}])
  })

  it('--field contacts.email=... makes the list the upstream accepts', async () => {
    const r = await runCli(['clients', 'create', '--name', 'Initech', '--field', 'contacts.email=pay@initech.test', '--field', 'settings.currency_id="1"', '--yes', '--output', 'json'], {env: suite.env})
    expect(r.stderr).to.equal('')
    expect(r.code).to.equal(0)
    expect(only().json).to.deep.equal({name: 'Initech', contacts: [{email: 'pay@initech.test'}], settings: {currency_id: '1'}})
  })

  it('bulk: POST /api/v1/{seg}/bulk with action and ids', async () => {
    const r = await runCli(['clients', 'bulk', '--action', 'archive', '--id', 'VolejRejNm', '--id', 'Opnel5aKBz', '--yes', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(0)
    const req = only()
    expect([req.method, req.path]).to.deep.equal(['POST', '/api/v1/clients/bulk'])
    expect(req.json).to.deep.equal({action: 'archive', ids: ['VolejRejNm', 'Opnel5aKBz']})
    expect(JSON.parse(r.stdout).data).to.have.length(2)
  })

  it('action on quotes, payments, purchase-orders, recurring-invoices, recurring-quotes: GET /{seg}/{id}/{action}', async () => {
    const r = await runCli(['quotes', 'action', 'Xy9kqR2mLb', '--action', 'approve', '--yes', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(0)
    const req = only()
    expect([req.method, req.path, req.body.length]).to.deep.equal(['GET', '/api/v1/quotes/Xy9kqR2mLb/approve', 0])
  })

  it('action on every other family: POST /{seg}/bulk with a one-id list', async () => {
    const r = await runCli(['invoices', 'action', 'WJxbojagwO', '--action', 'mark_paid', '--yes', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(0)
    const req = only()
    expect([req.method, req.path]).to.deep.equal(['POST', '/api/v1/invoices/bulk'])
    expect(req.json).to.deep.equal({action: 'mark_paid', ids: ['WJxbojagwO']})
    expect(suite.up.records('invoices').find((i) => i.id === 'WJxbojagwO')).to.include({status_id: '4'})
  })

  it('upload: multipart POST with _method=PUT and each file as documents[]', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-up-'))
    const a = join(dir, 'receipt.pdf')
    const b = join(dir, 'notes.txt')
    writeFileSync(a, Buffer.from([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 255]))
    writeFileSync(b, 'hello')
    const r = await runCli(['clients', 'upload', 'VolejRejNm', '--file', a, '--file', b, '--yes', '--output', 'json'], {env: suite.env})
    expect(r.stderr).to.equal('')
    expect(r.code).to.equal(0)
    const req = only()
    expect([req.method, req.path]).to.deep.equal(['POST', '/api/v1/clients/VolejRejNm/upload'])
    expect(String(req.headers['content-type'])).to.match(/^multipart\/form-data; boundary=/)
    expect(req.parts!.map((p) => [p.name, p.filename ?? null, p.data.toString('hex')])).to.deep.equal([
      ['_method', null, Buffer.from('PUT').toString('hex')],
      ['documents[]', 'receipt.pdf', readFileSync(a).toString('hex')],
      ['documents[]', 'notes.txt', Buffer.from('hello').toString('hex')],
    ])
    expect(JSON.parse(r.stdout).data.documents).to.have.length(2)
  })

  it('download: GET /api/v1/{singular}/{key}/download, the bytes written unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-dl-'))
    const out = join(dir, 'quote.pdf')
    const r = await runCli(['quotes', 'download', 'quokey0001acme', '--output-file', out], {env: suite.env})
    expect(r.code).to.equal(0)
    const req = only()
    expect([req.method, req.path]).to.deep.equal(['GET', '/api/v1/quote/quokey0001acme/download'])
    expect(readFileSync(out).equals(fakePdf('quokey0001acme'))).to.equal(true)
    expect(r.stdout).to.equal('')
  })

  it('download to - writes the bytes to stdout unchanged', async () => {
    const r = await runCli(['invoices', 'download', 'invkey0001acme', '--output-file', '-'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(only().path).to.equal('/api/v1/invoice/invkey0001acme/download')
    expect(r.stdoutBytes.equals(fakePdf('invkey0001acme'))).to.equal(true)
  })

  it('download with a bad key: exit 1, the upstream message, no file left behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-dl-'))
    const out = join(dir, 'x.pdf')
    const r = await runCli(['quotes', 'download', 'nope', '--output-file', out], {env: suite.env})
    expect(r.code).to.equal(1)
    expect(r.stderr).to.equal('Error: upstream answered 400: Invalid invitation key\n')
    expect(existsSync(out)).to.equal(false)
  })

  it('statics: GET /api/v1/statics', async () => {
    const r = await runCli(['statics', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(`${only().method} ${only().path}`).to.equal('GET /api/v1/statics')
    expect(JSON.parse(r.stdout)).to.have.property('currencies')
  })

  it('users: X-API-PASSWORD from CLI_API_PASSWORD; without it the 412 says what to do', async () => {
    const ok = await runCli(['users', 'list', '--output', 'json'], {env: {...suite.env, CLI_API_PASSWORD: 'secret-pass'}})
    expect(ok.code).to.equal(0)
    expect(suite.up.requests[0].headers['x-api-password']).to.equal('secret-pass')
    const no = await runCli(['users', 'list'], {env: suite.env})
    expect(no.code).to.equal(1)
    expect(no.stderr).to.equal('Error: upstream answered 412: Invalid Password (this route is password-protected: set CLI_API_PASSWORD)\n')
    const other = await runCli(['clients', 'list', '--output', 'json'], {env: {...suite.env, CLI_API_PASSWORD: 'secret-pass'}})
    expect(other.code).to.equal(0)
    expect(suite.up.requests[2].headers['x-api-password'], 'the password goes only to protected routes').to.equal(undefined)
  })

  it('a base URL that already ends in /api/v1 is not doubled', async () => {
    const r = await runCli(['clients', 'show', 'VolejRejNm', '--output', 'json'], {env: {...suite.env, CLI_BASE_URL: `${suite.up.url}/api/v1/`}})
    expect(r.code).to.equal(0)
    expect(only().path).to.equal('/api/v1/clients/VolejRejNm')
  })

  it('--base-url wins over CLI_BASE_URL', async () => {
    const r = await runCli(['clients', 'show', 'VolejRejNm', '--base-url', suite.up.url, '--output', 'json'], {env: {...suite.env, CLI_BASE_URL: 'http://127.0.0.1:9'}})
    expect(r.code).to.equal(0)
    expect(suite.up.requests).to.have.length(1)
  })
})
