/**
 * `cli health` (issue 33): GET /health_check, the check a self-hosted server runs on itself, printed as it answers;
 * the exit code says the server answered, and a token it rejects is exit 4.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {HEALTH} from '../support/server-fixtures.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('cli health', () => {
  const suite = useUpstream()
  const sent = () => suite.up.requests.map((q) => `${q.method} ${q.path}${q.rawQuery ? `?${q.rawQuery}` : ''}`)

  it('one GET /health_check; prints the checks as the server answers them', async () => {
    const r = await runCli(['health', '--output', 'json'], {env: suite.env})
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stderr).to.equal('')
    expect(JSON.parse(r.stdout)).to.deep.equal(HEALTH)
    expect(sent()).to.deep.equal(['GET /api/v1/health_check'])
    expect(suite.up.requests[0]!.body.length).to.equal(0)
  })

  it('--dry-run sends nothing and prints the request', async () => {
    const r = await runCli(['health', '--dry-run'], {env: suite.env})
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stdout).to.equal(`GET ${suite.up.url}/api/v1/health_check\n`)
    expect(sent()).to.deep.equal([])
  })

  it('a token the server rejects: exit 4, one line, no stack', async () => {
    const r = await runCli(['health'], {env: {...suite.env, CLI_API_TOKEN: 'wrong-token'}})
    expect(r.code).to.equal(4)
    expect(r.stdout).to.equal('')
    expect(r.stderr.trim().split('\n')).to.have.length(1)
    expect(r.stderr).to.not.include('wrong-token').and.not.include('    at ')
    expect(sent()).to.deep.equal(['GET /api/v1/health_check'])
  })
})
