/**
 * `cli mcp serve` under the profile's policy (issues 35, 36): a change the policy denies is refused when planned and
 * when applied (isError, exit 3, nothing sent); agent_apply: false and read_only leave apply_plan out.
 */
import {expect} from 'chai'

import {type makeHome, runCli, teamHome} from '../support/cli.js'
import {type McpSession, startMcp} from '../support/mcp-client.js'
import {useUpstream} from '../support/upstream-suite.js'

const INVOICE = 'WJxbojagwO'

describe('cli mcp serve: the profile policy', function () {
  this.timeout(60_000)
  const suite = useUpstream()
  let home: ReturnType<typeof makeHome>
  let mcp: McpSession | undefined
  const changes = () => suite.up.requests.filter((q) => q.method !== 'GET').map((q) => `${q.method} ${q.path}`)
  const policy = async (...flags: string[]) => {
    const r = await runCli(['profile', 'policy', 'team', ...flags], {home: home.home})
    expect(r.code, r.stderr).to.equal(0)
  }
  const serve = async (...args: string[]) => (mcp = await startMcp(args, {}, {home: home.home}))

  beforeEach(() => {
    home = teamHome(suite.up.url, suite.up.token)
  })
  afterEach(async () => {
    await mcp?.close()
    mcp = undefined
    home.cleanup()
  })

  it('a change the policy denies: refused when planned, and when applied after the policy changed; nothing sent', async () => {
    await policy('--deny', '*:delete')
    const server = await serve()
    const planned = await server.call('plan_change', {family: 'invoices', verb: 'delete', record: INVOICE})
    expect(planned.isError).to.equal(true)
    expect(planned.texts).to.have.length(1)
    expect(planned.texts[0]).to.match(/^Error: .*policy.*deny.*\(exit 3\)$/)

    const update = await server.call('plan_change', {
      family: 'invoices',
      verb: 'update',
      record: '0001',
      data: {public_notes: 'Agent'},
    })
    expect(update.isError, update.texts.join()).to.equal(false)
    const plan = update.json as {plan_id: string; policy: string}
    expect(plan.policy).to.equal('allowed')
    await policy('--deny', 'invoices:update')
    const applied = await server.call('apply_plan', {plan_id: plan.plan_id})
    expect(applied.isError).to.equal(true)
    expect(applied.texts[0]).to.match(/^Error: .*policy.*deny.*\(exit 3\)$/)
    expect(changes()).to.deep.equal([])
    const history = (await server.call('history', {})).json as {data: unknown[]}
    expect(history.data).to.deep.equal([])
  })

  it('agent_apply: false: no apply tool; plans say so and name the file a person applies', async () => {
    await policy('--no-agent-apply')
    const server = await serve()
    const {tools} = await server.client.listTools()
    expect(tools.map((t) => t.name)).not.to.include('apply_plan')
    const listed = await runCli(['mcp', 'tools'], {home: home.home})
    expect(JSON.parse(listed.stdout).tools.map((t: {name: string}) => t.name)).not.to.include('apply_plan')
    const r = await server.call('plan_change', {
      family: 'invoices',
      verb: 'update',
      record: INVOICE,
      data: {terms: 'x'},
    })
    const plan = r.json as {policy: string; next: string; file: string}
    expect(plan.policy).to.match(/^refused: .*agent_apply/)
    expect(plan.next).to.equal(
      `a person reviews it with "cli plan show ${plan.file}" and sends it with "cli apply ${plan.file} --yes"`,
    )
    expect(changes()).to.deep.equal([])
  })

  it('read_only: no apply tool, and nothing can be planned', async () => {
    await policy('--read-only')
    const server = await serve()
    const {tools} = await server.client.listTools()
    expect(tools.map((t) => t.name)).not.to.include('apply_plan')
    const r = await server.call('plan_change', {
      family: 'invoices',
      verb: 'update',
      record: INVOICE,
      data: {terms: 'x'},
    })
    expect(r.isError).to.equal(true)
    expect(r.texts[0]).to.match(/^Error: .*policy.*read_only.*\(exit 3\)$/)
    expect(changes()).to.deep.equal([])
  })
})
