/**
 * The MCP server's road (the core's in-process API, commands/changes/in-process.ts, called by
 * test/fixtures/mcp-call.mjs in a process of its own): its plans and applies are put to the same policy,
 * agent_apply: false lets it plan but not apply, and mcpMayApply says so beforehand.
 */
import {join} from 'node:path'

import {expect} from 'chai'

import {type makeHome, ROOT, runCli, teamHome} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

const CLIENT = 'VolejRejNm'
const MCP_CALL = join(ROOT, 'test', 'fixtures', 'mcp-call.mjs')

describe('policies: the MCP server', function () {
  // Many runs of the CLI a test: slow on a loaded machine.
  this.timeout(180_000)
  const suite = useUpstream()
  let home: ReturnType<typeof makeHome>
  const changes = () => suite.up.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)
  const mcp = (...args: string[]) => runCli(args, {home: home.home, bin: MCP_CALL})
  const plan = (file: string) => mcp('plan', 'clients', 'update', file, CLIENT, '--field', 'private_notes=Agent')

  beforeEach(() => {
    home = teamHome(suite.up.url, suite.up.token)
  })
  afterEach(() => home.cleanup())

  const setPolicy = async (...flags: string[]) => {
    const r = await runCli(['profile', 'policy', 'team', ...flags], {home: home.home})
    expect(r.code, r.stderr).to.equal(0)
  }

  it('agent_apply: false: the MCP server may plan but not apply (exit 3, rule agent_apply, nothing sent)', async () => {
    await setPolicy('--no-agent-apply')
    expect((await mcp('may', 'team')).stdout).to.equal('false\n')
    const file = join(home.home, 'agent.plan.json')
    const planned = await plan(file)
    expect(planned.code, planned.stderr).to.equal(0)
    const applied = await mcp('apply', file)
    expect(applied.code).to.equal(3)
    expect(applied.stderr).to.match(/^Error: the policy of profile "team" refuses clients:update \(rule agent_apply\)/)
    expect(changes()).to.deep.equal([])

    // A person may still apply it: the rule is the agent's only.
    const person = await runCli(['apply', file, '--yes'], {home: home.home})
    expect(person.code, person.stderr).to.equal(0)
    expect(changes()).to.deep.equal([`PUT /api/v1/clients/${CLIENT}`])
  })

  it('read_only: the MCP server cannot even plan a change; without a policy it plans and applies once', async () => {
    await setPolicy('--read-only')
    expect((await mcp('may', 'team')).stdout).to.equal('false\n')
    const file = join(home.home, 'agent.plan.json')
    const refused = await plan(file)
    expect(refused.code).to.equal(3)
    expect(refused.stderr).to.match(/\(rule read_only\).*nothing was saved/)

    await setPolicy('--clear')
    expect((await mcp('may', 'team')).stdout).to.equal('true\n')
    expect((await plan(file)).code).to.equal(0)
    const applied = await mcp('apply', file)
    expect(applied.code, applied.stderr).to.equal(0)
    expect(changes()).to.deep.equal([`PUT /api/v1/clients/${CLIENT}`])
    expect(suite.up.records('clients').find((r) => r.id === CLIENT)?.private_notes).to.equal('Agent')
  })
})
