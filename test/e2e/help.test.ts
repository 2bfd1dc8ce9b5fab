/** Help: exit codes and environment in `cli --help`, the route in each command's help. */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'

describe('help', () => {
  it('cli --help documents the exit codes and environment variables', async () => {
    const r = await runCli(['--help'])
    expect(r.code).to.equal(0)
    expect(r.stdout).to.include('EXIT CODES\n  0  success\n  1  the upstream answered an error, or the network failed\n  2  usage or input error')
    expect(r.stdout).to.include('3  refused by the guardrail')
    expect(r.stdout).to.include('4  no token configured, or the upstream rejected it (401/403)')
    expect(r.stdout).to.include('130  interrupted by Ctrl-C (no partial output file is left)')
    for (const v of ['CLI_BASE_URL', 'CLI_API_TOKEN', 'CLI_API_PASSWORD', 'CLI_PROFILE', 'CLI_TIMEOUT', 'CLI_INSECURE', 'CLI_RETRY_WAIT_SCALE']) expect(r.stdout).to.include(v)
    expect(r.stdout).to.match(/^\s+invoices\s+Invoices$/m)
  })

  it('each command names the route it calls, and hides unsupported verbs', async () => {
    const create = await runCli(['invoices', 'create', '--help'])
    expect(create.stdout).to.include('Calls POST /api/v1/invoices.')
    expect(create.stdout).to.include('--line-item')
    const clientCreate = await runCli(['clients', 'create', '--help'])
    expect(clientCreate.stdout).not.to.include('--line-item')
    expect(clientCreate.stdout).to.include('{"contacts":[{"email":"a@b.c"}]}')
    const topic = await runCli(['activities', '--help'])
    expect(topic.stdout).to.include('activities list')
    expect(topic.stdout).not.to.include('activities show')
  })
})

describe('--version', () => {
  it('the fast path answers exactly what oclif answers', async () => {
    const fast = await runCli(['--version'])
    const oclif = await runCli(['--version', '--ignored'])
    expect(fast.code).to.equal(0)
    expect(fast.stdout).to.match(/^invoicing-cli\/\d+\.\d+\.\d+ [a-z0-9]+-[a-z0-9]+ node-v\d+/)
    expect(fast.stdout).to.equal(oclif.stdout)
  })
})
