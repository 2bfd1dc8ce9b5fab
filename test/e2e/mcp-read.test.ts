/**
 * `cli mcp serve` (issue 36), read side: an MCP client from the official SDK spawns the real bin/run.js against the
 * stand-in. One server process answers many calls; each call is the CLI's own command (key lookups, filter checks,
 * one-line errors), and what reached the stand-in is asserted.
 */
import {spawn} from 'node:child_process'
import {closeSync, openSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {baseEnv, BIN, makeHome, runCli} from '../support/cli.js'
import {type McpSession, startMcp} from '../support/mcp-client.js'
import {defaultSeed} from '../support/upstream.js'
import {useUpstream} from '../support/upstream-suite.js'

const TOOLS = [
  'describe',
  'list_records',
  'show_record',
  'history',
  'reconcile_preview',
  'failed_emails',
  'plan_change',
  'apply_plan',
  'undo_plan',
]

describe('cli mcp serve: reading', function () {
  this.timeout(60_000)
  const suite = useUpstream()
  let mcp: McpSession
  const sent = () => suite.up.requests.map((q) => `${q.method} ${q.path}${q.rawQuery ? `?${q.rawQuery}` : ''}`)

  before(async () => {
    mcp = await startMcp([], suite.env)
  })
  after(async () => {
    await mcp?.close()
  })
  afterEach(() => expect(mcp.protocolErrors, 'stdout held only the protocol').to.deep.equal([]))

  it('lists exactly its tools with their annotations: all read-only but apply_plan, which is destructive', async () => {
    const {tools} = await mcp.client.listTools()
    expect(tools.map((t) => t.name)).to.deep.equal(TOOLS)
    for (const t of tools) {
      expect(t.annotations?.readOnlyHint, t.name).to.equal(t.name !== 'apply_plan')
      expect(t.annotations?.destructiveHint, t.name).to.equal(t.name === 'apply_plan' ? true : undefined)
    }
    const list = tools.find((t) => t.name === 'list_records')!
    const family = (list.inputSchema.properties as Record<string, {enum: string[]}>).family
    expect(family.enum).to.include.members(['invoices', 'clients', 'payments'])
    expect(sent()).to.deep.equal([])
  })

  it('list_records: the list command with the filters as --filter, its JSON answered', async () => {
    const r = await mcp.call('list_records', {family: 'invoices', filters: {client_status: 'unpaid'}, per_page: 5})
    expect(r.isError, r.texts.join()).to.equal(false)
    expect((r.json as {data: Array<{number: string}>}).data.map((i) => i.number)).to.deep.equal(['0001'])
    expect(sent()).to.deep.equal(['GET /api/v1/invoices?per_page=5&client_status=unpaid'])
  })

  it("list_records by a client's name: the CLI's lookup, then the list with the id the name found", async () => {
    const r = await mcp.call('list_records', {family: 'invoices', filters: {client_id: 'Acme Ltd'}})
    expect(r.isError, r.texts.join()).to.equal(false)
    expect((r.json as {data: Array<{number: string}>}).data.map((i) => i.number)).to.deep.equal(['0001'])
    expect(sent()).to.deep.equal([
      'GET /api/v1/clients?per_page=100&filter=Acme%20Ltd',
      'GET /api/v1/invoices?client_id=VolejRejNm',
    ])
  })

  it('one server, many calls: no process start, and calls reuse their connection', async () => {
    await mcp.call('list_records', {family: 'clients'})
    suite.up.reset()
    for (let i = 0; i < 3; i++) expect((await mcp.call('list_records', {family: 'clients'})).isError).to.equal(false)
    expect(sent()).to.deep.equal(Array(3).fill('GET /api/v1/clients'))
    expect(suite.up.connections).to.equal(0)
  })

  it('show_record by number: one lookup, then the record, as the CLI resolves it', async () => {
    const r = await mcp.call('show_record', {family: 'invoices', record: '0001'})
    expect(r.isError, r.texts.join()).to.equal(false)
    expect((r.json as {data: {id: string}}).data.id).to.equal('WJxbojagwO')
    expect(sent()).to.deep.equal([
      'GET /api/v1/invoices?per_page=100&number=0001&include=client',
      'GET /api/v1/invoices/WJxbojagwO',
    ])
    const byName = await mcp.call('show_record', {family: 'clients', record: 'Globex Corporation'})
    expect((byName.json as {data: {id: string}}).data.id).to.equal('Opnel5aKBz')
  })

  it("errors are results with isError and the CLI's one line, nothing sent; the server goes on", async () => {
    const filter = await mcp.call('list_records', {family: 'invoices', filters: {clinet_id: 'VolejRejNm'}})
    expect(filter).to.deep.include({isError: true})
    expect(filter.texts).to.deep.equal([
      'Error: list_records: filters: "clinet_id" is not a filter the server knows (describe lists them) (exit 2)',
    ])
    const family = await mcp.call('list_records', {family: 'invoice'})
    expect(family.texts).to.deep.equal([
      'Error: list_records: family "invoice" is not allowed; did you mean invoices? (exit 2)',
    ])
    const unknown = await mcp.call('show_record', {family: 'invoices', record: '0001', colour: 'red'})
    expect(unknown.texts).to.deep.equal(['Error: show_record: unknown argument colour (exit 2)'])
    const noSuch = await mcp.call('drop_tables', {})
    expect(noSuch).to.deep.include({isError: true})
    expect(sent()).to.deep.equal([])
    const missing = await mcp.call('show_record', {family: 'invoices', record: '0099'})
    expect(missing.isError).to.equal(true)
    expect(missing.texts[0]).to.match(/^Error: invoices "0099": no record has .*\(exit 2\)$/)
    expect(sent()).to.deep.equal(['GET /api/v1/invoices?per_page=100&number=0099&include=client'])
    const after = await mcp.call('show_record', {family: 'invoices', record: 'WJxbojagwO'})
    expect(after.isError).to.equal(false)
  })

  it('describe: the families, and one family as --help has it (filters, fields, keys); sends nothing', async () => {
    const all = (await mcp.call('describe')).json as {families: Array<{family: string; verbs: string[]}>}
    expect(all.families.find((f) => f.family === 'invoices')?.verbs).to.include.members(['list', 'show', 'create'])
    const one = (await mcp.call('describe', {family: 'invoices'})).json as {
      filters: Record<string, {values?: string[]}>
      fields: Record<string, string>
      records_by: string
      changes_nothing: Record<string, string[]>
    }
    // What the server sets aside or works out itself: sent alone, an update is not sent (exit 5).
    expect(one.changes_nothing).to.deep.equal({create: ['amount'], update: ['status_id', 'amount']})
    const products = (await mcp.call('describe', {family: 'products'})).json as {changes_nothing: unknown}
    expect(products.changes_nothing).to.deep.equal({
      update: ['in_stock_quantity (unless update_in_stock_quantity is true)'],
    })
    const clients = (await mcp.call('describe', {family: 'clients'})).json as Record<string, unknown>
    expect(clients).to.not.have.property('changes_nothing')
    // A recurring document's frequency by name: what an agent sends for "monthly".
    const recurring = (await mcp.call('describe', {family: 'recurring-invoices'})).json as {codes: unknown}
    expect(recurring.codes).to.deep.equal({
      frequency_id: {
        ...{1: 'Daily', 2: 'Weekly', 3: 'Two weeks', 4: 'Four weeks', 5: 'Monthly', 6: 'Two months'},
        ...{7: 'Three months', 8: 'Four months', 9: 'Six months', 10: 'Annually', 11: 'Two years', 12: 'Three years'},
      },
    })
    expect(one).to.not.have.property('codes')
    expect(one.filters.client_status.values).to.deep.equal(['all', 'draft', 'paid', 'cancelled', 'unpaid', 'overdue'])
    expect(one.fields.client_id).to.equal('hid')
    expect(one.records_by).to.equal('id, or number')
    const help = await runCli(['invoices', 'list', '--help'], {env: suite.env})
    for (const name of Object.keys(one.filters)) expect(help.stdout, name).to.include(`- ${name}: `)
    expect(sent()).to.deep.equal([])
  })

  it('reconcile_preview and failed_emails read and change nothing', async () => {
    const rec = await mcp.call('reconcile_preview', {since: '2024-03-01'})
    expect(rec.isError, rec.texts.join()).to.equal(false)
    expect(rec.json).to.have.property('data')
    const failed = await mcp.call('failed_emails', {})
    expect(failed.isError, failed.texts.join()).to.equal(false)
    // Reads only: the company's settings are read with a POST, as the server routes it.
    const notGets = suite.up.requests.filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`)
    expect(notGets).to.deep.equal(['POST /api/v1/companies/current'])
    expect(sent()).to.have.length.greaterThan(2)
  })

  it('an answer too large for a result is an error asking for less; the server goes on', async () => {
    const notes = 'x'.repeat(2000)
    suite.up.seed(
      'products',
      Array.from({length: 2500}, (_, i) => ({id: `Pr${String(i).padStart(8, '0')}`, product_key: `P${i}`, notes})),
    )
    const r = await mcp.call('list_records', {family: 'products', per_page: 2500})
    expect(r.isError).to.equal(true)
    expect(r.texts[0]).to.match(/^Error: the answer is 5\.\d million characters, more than a tool result should hold/)
    expect((await mcp.call('list_records', {family: 'products', per_page: 3})).isError).to.equal(false)
  })

  it('no secret in any result: a token the upstream echoes back is scrubbed', async () => {
    suite.up.seed('clients', [...defaultSeed().clients, {id: 'Sec1234567', name: `leak ${suite.up.token}`}])
    const r = await mcp.call('list_records', {family: 'clients'})
    expect(r.isError).to.equal(false)
    expect(r.texts.join('\n')).to.include('leak [REDACTED]').and.not.include(suite.up.token)
  })
})

describe('cli mcp serve: its own start and narrowing', function () {
  this.timeout(60_000)
  const suite = useUpstream()

  it('--toolsets and --families narrow the tools and the families; cli mcp tools prints the same list', async () => {
    const args = ['--toolsets', 'read', '--families', 'invoices,clients']
    const mcp = await startMcp(args, suite.env)
    try {
      const {tools} = await mcp.client.listTools()
      expect(tools.map((t) => t.name)).to.deep.equal(['describe', 'list_records', 'show_record', 'history'])
      const family = (tools[1].inputSchema.properties as Record<string, {enum: string[]}>).family
      expect(family.enum).to.deep.equal(['clients', 'invoices'])
      const other = await mcp.call('list_records', {family: 'payments'})
      expect(other.isError).to.equal(true)
      const printed = await runCli(['mcp', 'tools', ...args], {env: suite.env})
      expect(printed.code, printed.stderr).to.equal(0)
      expect(JSON.parse(printed.stdout)).to.deep.equal(JSON.parse(JSON.stringify({tools})))
    } finally {
      await mcp.close()
    }
    expect(suite.up.requests).to.deep.equal([])
  })

  it('standard output a file (a client logging the protocol): it holds the protocol alone', async () => {
    const home = makeHome()
    const out = join(home.home, 'protocol.jsonl')
    const fd = openSync(out, 'w')
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 't', version: '1'}},
      },
      {jsonrpc: '2.0', method: 'notifications/initialized'},
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: {name: 'show_record', arguments: {family: 'invoices', record: '0001'}},
      },
    ]
    const child = spawn(process.execPath, [BIN, 'mcp', 'serve'], {
      env: {...baseEnv(home.home), ...suite.env},
      stdio: ['pipe', fd, 'pipe'],
    })
    closeSync(fd)
    for (const line of lines) child.stdin!.write(`${JSON.stringify(line)}\n`)
    // The answer to the call is the last line: wait for it, then end the session.
    for (let i = 0; i < 200 && !readFileSync(out, 'utf8').includes('"id":2'); i++)
      await new Promise((r) => setTimeout(r, 50))
    child.stdin!.end()
    const code = await new Promise((resolve) => child.on('close', resolve))
    const answers = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    home.cleanup()
    expect(code).to.equal(0)
    expect(answers.map((a) => a.id)).to.deep.equal([1, 2])
    expect(JSON.parse(answers[1].result.content[0].text).data.id).to.equal('WJxbojagwO')
  })

  it('without a token it does not start: exit 4, one line', async () => {
    const r = await runCli(['mcp', 'serve'], {env: {CLI_BASE_URL: suite.up.url}})
    expect(r.code).to.equal(4)
    expect(r.stdout).to.equal('')
    expect(r.stderr).to.equal('Error: no token configured: set CLI_API_TOKEN or run "cli auth login"\n')
  })

  it('a mistyped --toolsets is exit 2 naming the nearest', async () => {
    const r = await runCli(['mcp', 'tools', '--toolsets', 'read,monthend'])
    expect(r.code).to.equal(2)
    expect(r.stderr).to.equal(
      'Error: --toolsets "monthend" is not one of read, plan, apply, month-end: did you mean month-end?\n',
    )
  })
})
