/**
 * `cli mcp serve` (issue 36), changes: an SDK client plans a change (nothing sent), applies it once through the
 * change pipeline (journaled with source mcp), is refused a stale plan (nothing sent), undoes it, and a --read-only
 * server offers no apply tool, its plans left for a person's `cli apply`.
 */
import {readFileSync, statSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {makeHome, runCli} from '../support/cli.js'
import {type McpSession, startMcp} from '../support/mcp-client.js'
import {useUpstream} from '../support/upstream-suite.js'

const INVOICE = 'WJxbojagwO'

interface PlanAnswer {
  plan_id: string
  summary: string
  requests: Array<{method: string; url: string; body?: unknown}>
  checks: Array<{family: string; id: string}>
  policy: string
  next: string
  file: string
}

describe('cli mcp serve: changes through the change pipeline', function () {
  this.timeout(60_000)
  const suite = useUpstream()
  let home: ReturnType<typeof makeHome>
  let mcp: McpSession
  const sent = () => suite.up.requests.map((q) => `${q.method} ${q.path}`)
  const changes = () => suite.up.requests.filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`)
  const invoice = () => suite.up.records('invoices').find((r) => r.id === INVOICE)!
  const planNotes = async (notes: string): Promise<PlanAnswer> => {
    const r = await mcp.call('plan_change', {
      family: 'invoices',
      verb: 'update',
      record: '0001',
      data: {public_notes: notes},
    })
    expect(r.isError, r.texts.join()).to.equal(false)
    return r.json as PlanAnswer
  }

  beforeEach(async () => {
    home = makeHome()
    mcp = await startMcp([], suite.env, {home: home.home})
  })
  afterEach(async () => {
    expect(mcp.protocolErrors).to.deep.equal([])
    await mcp.close()
    home.cleanup()
  })

  it('plan_change sends nothing: the exact request, a summary, the verdict, a plan_id; the plan is a plan file', async () => {
    const plan = await planNotes('Thanks')
    expect(changes()).to.deep.equal([])
    expect(sent()).to.deep.equal(['GET /api/v1/invoices', `GET /api/v1/invoices/${INVOICE}`])
    expect(plan.requests).to.deep.equal([
      {method: 'PUT', url: `${suite.up.url}/api/v1/invoices/${INVOICE}`, body: {public_notes: 'Thanks'}},
    ])
    expect(plan.summary).to.equal(
      `invoices update: PUT /api/v1/invoices/${INVOICE}, if invoices ${INVOICE} did not change meanwhile. ` +
        'Nothing was sent.',
    )
    expect(plan.policy).to.equal('allowed')
    expect(plan.next).to.equal(`show the person this plan; once they agree, apply_plan {"plan_id": "${plan.plan_id}"}`)
    const saved = JSON.parse(readFileSync(plan.file, 'utf8'))
    expect(saved.sha256.slice(0, 12)).to.equal(plan.plan_id)
    expect(saved).to.include({source: 'mcp', family: 'invoices', verb: 'update'})
    expect(statSync(plan.file).mode & 0o077).to.equal(0)
    expect(readFileSync(plan.file, 'utf8')).not.to.include(suite.up.token)
    // The person can read the same plan with the CLI.
    const shown = await runCli(['plan', 'show', plan.file], {env: suite.env, home: home.home})
    expect(shown.stdout).to.include(`1. PUT ${suite.up.url}/api/v1/invoices/${INVOICE}\n     {"public_notes":"Thanks"}`)
  })

  it('apply_plan sends it once, journaled with source mcp; the same plan_id again is refused, nothing sent', async () => {
    const plan = await planNotes('Thanks')
    suite.up.requests.length = 0
    const applied = await mcp.call('apply_plan', {plan_id: plan.plan_id})
    expect(applied.isError, applied.texts.join()).to.equal(false)
    expect((applied.json as {data: {public_notes: string}}).data.public_notes).to.equal('Thanks')
    expect(changes()).to.deep.equal([`PUT /api/v1/invoices/${INVOICE}`])
    expect(suite.up.requests.find((q) => q.method === 'PUT')?.json).to.deep.equal({public_notes: 'Thanks'})
    expect(invoice().public_notes).to.equal('Thanks')

    suite.up.requests.length = 0
    const again = await mcp.call('apply_plan', {plan_id: plan.plan_id})
    expect(again.isError).to.equal(true)
    expect(again.texts[0]).to.match(/^Error: apply_plan: no plan [0-9a-f]{12}: it was applied already/)
    expect(suite.up.requests).to.deep.equal([])

    const history = await mcp.call('history', {})
    const entries = (history.json as {data: Array<Record<string, unknown>>}).data
    expect(entries.map((e) => [e.source, e.family, e.verb, e.method, e.path])).to.deep.equal([
      ['mcp', 'invoices', 'update', 'PUT', `/api/v1/invoices/${INVOICE}`],
    ])
    expect(entries[0].plan_sha256).to.match(new RegExp(`^${plan.plan_id}`))
    expect(history.texts.join()).not.to.include(suite.up.token)
  })

  it('a stale plan is refused (exit 6), nothing sent; planned again, it goes', async () => {
    const plan = await planNotes('Stale')
    // Someone else edits the invoice meanwhile.
    const other = await runCli(['invoices', 'update', INVOICE, '--field', 'private_notes=Edited', '--yes'], {
      env: suite.env,
    })
    expect(other.code, other.stderr).to.equal(0)
    suite.up.requests.length = 0
    const refused = await mcp.call('apply_plan', {plan_id: plan.plan_id})
    expect(refused.isError).to.equal(true)
    expect(refused.texts).to.have.length(1)
    expect(refused.texts[0]).to.match(/^Error: stale plan: .*invoices WJxbojagwO.*nothing was sent.*\(exit 6\)$/)
    expect(changes()).to.deep.equal([])
    expect(invoice().public_notes).to.equal(undefined)

    const fresh = await planNotes('Stale')
    expect((await mcp.call('apply_plan', {plan_id: fresh.plan_id})).isError).to.equal(false)
    expect(changes()).to.deep.equal([`PUT /api/v1/invoices/${INVOICE}`])
  })

  it('a payment of an invoice by its number: planned with options.invoice, applied once; the invoice owes less', async () => {
    const planned = await mcp.call('plan_change', {
      family: 'payments',
      verb: 'create',
      options: {invoice: ['0001:40'], date: '2024-03-01'},
    })
    expect(planned.isError, planned.texts.join()).to.equal(false)
    const plan = planned.json as PlanAnswer
    expect(plan.requests).to.deep.equal([
      {
        method: 'POST',
        url: `${suite.up.url}/api/v1/payments`,
        body: {client_id: 'VolejRejNm', date: '2024-03-01', invoices: [{invoice_id: INVOICE, amount: 40}]},
      },
    ])
    expect(changes()).to.deep.equal([])
    suite.up.requests.length = 0
    expect((await mcp.call('apply_plan', {plan_id: plan.plan_id})).isError).to.equal(false)
    expect(changes()).to.deep.equal(['POST /api/v1/payments'])
    expect(invoice().balance).to.equal(110)
    expect(suite.up.records('payments')).to.have.length(1)
  })

  it('undo_plan plans the undo of a journal entry; applied, the record is as it was', async () => {
    const plan = await planNotes('Oops')
    await mcp.call('apply_plan', {plan_id: plan.plan_id})
    const [entry] = ((await mcp.call('history', {})).json as {data: Array<{id: string}>}).data
    suite.up.requests.length = 0
    const undo = await mcp.call('undo_plan', {entry: entry.id})
    expect(undo.isError, undo.texts.join()).to.equal(false)
    const undoPlan = undo.json as PlanAnswer
    expect(undoPlan.requests).to.deep.equal([
      {method: 'PUT', url: `${suite.up.url}/api/v1/invoices/${INVOICE}`, body: {public_notes: null}},
    ])
    expect(changes()).to.deep.equal([])
    expect((await mcp.call('apply_plan', {plan_id: undoPlan.plan_id})).isError).to.equal(false)
    expect(changes()).to.deep.equal([`PUT /api/v1/invoices/${INVOICE}`])
    expect(invoice().public_notes).to.equal(null)
  })

  it('--families holds for plans too: another family is neither planned, undone nor applied', async () => {
    const plan = await planNotes('Kept')
    await mcp.call('apply_plan', {plan_id: plan.plan_id})
    const [entry] = ((await mcp.call('history', {})).json as {data: Array<{id: string}>}).data
    const other = await planNotes('Other')
    const clientsOnly = await startMcp(['--families', 'clients'], suite.env, {home: home.home})
    try {
      suite.up.requests.length = 0
      const planned = await clientsOnly.call('plan_change', {family: 'invoices', verb: 'delete', record: INVOICE})
      expect(planned.texts[0]).to.match(/^Error: plan_change: family "invoices" is not allowed/)
      const notYours = 'the plan changes invoices, which this server was not given (--families) (exit 2)'
      expect((await clientsOnly.call('undo_plan', {entry: entry.id})).texts).to.deep.equal([
        `Error: undo_plan: ${notYours}`,
      ])
      expect((await clientsOnly.call('apply_plan', {plan_id: other.plan_id})).texts).to.deep.equal([
        `Error: apply_plan: ${notYours}`,
      ])
      expect(changes()).to.deep.equal([])
    } finally {
      await clientsOnly.close()
    }
  })

  it('plan_change refuses what is not a change, and options that reach local files; nothing sent', async () => {
    const list = await mcp.call('plan_change', {family: 'invoices', verb: 'list'})
    expect(list.texts[0]).to.match(/^Error: plan_change: verb "list" is not allowed/)
    const file = await mcp.call('plan_change', {
      family: 'invoices',
      verb: 'update',
      record: INVOICE,
      options: {'data-file': '/etc/passwd'},
    })
    expect(file.texts).to.deep.equal([
      "Error: plan_change: options.data-file is not an agent's to give: the server sets it, or it reaches local " +
        'files or another server (exit 2)',
    ])
    expect(suite.up.requests).to.deep.equal([])
  })
})

describe("cli mcp serve on oclif's road (CLI_FAST_PATH=0)", function () {
  this.timeout(60_000)
  const suite = useUpstream()

  it('reads by number, plans and applies as on the fast path', async () => {
    const home = makeHome()
    const mcp = await startMcp([], {...suite.env, CLI_FAST_PATH: '0'}, {home: home.home})
    try {
      const shown = await mcp.call('show_record', {family: 'invoices', record: '0001'})
      expect((shown.json as {data: {id: string}}).data.id).to.equal(INVOICE)
      const r = await mcp.call('plan_change', {
        family: 'invoices',
        verb: 'update',
        record: '0001',
        data: {po_number: '9'},
      })
      expect(r.isError, r.texts.join()).to.equal(false)
      expect(suite.up.requests.filter((q) => q.method !== 'GET')).to.deep.equal([])
      const applied = await mcp.call('apply_plan', {plan_id: (r.json as PlanAnswer).plan_id})
      expect(applied.isError, applied.texts.join()).to.equal(false)
      expect(suite.up.requests.filter((q) => q.method === 'PUT').map((q) => q.json)).to.deep.equal([{po_number: '9'}])
      const history = (await mcp.call('history', {})).json as {data: Array<{source: string; verb: string}>}
      expect(history.data.map((e) => [e.source, e.verb])).to.deep.equal([['mcp', 'update']])
    } finally {
      await mcp.close()
      home.cleanup()
    }
  })
})

describe('cli mcp serve --read-only', function () {
  this.timeout(60_000)
  const suite = useUpstream()

  it('offers no apply tool; its plans name the file a person applies with cli apply', async () => {
    const home = makeHome()
    const mcp = await startMcp(['--read-only'], suite.env, {home: home.home})
    try {
      const {tools} = await mcp.client.listTools()
      expect(tools.map((t) => t.name)).not.to.include('apply_plan')
      expect(tools.every((t) => t.annotations?.readOnlyHint === true)).to.equal(true)
      const refused = await mcp.call('apply_plan', {plan_id: '0123456789ab'})
      expect(refused.texts).to.deep.equal(['Error: no tool "apply_plan" on this server (tools/list lists them)'])
      const r = await mcp.call('plan_change', {
        family: 'invoices',
        verb: 'update',
        record: INVOICE,
        data: {po_number: '7'},
      })
      const plan = r.json as PlanAnswer
      expect(plan.next).to.equal(
        `a person reviews it with "cli plan show ${plan.file}" and sends it with "cli apply ${plan.file} --yes"`,
      )
      expect(suite.up.requests.filter((q) => q.method !== 'GET')).to.deep.equal([])
      const applied = await runCli(['apply', plan.file, '--yes'], {env: suite.env, home: home.home})
      expect(applied.code, applied.stderr).to.equal(0)
      expect(suite.up.requests.filter((q) => q.method === 'PUT').map((q) => q.json)).to.deep.equal([{po_number: '7'}])
      const journal = readFileSync(join(home.home, '.local', 'state', 'invoicing-cli', 'journal.jsonl'), 'utf8')
      expect(JSON.parse(journal.trim()).source).to.equal('apply')
    } finally {
      await mcp.close()
      home.cleanup()
    }
  })
})
