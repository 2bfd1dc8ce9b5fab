/**
 * The routes people use from the web UI beyond CRUD (issue 33): notes and activity of a record, e-mail history, the
 * current company and its logo, the preview of an unsaved document, a token made default, a webhook retried, a
 * user's mailer disconnected or the user detached, a client's documents, a bank transaction matched, and the timer
 * and schedule started on save. Each asserts what the stand-in received, the exit code and what changed.
 */
import {mkdtempSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {DEFAULT_PASSWORD, fakePdf} from '../support/upstream.js'
import {useOperationsUpstream} from './operations-suite.js'

describe('record routes beyond CRUD', () => {
  const {suite, sent, json} = useOperationsUpstream()
  const run = (args: string[], env: Record<string, string> = {}) => runCli(args, {env: {...suite.env, ...env}})
  beforeEach(() => {
    suite.up.seed('companies', [{id: 'Co4mP7xQa1', settings: {name: 'Stand-in Co'}}])
    suite.up.seed('client_gateway_tokens', [{id: 'Cg2tK6yNp8', client_id: 'VolejRejNm', is_default: false}])
    suite.up.seed('bank_transactions', [{id: 'Bt5hJ9wRz2', amount: 100, status_id: '1'}])
    suite.up.seed('users', [{id: 'Us4rE8wQa3', first_name: 'Ada', email: 'ada@example.test'}])
    suite.up.seed('webhooks', [{id: 'Wh6tY1uIo5', event_id: '1', target_url: 'https://example.test/hook'}])
  })

  it('note: POST /activities/notes once, with --yes; without it exit 3 and nothing sent', async () => {
    const guarded = await run(['invoices', 'note', 'WJxbojagwO', 'Paying Friday'])
    expect(guarded.code).to.equal(3)
    expect(suite.up.requests).to.deep.equal([])
    const r = await run(['invoices', 'note', 'WJxbojagwO', 'Paying Friday', '--yes'])
    expect(r.code, r.stderr).to.equal(0)
    expect(sent()).to.deep.equal(['POST /api/v1/activities/notes'])
    expect(json()).to.deep.equal([{entity: 'invoices', entity_id: 'WJxbojagwO', notes: 'Paying Friday'}])
    expect(r.stderr).to.match(/added a note to invoice/)
    const notes = suite.up.records('activities').filter((a) => a.notes === 'Paying Friday')
    expect(notes).to.have.length(1)
    expect(notes[0]).to.include({invoice_id: 'WJxbojagwO'})
  })

  it('activity: POST /activities/entity with the model name; --rows sent only when given', async () => {
    await run(['clients', 'note', 'VolejRejNm', 'Called', '--yes', '-q'])
    suite.up.requests.length = 0
    const r = await run(['clients', 'activity', 'VolejRejNm', '--rows', '5', '-o', 'json'])
    expect(r.code, r.stderr).to.equal(0)
    expect(sent()).to.deep.equal(['POST /api/v1/activities/entity'])
    expect(json()).to.deep.equal([{entity: 'client', entity_id: 'VolejRejNm', rows: 5}])
    expect((JSON.parse(r.stdout) as {data: Array<{notes: string}>}).data.map((a) => a.notes)).to.deep.equal(['Called'])
  })

  it("emails: a client's history by its route, a document's by entityHistory", async () => {
    expect((await run(['clients', 'emails', 'VolejRejNm', '-o', 'json'])).code).to.equal(0)
    expect((await run(['quotes', 'emails', 'Xy9kqR2mLb', '-o', 'json'])).code).to.equal(0)
    expect(sent()).to.deep.equal(['POST /api/v1/emails/clientHistory/VolejRejNm', 'POST /api/v1/emails/entityHistory'])
    expect(json()).to.deep.equal([undefined, {entity: 'quote', entity_id: 'Xy9kqR2mLb'}])
  })

  it('companies current and logo: reads, no --yes; the logo saved to --output-file', async () => {
    const current = await run(['companies', 'current', '-o', 'json'])
    expect(current.code, current.stderr).to.equal(0)
    expect(JSON.parse(current.stdout).data).to.include({id: 'Co4mP7xQa1'})
    const out = join(mkdtempSync(join(tmpdir(), 'cli-logo-')), 'logo.png')
    const logo = await run(['companies', 'logo', 'Co4mP7xQa1', '--output-file', out])
    expect(logo.code, logo.stderr).to.equal(0)
    expect(readFileSync(out).subarray(1, 4).toString()).to.equal('PNG')
    expect(sent()).to.deep.equal(['POST /api/v1/companies/current', 'GET /api/v1/companies/Co4mP7xQa1/logo'])
  })

  it('preview: the PDF of an unsaved document from the create flags; nothing saved', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'cli-preview-')), 'preview.pdf')
    const before = suite.up.records('quotes').length
    const r = await run([
      'quotes',
      'preview',
      '--client-id',
      'VolejRejNm',
      '--line-item',
      'product_key=WIDGET,quantity=2,cost=10',
      '--output-file',
      out,
    ])
    expect(r.code, r.stderr).to.equal(0)
    expect(sent()).to.deep.equal(['POST /api/v1/live_preview?entity=quote'])
    expect(json()).to.deep.equal([
      {client_id: 'VolejRejNm', line_items: [{product_key: 'WIDGET', quantity: 2, cost: 10}]},
    ])
    expect(readFileSync(out).equals(fakePdf('quote preview'))).to.equal(true)
    expect(suite.up.records('quotes')).to.have.length(before)
  })

  it('preview without --output-file: exit 2 saying where the PDF goes, nothing sent', async () => {
    const r = await run(['invoices', 'preview', '--client-id', 'VolejRejNm', '--dry-run'])
    expect(r.code).to.equal(2)
    expect(r.stderr).to.equal('Error: invoices preview writes a file: give --output-file PATH (- for stdout)\n')
    expect(r.stdout).to.equal('')
    expect(suite.up.requests).to.deep.equal([])
  })

  it('preview of a purchase order: its own route; no party: the 422 names it, exit 1, no file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-preview-'))
    const r = await run([
      'purchase-orders',
      'preview',
      '--field',
      'public_notes=x',
      '--output-file',
      join(dir, 'p.pdf'),
    ])
    expect(r.code).to.equal(1)
    expect(r.stderr).to.match(/vendor_id: The vendor id field is required/)
    expect(sent()).to.deep.equal(['POST /api/v1/live_preview/purchase_order'])
  })

  it('set-default, retry, disconnect-mailer, detach: each sent once to its route, with --yes', async () => {
    const runs = [
      ['client-gateway-tokens', 'set-default', 'Cg2tK6yNp8'],
      ['webhooks', 'retry', 'Wh6tY1uIo5', '--entity', 'invoice', '--entity-id', 'WJxbojagwO'],
      ['users', 'disconnect-mailer', 'Us4rE8wQa3'],
      ['users', 'detach', 'Us4rE8wQa3', '--include', 'company_user'],
    ]
    for (const args of runs) {
      const r = await run([...args, '--yes', '-q'], {CLI_API_PASSWORD: DEFAULT_PASSWORD})
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).to.equal(0)
    }
    expect(sent()).to.deep.equal([
      'POST /api/v1/client_gateway_tokens/Cg2tK6yNp8/setAsDefault',
      'POST /api/v1/webhooks/Wh6tY1uIo5/retry',
      'POST /api/v1/users/Us4rE8wQa3/disconnect_mailer',
      'DELETE /api/v1/users/Us4rE8wQa3/detach_from_company?include=company_user',
    ])
    expect(json()[1]).to.deep.equal({entity: 'invoice', entity_id: 'WJxbojagwO'})
    expect(suite.up.outbox()).to.deep.equal([{segment: 'webhooks', id: 'Wh6tY1uIo5', action: 'retry'}])
    expect(suite.up.records('users').map((u) => u.id)).to.not.include('Us4rE8wQa3')
  })

  it('retry without --entity, or one the server does not know: exit 2, nothing sent', async () => {
    const missing = await run(['webhooks', 'retry', 'Wh6tY1uIo5', '--entity-id', 'WJxbojagwO', '--yes'])
    expect(missing.code).to.equal(2)
    const bad = await run(['webhooks', 'retry', 'Wh6tY1uIo5', '--entity', 'x', '--entity-id', 'WJxbojagwO', '--yes'])
    expect(bad.code).to.equal(2)
    expect(bad.stderr).to.match(/^Error: --entity must be one of client, credit, invoice/)
    expect(suite.up.requests).to.deep.equal([])
  })

  it("clients documents: the client's documents, a POST that changes nothing (no --yes)", async () => {
    const r = await run(['clients', 'documents', 'VolejRejNm', '-o', 'json'])
    expect(r.code, r.stderr).to.equal(0)
    expect(sent()).to.deep.equal(['POST /api/v1/clients/VolejRejNm/documents'])
  })

  it('bank-transactions match: one transaction, the keys asked for', async () => {
    const r = await run([
      'bank-transactions',
      'match',
      'Bt5hJ9wRz2',
      '--invoice-ids',
      'WJxbojagwO',
      '--yes',
      '-o',
      'json',
    ])
    expect(r.code, r.stderr).to.equal(0)
    expect(sent()).to.deep.equal(['POST /api/v1/bank_transactions/match'])
    expect(json()).to.deep.equal([{transactions: [{id: 'Bt5hJ9wRz2', invoice_ids: 'WJxbojagwO'}]}])
    // The server answers a list response: the matched transactions, one page, with its pagination.
    const answer = JSON.parse(r.stdout) as {data: {id: string}[]; meta: {pagination: {total: number}}}
    expect(answer.data.map((t) => t.id)).to.deep.equal(['Bt5hJ9wRz2'])
    expect(answer.meta.pagination).to.include({total: 1, count: 1, per_page: 20, current_page: 1})
  })

  it('tasks create --start: an empty task with its timer running; update --stop stops it', async () => {
    const r = await run(['tasks', 'create', '--start', '--yes', '-o', 'json'])
    expect(r.code, r.stderr).to.equal(0)
    const id = (JSON.parse(r.stdout) as {data: {id: string}}).data.id
    expect(sent()[0]).to.equal('POST /api/v1/tasks?start=true')
    expect(json()[0]).to.deep.equal({})
    expect(suite.up.records('tasks').find((t) => t.id === id)).to.include({is_running: true})
    const stop = await run(['tasks', 'update', id, '--stop', '--yes', '-q'])
    expect(stop.code, stop.stderr).to.equal(0)
    expect(sent().filter((s) => s.startsWith('PUT'))).to.deep.equal([`PUT /api/v1/tasks/${id}?stop=true`])
    expect(suite.up.records('tasks').find((t) => t.id === id)).to.include({is_running: false})
  })

  it('tasks create --action start: ?action=start (the task reads action from its query); --action stop stops it', async () => {
    const r = await run([
      'tasks',
      'create',
      '--field',
      'description=Review',
      '--action',
      'start',
      '--yes',
      '-o',
      'json',
    ])
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stderr).to.match(/^created task \d+ \(id \w+\)\n$/)
    const id = (JSON.parse(r.stdout) as {data: {id: string}}).data.id
    expect(sent()).to.deep.equal(['POST /api/v1/tasks?action=start'])
    expect(json()).to.deep.equal([{description: 'Review'}])
    expect(suite.up.records('tasks').find((t) => t.id === id)).to.include({is_running: true})
    const stop = await run(['tasks', 'update', id, '--field', 'description=Done', '--action', 'stop', '--yes', '-q'])
    expect(stop.code, stop.stderr).to.equal(0)
    expect(sent().filter((s) => s.startsWith('PUT'))).to.deep.equal([`PUT /api/v1/tasks/${id}?action=stop`])
    expect(suite.up.records('tasks').find((t) => t.id === id)).to.include({is_running: false, description: 'Done'})
    expect(suite.up.records('tasks').filter((t) => t.description !== undefined)).to.have.length(1)
  })

  it('recurring-expenses create --start: ?start=true; the schedule is active', async () => {
    const r = await run([
      'recurring-expenses',
      'create',
      '--vendor-id',
      'Vn2cR5sYt8',
      '--amount',
      '10',
      '--field',
      'frequency_id=5',
      '--start',
      '--yes',
      '-o',
      'json',
    ])
    expect(r.code, r.stderr).to.equal(0)
    expect(sent()[0]).to.equal('POST /api/v1/recurring_expenses?start=true')
    expect(JSON.parse(r.stdout).data).to.include({status_id: '2'})
  })
})
