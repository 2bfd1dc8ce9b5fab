/** The journal and undo: history in every format, 20 concurrent writers, undo of an update, an archive and a create. */
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'
import YAML from 'yaml'

import {makeHome, runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

const INVOICE = 'WJxbojagwO'

describe('the journal, history and undo', () => {
  const suite = useUpstream()
  let home: ReturnType<typeof makeHome>
  const cli = (args: string[]) => runCli(args, {env: suite.env, home: home.home})
  const journalLines = () =>
    readFileSync(join(home.home, '.local', 'state', 'invoicing-cli', 'journal.jsonl'), 'utf8')
      .trim()
      .split('\n')
  const newest = async () => {
    const r = await cli(['history', '--limit', '1', '--output', 'json'])
    return JSON.parse(r.stdout).data[0] as {id: string; [key: string]: unknown}
  }
  const changes = () => suite.up.requests.filter((r) => r.method !== 'GET')
  const invoice = () => suite.up.records('invoices').find((r) => r.id === INVOICE)!

  beforeEach(() => {
    home = makeHome()
  })
  afterEach(() => home.cleanup())

  it('history lists every change, newest first, in every output format, with filters', async () => {
    expect((await cli(['invoices', 'update', INVOICE, '--field', 'po_number=PO-1', '--yes'])).code).to.equal(0)
    expect((await cli(['clients', 'create', '--name', 'Initech', '--yes'])).code).to.equal(0)
    const json = await cli(['history', '--output', 'json'])
    expect(json.code, json.stderr).to.equal(0)
    const entries = JSON.parse(json.stdout).data as Array<Record<string, unknown>>
    expect(entries.map((e) => [e.family, e.verb, e.method, e.source])).to.deep.equal([
      ['clients', 'create', 'POST', 'cli'],
      ['invoices', 'update', 'PUT', 'cli'],
    ])
    const [created, updated] = entries
    expect(created.ids).to.deep.equal([suite.up.records('clients').at(-1)!.id])
    expect(updated).to.include({host: new URL(suite.up.url).host, profile: 'default'})
    expect(String(updated.id)).to.match(/^[0-9a-f]{10}$/)

    const ids = await cli(['history', '--output', 'ids'])
    expect(ids.stdout).to.equal(`${created.id}\n${updated.id}\n`)
    const ndjson = await cli(['history', '--output', 'ndjson'])
    expect(
      ndjson.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).to.deep.equal([created.id, updated.id])
    const csv = await cli(['history', '--output', 'csv'])
    expect(csv.stdout.split('\r\n')[0]).to.equal('id,time,source,profile,family,verb,method,path,ids,outcome.status')
    // Read back, not searched: an id such as e136520645 or 1234567890 is written quoted (YAML 1.1 reads a number).
    const yaml = await cli(['history', '--output', 'yaml'])
    const fromYaml = YAML.parse(yaml.stdout) as {data: Array<{id: unknown}>}
    expect(fromYaml.data.map((e) => e.id)).to.deep.equal([created.id, updated.id])
    const table = await cli(['history'])
    expect(table.stdout).to.include(String(updated.id)).and.include(`/api/v1/invoices/${INVOICE}`)

    const filtered = await cli(['history', '--family', 'invoices', '--output', 'ids'])
    expect(filtered.stdout).to.equal(`${updated.id}\n`)
    expect((await cli(['history', '--limit', '1', '--output', 'ids'])).stdout).to.equal(`${created.id}\n`)
    expect((await cli(['history', '--since', '2999-01-01', '--output', 'ids'])).stdout).to.equal('')
    const bad = await cli(['history', '--since', 'yesterday'])
    expect(bad.code).to.equal(2)
  })

  it('20 concurrent writers leave 20 whole entries', async function () {
    this.timeout(120_000)
    const runs = await Promise.all(
      Array.from({length: 20}, (_, i) => cli(['clients', 'create', '--name', `Writer ${i}`, '--yes', '--quiet'])),
    )
    expect(runs.map((r) => r.code)).to.deep.equal(Array.from({length: 20}, () => 0))
    const entries = journalLines().map((l) => JSON.parse(l) as {id: string; body: {name: string}})
    expect(entries).to.have.length(20)
    expect(new Set(entries.map((e) => e.id)).size).to.equal(20)
    expect(entries.map((e) => e.body.name).sort()).to.deep.equal(
      Array.from({length: 20}, (_, i) => `Writer ${i}`).sort(),
    )
  })

  it('undo of an update puts the former values back, once', async () => {
    const was = invoice()
    await cli(['invoices', 'update', INVOICE, '--field', 'due_date=2024-03-01', '--field', 'po_number=PO-9', '--yes'])
    expect(invoice()).to.include({due_date: '2024-03-01', po_number: 'PO-9'})
    const entry = await newest()
    suite.up.requests.length = 0
    const refused = await cli(['undo', entry.id])
    expect(refused.code).to.equal(3)
    expect(suite.up.requests).to.have.length(0)
    const dry = await cli(['undo', entry.id, '--dry-run', '--output', 'json'])
    expect(dry.code, dry.stderr).to.equal(0)
    expect(JSON.parse(dry.stdout).request.body).to.deep.equal({due_date: '2024-02-14', po_number: null})
    expect(changes()).to.have.length(0)

    const undone = await cli(['undo', entry.id, '--yes'])
    expect(undone.code, undone.stderr).to.equal(0)
    expect(changes().map((r) => [r.method, r.path, r.json])).to.deep.equal([
      ['PUT', `/api/v1/invoices/${INVOICE}`, {due_date: '2024-02-14', po_number: null}],
    ])
    expect(invoice()).to.include({due_date: was.due_date, po_number: null})
    const last = await newest()
    expect(last).to.include({source: 'undo', undoes: entry.id, method: 'PUT'})
  })

  it('undo of an archive restores the record; of a create deletes it', async () => {
    await cli(['invoices', 'bulk', '--action', 'archive', '--id', INVOICE, '--yes'])
    expect(invoice().archived_at).to.be.above(0)
    const archived = await newest()
    suite.up.requests.length = 0
    const restored = await cli(['undo', archived.id, '--yes'])
    expect(restored.code, restored.stderr).to.equal(0)
    expect(changes().map((r) => [r.method, r.path, r.json])).to.deep.equal([
      ['POST', '/api/v1/invoices/bulk', {action: 'restore', ids: [INVOICE]}],
    ])
    expect(invoice()).to.include({archived_at: 0, is_deleted: false})

    await cli(['clients', 'create', '--name', 'Short-lived', '--yes'])
    const created = await newest()
    const id = (created.ids as string[])[0]
    suite.up.requests.length = 0
    const deleted = await cli(['undo', created.id, '--yes'])
    expect(deleted.code, deleted.stderr).to.equal(0)
    expect(changes().map((r) => `${r.method} ${r.path}`)).to.deep.equal([`DELETE /api/v1/clients/${id}`])
    expect(suite.up.records('clients').find((c) => c.id === id)).to.include({is_deleted: true})
  })

  it('an e-mail sent cannot be undone: exit 2, nothing sent', async () => {
    await cli(['invoices', 'action', INVOICE, '--action', 'email', '--yes'])
    expect(suite.up.outbox()).to.have.length(1)
    const entry = await newest()
    suite.up.requests.length = 0
    const r = await cli(['undo', entry.id, '--yes'])
    expect(r.code).to.equal(2)
    expect(r.stderr).to.match(/cannot be undone: it sent an e-mail, which cannot be unsent/)
    expect(suite.up.requests).to.have.length(0)
    expect(suite.up.outbox()).to.have.length(1)
  })

  it('a record changed since the entry: exit 2 unless --force', async () => {
    await cli(['invoices', 'update', INVOICE, '--field', 'po_number=PO-2', '--yes'])
    const entry = await newest()
    suite.up.changeAfterRead('invoices', INVOICE, {po_number: 'someone else'})
    await cli(['invoices', 'show', INVOICE])
    suite.up.requests.length = 0
    const refused = await cli(['undo', entry.id, '--yes'])
    expect(refused.code).to.equal(2)
    expect(refused.stderr).to.include(`invoices ${INVOICE} changed since`)
    expect(changes()).to.have.length(0)
    const forced = await cli(['undo', entry.id, '--yes', '--force'])
    expect(forced.code, forced.stderr).to.equal(0)
    expect(changes().map((r) => r.json)).to.deep.equal([{po_number: null}])
  })
})
