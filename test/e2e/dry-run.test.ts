/** Dry runs: the request printed, nothing sent, the token never shown; they work with no configuration. */
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

const PLACEHOLDER = 'https://invoicing.example'

describe('--dry-run', () => {
  const suite = useUpstream()
  afterEach(() => expect(suite.up.requests, 'a dry run sends nothing').to.deep.equal([]))

  it('the token typed into a filter, a field or a path is [REDACTED] too, as in every live answer', async () => {
    const token = suite.up.token
    const list = await runCli(['invoices', 'list', '--filter', `number=${token}`, '--dry-run'], {env: suite.env})
    // A table names each invoice's client: the list asks the server to include it.
    expect(list.stdout).to.equal(`GET ${suite.up.url}/api/v1/invoices?number=[REDACTED]&include=client\n`)
    const update = await runCli(
      ['invoices', 'update', 'WJxbojagwO', '--field', `public_notes=${token}`, '--dry-run', '-o', 'json'],
      {env: suite.env},
    )
    expect(JSON.parse(update.stdout).request.body).to.deep.equal({public_notes: '[REDACTED]'})
    const api = await runCli(['api', 'GET', `invoices/${token}`, '--dry-run'], {env: suite.env})
    expect(api.stdout).to.equal(`GET ${suite.up.url}/api/v1/invoices/[REDACTED]\n`)
    for (const r of [list, update, api]) expect(r.stdout + r.stderr).not.to.include(token)
  })

  it('with --output json: exactly one document {dry_run, request:{method,url,headers,body}}, the token [REDACTED]', async () => {
    const r = await runCli(
      [
        'invoices',
        'create',
        '--client-id',
        'VolejRejNm',
        '--line-item',
        'product_key=A,quantity=2,cost=10',
        '--include',
        'client',
        '--dry-run',
        '--output',
        'json',
      ],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal('')
    expect(JSON.parse(r.stdout)).to.deep.equal({
      dry_run: true,
      request: {
        method: 'POST',
        url: `${suite.up.url}/api/v1/invoices?include=client`,
        headers: {
          'X-API-TOKEN': '[REDACTED]',
          'X-Requested-With': 'XMLHttpRequest',
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'User-Agent': JSON.parse(r.stdout).request.headers['User-Agent'],
        },
        body: {client_id: 'VolejRejNm', line_items: [{product_key: 'A', quantity: 2, cost: 10}]},
      },
    })
    expect(JSON.parse(r.stdout).request.headers['User-Agent']).to.match(/^invoicing-cli\//)
    expect(r.stdout).not.to.include(suite.up.token)
  })

  it('without --output json: the method and URL on one line, then the body, readable', async () => {
    const r = await runCli(['clients', 'update', 'VolejRejNm', '--field', 'name=Acme', '--dry-run'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(r.stdout).to.equal(`PUT ${suite.up.url}/api/v1/clients/VolejRejNm\n{\n  "name": "Acme"\n}\n`)
    expect(r.stdout + r.stderr).not.to.include(suite.up.token)
  })

  it('works with no configuration at all, against a placeholder base URL', async () => {
    const r = await runCli([
      'invoices',
      'list',
      '--filter',
      'client_status=overdue',
      '--sort',
      'number|desc',
      '--dry-run',
      '--output',
      'json',
    ])
    expect(r.code).to.equal(0)
    const doc = JSON.parse(r.stdout)
    expect(doc.request.url).to.equal(`${PLACEHOLDER}/api/v1/invoices?sort=number|desc&client_status=overdue`)
    expect(doc.request.headers).not.to.have.property('X-API-TOKEN')
    expect(doc.request.body).to.equal(null)
  })

  it('a GET shows body null; a list with --all shows the first page', async () => {
    const r = await runCli(['quotes', 'list', '--all', '--per-page', '50', '--dry-run', '--output', 'json'])
    expect(r.code).to.equal(0)
    expect(JSON.parse(r.stdout).request).to.deep.include({
      method: 'GET',
      url: `${PLACEHOLDER}/api/v1/quotes?page=1&per_page=50&sort=id|asc`,
      body: null,
    })
    expect(r.stderr).to.equal('dry run: shows the first page; further pages differ only in page=N\n')
  })

  it('uploads describe the multipart parts: field names, file names, sizes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-dry-'))
    const file = join(dir, 'scan.png')
    writeFileSync(file, Buffer.alloc(1234, 7))
    const r = await runCli([
      'expenses',
      'upload',
      'Abc1230000',
      '--file',
      file,
      '--public',
      '--dry-run',
      '--output',
      'json',
    ])
    expect(r.code).to.equal(0)
    const {request} = JSON.parse(r.stdout)
    expect(request.method).to.equal('POST')
    expect(request.url).to.equal(`${PLACEHOLDER}/api/v1/expenses/Abc1230000/upload`)
    expect(request.headers['Content-Type']).to.equal('multipart/form-data')
    expect(request.body).to.deep.equal({
      multipart: [
        {name: '_method', value: 'PUT'},
        {name: 'is_public', value: 'true'},
        {name: 'documents[]', filename: 'scan.png', size: 1234},
      ],
    })
  })

  it('users: X-API-PASSWORD shown as [REDACTED] when set', async () => {
    const r = await runCli(['users', 'show', 'U1', '--dry-run', '--output', 'json'], {
      env: {CLI_API_PASSWORD: 'hunter22', CLI_API_TOKEN: 'tok-abcdef'},
    })
    expect(r.code).to.equal(0)
    expect(JSON.parse(r.stdout).request.headers).to.include({
      'X-API-TOKEN': '[REDACTED]',
      'X-API-PASSWORD': '[REDACTED]',
    })
    expect(r.stdout).not.to.include('hunter22')
    expect(r.stdout).not.to.include('tok-abcdef')
  })

  it('download and statics dry runs', async () => {
    const d = await runCli([
      'purchase-orders',
      'download',
      'pokey0001paperQ7fK2mW9xR4tB8nL3p',
      '--output-file',
      '-',
      '--dry-run',
    ])
    expect(d.code).to.equal(0)
    expect(d.stdout).to.equal(`GET ${PLACEHOLDER}/api/v1/purchase_order/pokey0001paperQ7fK2mW9xR4tB8nL3p/download\n`)
    const s = await runCli(['statics', '--dry-run'])
    expect(s.stdout).to.equal(`GET ${PLACEHOLDER}/api/v1/statics\n`)
  })

  it('action dry runs show the route each family uses', async () => {
    const get = await runCli(['recurring-invoices', 'action', 'Ri00000001', '--action', 'start', '--dry-run'])
    expect(get.stdout).to.equal(`GET ${PLACEHOLDER}/api/v1/recurring_invoices/Ri00000001/start\n`)
    const bulk = await runCli([
      'bank-transactions',
      'action',
      'Bt00000001',
      '--action',
      'archive',
      '--dry-run',
      '--output',
      'json',
    ])
    expect(JSON.parse(bulk.stdout).request).to.deep.include({
      method: 'POST',
      url: `${PLACEHOLDER}/api/v1/bank_transactions/bulk`,
      body: {action: 'archive', ids: ['Bt00000001']},
    })
  })
})
