/** Saved plans: --save-plan sends nothing, plan show reads it, apply sends it once or exits 6 when it went stale. */
import {mkdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {makeHome, runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

const INVOICE = 'WJxbojagwO'

describe('saved plans and apply', () => {
  const suite = useUpstream()
  let home: ReturnType<typeof makeHome>
  let file: string
  const cli = (args: string[], env: Record<string, string> = {}) =>
    runCli(args, {env: {...suite.env, ...env}, home: home.home})
  const journal = () =>
    readFileSync(join(home.home, '.local', 'state', 'invoicing-cli', 'journal.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
  const changes = () => suite.up.requests.filter((r) => r.method !== 'GET')

  beforeEach(() => {
    home = makeHome()
    file = join(home.home, 'notes.plan.json')
  })
  afterEach(() => home.cleanup())

  const save = () => cli(['invoices', 'update', INVOICE, '--field', 'public_notes=Planned', '--save-plan', file])

  it('--save-plan sends no change: the file holds the exact request, the target read and no secret', async () => {
    const saved = await save()
    expect(saved.code, saved.stderr).to.equal(0)
    expect(saved.stdout).to.equal('')
    expect(saved.stderr).to.match(
      /^saved the plan to .*notes\.plan\.json: 1 request, 1 record to check; nothing was sent/,
    )
    // Only the read of the target record reached the server.
    expect(suite.up.requests.map((r) => `${r.method} ${r.path}`)).to.deep.equal([`GET /api/v1/invoices/${INVOICE}`])
    const text = readFileSync(file, 'utf8')
    expect(text).not.to.include(suite.up.token)
    const plan = JSON.parse(text)
    expect(plan).to.include({format: 'invoicing-cli/plan@1', profile: 'default', base_url: suite.up.url})
    expect(plan.requests).to.deep.equal([
      {
        method: 'PUT',
        path: `/api/v1/invoices/${INVOICE}`,
        query: [],
        body: {public_notes: 'Planned'},
        record: {family: 'invoices', ids: [INVOICE]},
      },
    ])
    const record = suite.up.records('invoices').find((r) => r.id === INVOICE)!
    expect(plan.targets).to.deep.equal([
      {
        family: 'invoices',
        id: INVOICE,
        path: `/api/v1/invoices/${INVOICE}`,
        updated_at: record.updated_at,
        sha256: plan.targets[0].sha256,
      },
    ])
    expect(plan.targets[0].sha256).to.match(/^[0-9a-f]{64}$/)
    expect(plan.sha256).to.match(/^[0-9a-f]{64}$/)

    const shown = await cli(['plan', 'show', file])
    expect(shown.code).to.equal(0)
    expect(shown.stdout).to.include(
      `1. PUT ${suite.up.url}/api/v1/invoices/${INVOICE}\n     {"public_notes":"Planned"}`,
    )
    expect(shown.stdout).to.include(`invoices ${INVOICE}, updated_at ${record.updated_at}`)
    expect(changes()).to.have.length(0)
  })

  it('apply without --yes exits 3 and reads nothing; with --yes sends the request once, as the command would', async () => {
    await save()
    // Not reset(): that seeds the records again, with a new updated_at.
    suite.up.requests.length = 0
    const refused = await cli(['apply', file])
    expect(refused.code).to.equal(3)
    expect(suite.up.requests).to.have.length(0)

    const applied = await cli(['apply', file, '--yes', '--output', 'json'])
    expect(applied.code, applied.stderr).to.equal(0)
    expect(JSON.parse(applied.stdout).data).to.include({id: INVOICE, public_notes: 'Planned'})
    expect(changes().map((r) => [r.method, r.path, r.rawQuery, r.json])).to.deep.equal([
      ['PUT', `/api/v1/invoices/${INVOICE}`, '', {public_notes: 'Planned'}],
    ])

    // Applied once: a second apply is stale (the journal holds it), nothing sent.
    suite.up.requests.length = 0
    const again = await cli(['apply', file, '--yes'])
    expect(again.code).to.equal(6)
    expect(again.stderr).to.match(/^Error: stale plan: it was applied already \(journal entry [0-9a-f]{10}, /)
    expect(suite.up.requests).to.have.length(0)

    // The same change by the command itself: the same request.
    suite.up.requests.length = 0
    await cli(['invoices', 'update', INVOICE, '--field', 'public_notes=Planned', '--yes'])
    expect(changes().map((r) => [r.method, r.path, r.rawQuery, r.json])).to.deep.equal([
      ['PUT', `/api/v1/invoices/${INVOICE}`, '', {public_notes: 'Planned'}],
    ])

    const [fromApply, fromCommand] = journal()
    const plan = JSON.parse(readFileSync(file, 'utf8'))
    expect(fromApply).to.include({
      source: 'apply',
      family: 'invoices',
      verb: 'update',
      method: 'PUT',
      plan_sha256: plan.sha256,
    })
    expect(fromCommand).to.include({source: 'cli', family: 'invoices', verb: 'update', method: 'PUT'})
    expect(fromCommand.outcome).to.deep.equal({status: 200, ok: true})
  })

  it('a target changed since: exit 6, naming it, nothing sent', async () => {
    await save()
    // Someone else saves the invoice (its updated_at moves on) after the next read.
    suite.up.changeAfterRead('invoices', INVOICE, {public_notes: 'changed by someone else'})
    await cli(['invoices', 'show', INVOICE])
    suite.up.requests.length = 0
    const stale = await cli(['apply', file, '--yes'])
    expect(stale.code).to.equal(6)
    expect(stale.stderr).to.match(new RegExp(`^Error: stale plan: invoices ${INVOICE} changed since the plan was made`))
    expect(changes()).to.have.length(0)
  })

  it('a target edited within the same second (updated_at unchanged): exit 6 all the same, nothing sent', async () => {
    await save()
    // updated_at counts whole seconds: an edit in the second of the plan's read leaves it as it was.
    suite.up.editSameSecond('invoices', INVOICE, {private_notes: 'edited in the same second'})
    suite.up.requests.length = 0
    const stale = await cli(['apply', file, '--yes'])
    expect(stale.code).to.equal(6)
    expect(stale.stderr).to.match(
      new RegExp(
        `^Error: stale plan: invoices ${INVOICE} changed since the plan was made \\(same updated_at, other content\\)`,
      ),
    )
    expect(changes()).to.have.length(0)
  })

  it('an edited file: exit 6 before anything is read', async () => {
    await save()
    writeFileSync(file, readFileSync(file, 'utf8').replace('Planned', 'Edited'))
    suite.up.requests.length = 0
    const stale = await cli(['apply', file, '--yes'])
    expect(stale.code).to.equal(6)
    expect(stale.stderr).to.include('was edited after it was saved (its SHA-256 no longer matches)')
    expect(suite.up.requests).to.have.length(0)
    const shown = await cli(['plan', 'show', file])
    expect([shown.code, shown.stderr]).to.deep.equal([
      0,
      'Warning: the plan was edited after it was saved: cli apply refuses it\n',
    ])
  })

  it('another base URL or another profile: exit 6, nothing sent', async () => {
    await save()
    // Not reset(): that seeds the records again, with a new updated_at.
    suite.up.requests.length = 0
    const elsewhere = await cli(['apply', file, '--yes'], {CLI_BASE_URL: 'http://127.0.0.1:9'})
    expect(elsewhere.code).to.equal(6)
    expect(elsewhere.stderr).to.include(`it was made for ${suite.up.url}, this run goes to http://127.0.0.1:9`)
    const configDir = join(home.home, '.config', 'invoicing-cli')
    mkdirSync(configDir, {recursive: true})
    writeFileSync(
      join(configDir, 'config.json'),
      JSON.stringify({profiles: {default: {base_url: suite.up.url}, other: {base_url: suite.up.url}}}),
      {mode: 0o600},
    )
    const other = await cli(['apply', file, '--yes', '--profile', 'other'])
    expect(other.code).to.equal(6)
    expect(other.stderr).to.include('it was made for profile "default", this run uses "other"')
    expect(suite.up.requests).to.have.length(0)
  })

  it('a bulk by --filter: the selection is saved as ids, each record checked; apply sends the one batch', async () => {
    const saved = await cli([
      'invoices',
      'bulk',
      '--action',
      'archive',
      '--filter',
      'client_id=VolejRejNm',
      '--save-plan',
      file,
    ])
    expect(saved.code, saved.stderr).to.equal(0)
    expect(changes()).to.have.length(0)
    const plan = JSON.parse(readFileSync(file, 'utf8'))
    const ids = suite.up
      .records('invoices')
      .filter((r) => r.client_id === 'VolejRejNm')
      .map((r) => r.id)
    expect(
      plan.requests.map((r: {method: string; path: string; body: unknown}) => [r.method, r.path, r.body]),
    ).to.deep.equal([['POST', '/api/v1/invoices/bulk', {action: 'archive', ids}]])
    expect(plan.targets.map((t: {id: string}) => t.id)).to.deep.equal(ids)
    suite.up.requests.length = 0
    const applied = await cli(['apply', file, '--yes'])
    expect(applied.code, applied.stderr).to.equal(0)
    expect(changes().map((r) => [r.method, r.path, r.json])).to.deep.equal([
      ['POST', '/api/v1/invoices/bulk', {action: 'archive', ids}],
    ])
  })

  it('a change that depends on an answer, or an upload, cannot be saved: exit 2, nothing sent', async () => {
    const csv = join(home.home, 'clients.csv')
    writeFileSync(csv, 'name\nAcme\n')
    const imported = await cli(['import', 'csv', '--entity', 'clients', '--file', csv, '--save-plan', file])
    expect(imported.code).to.equal(2)
    expect(imported.stderr).to.include('cannot be saved as a plan')
    expect(changes()).to.have.length(0)
  })

  it('a journal that cannot be written: the change is reported as it went, and a warning says so', async () => {
    const notAFolder = join(home.home, 'state-file')
    writeFileSync(notAFolder, '')
    const r = await cli(['invoices', 'update', INVOICE, '--field', 'po_number=PO-5', '--yes'], {
      CLI_STATE_DIR: notAFolder,
    })
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stderr).to.match(/^Warning: the change was not written to the journal \(.*\): cli history and cli undo/m)
    expect(changes().map((q) => [q.method, q.path])).to.deep.equal([['PUT', `/api/v1/invoices/${INVOICE}`]])
  })

  it('the journal is 0600 and holds no token', async () => {
    await cli(['invoices', 'update', INVOICE, '--field', 'public_notes=Thanks', '--yes'])
    const path = join(home.home, '.local', 'state', 'invoicing-cli', 'journal.jsonl')
    expect(statSync(path).mode & 0o777).to.equal(0o600)
    expect(readFileSync(path, 'utf8')).not.to.include(suite.up.token)
    const [entry] = journal()
    expect(entry).to.include({source: 'cli', method: 'PUT', path: `/api/v1/invoices/${INVOICE}`})
    expect(entry.ids).to.deep.equal([INVOICE])
    // The record as read right before the change, for undo.
    expect((entry.before as Record<string, {id?: string}>)[INVOICE]).to.include({id: INVOICE})
    expect(entry.body).to.deep.equal({public_notes: 'Thanks'})
  })
})
