/**
 * Help: exit codes and environment in `cli --help`, the route in each command's help, --version. That every
 * example runs as written, with no warning, is help-examples.test.ts.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'

describe('help', () => {
  it('cli --help names every exit code and environment variable; cli help environment says what each means', async () => {
    const r = await runCli(['--help'])
    expect(r.code).to.equal(0)
    expect(r.stdout).to.include(
      '\nEXIT CODES (cli help environment says what each means)\n  0 success, 1 upstream or network error, 2 usage ' +
        'error, 3 guardrail, 4 no or rejected token, 5 incomplete or nothing done (listing, bulk, backup, pack), ' +
        '6 stale plan, 127 unknown command, 129 SIGHUP, 130 Ctrl-C, 143 SIGTERM\n',
    )
    const {ENVIRONMENT} = await import('../../src/environment.js')
    expect(r.stdout).to.include(`\nENVIRONMENT (cli help environment)\n  ${Object.keys(ENVIRONMENT).join(', ')}\n`)
    const env = await runCli(['help', 'environment'])
    expect(env.stdout).to.include(
      '\n  5    incomplete: a listing stopped at the page cap (100 pages), or a bulk action found not every id; ' +
        'what was printed is right but not everything asked for',
    )
  })

  it('a command lists no flag it would ignore: download writes bytes (no --columns, --query)', async () => {
    const download = await runCli(['invoices', 'download', '--help'])
    expect(download.code).to.equal(0)
    expect(download.stdout)
      .to.include('--output-file')
      .and.not.match(/--columns|--query/)
    const list = await runCli(['invoices', 'list', '--help'])
    expect(list.stdout).to.include('--columns=').and.include('--query=').and.include('--status=')
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

describe('every command documents itself', () => {
  it('has at least one example, and our own commands name the route they call', async () => {
    const {Config} = await import('@oclif/core')
    const {ROOT} = await import('../support/cli.js')
    const config = await Config.load({root: ROOT, userPlugins: false, devPlugins: false})
    await config.runHook('init', {id: undefined, argv: []})
    const visible = config.commands.filter((c) => !c.hidden)
    expect(visible.length).to.be.greaterThan(300)
    expect(visible.filter((c) => !c.examples?.length).map((c) => c.id)).to.deep.equal([])
    const ours = visible.filter((c) => c.pluginName === 'invoicing-cli' || c.pluginName?.startsWith('@invoicing-cli/'))
    const text = (c: (typeof ours)[number]) => `${c.summary ?? ''} ${c.description ?? ''}`
    expect(
      ours
        .filter((c) => !/\b(GET|POST|PUT|DELETE)\b.*\/api\/v1\/|Sends nothing upstream/.test(text(c)))
        .map((c) => c.id),
    ).to.deep.equal([])
  })
})
