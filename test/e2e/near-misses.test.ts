/**
 * Near misses against the stand-in seeded with the sandbox's data: a status word that is a filter value, a lookup with
 * one partial match, an e-mail that reached nobody (a non-zero exit), the download examples of --help run as written,
 * global flags before the command on both roads, the dry run's placeholder host, and `auth logout --all`.
 */
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {makeHome, runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {SANDBOX_DATA} from '../support/sandbox-data.js'
import {fakePdf} from '../support/upstream.js'
import {runOnTty} from '../support/tty.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('near misses', function () {
  this.timeout(60_000)
  const suite = useUpstream()
  const sent = () => suite.up.requests.map((q) => `${q.method} ${q.path}${q.rawQuery ? `?${q.rawQuery}` : ''}`)

  beforeEach(() => {
    for (const [segment, records] of Object.entries(SANDBOX_DATA)) suite.up.seed(segment, records)
  })

  it('--status unpaid (a filter value, not a record state) points at --filter client_status=unpaid; nothing sent', async () => {
    const r = await runCli(['invoices', 'list', '--status', 'unpaid'], {env: suite.env})
    expectRun(r, {
      code: 2,
      stdout: '',
      stderr:
        'Error: --status "unpaid" is not a record state (active, archived, deleted): for the unpaid ones, use ' +
        '--filter client_status=unpaid\n',
    })
    expect(suite.up.requests).to.deep.equal([])
  })

  it('a lookup with one partial match names it and how to name it, and still refuses (exit 2, only reads)', async () => {
    const r = await runCli(['clients', 'show', 'acme'], {env: suite.env})
    expect(r.code).to.equal(2)
    expect(r.stdout).to.equal('')
    expect(r.stderr).to.equal(
      'Error: clients "acme": no record has that name, number or contact e-mail; one contains it: VolejRejNm 0001 ' +
        'Acme Ltd. If it is the one you mean, give its id (VolejRejNm) or its name in full ("Acme Ltd")\n',
    )
    expect(suite.up.requests.every((q) => q.method === 'GET' && q.path === '/api/v1/clients')).to.equal(true)
    const named = await runCli(['clients', 'show', 'Acme Ltd', '-o', 'json'], {env: suite.env})
    expect(named.code, named.stderr).to.equal(0)
    expect(JSON.parse(named.stdout).data.id).to.equal('VolejRejNm')
  })

  for (const quiet of [false, true]) {
    it(`an e-mail that reaches nobody is exit 5 after the one send${quiet ? ', with --quiet too' : ''}`, async () => {
      const args = ['invoices', 'email', '0004', '--template', 'email_template_reminder1', '--yes']
      const r = await runCli(quiet ? [...args, '--quiet'] : args, {env: suite.env})
      expect(r.code).to.equal(5)
      expect(r.stdout).to.match(/^id +Iv4gH2kLm1\n/)
      expect(r.stderr).to.match(/Error: nobody was e-mailed: no contact it goes to has an e-mail address/)
      expect(r.stderr.includes('e-mailed invoice 0004')).to.equal(!quiet)
      const posts = suite.up.requests.filter((q) => q.method !== 'GET')
      expect(posts.map((q) => `${q.method} ${q.path}`)).to.deep.equal(['POST /api/v1/emails'])
      expect(JSON.parse(posts[0].body.toString())).to.include({entity_id: 'Iv4gH2kLm1'})
    })
  }

  for (const word of ['invoices', 'quotes', 'credits', 'purchase-orders']) {
    it(`${word} download --help: its invitation example runs as written against the sandbox`, async () => {
      const help = await runCli([word, 'download', '--help'], {env: suite.env})
      const example = help.stdout
        .slice(help.stdout.indexOf('EXAMPLES'))
        .split('\n')
        .map((l) => l.trim())
        .find((l) => l.startsWith(`$ cli ${word} download `) && !l.includes('--id'))!
      expect(example, help.stdout).to.not.include('INVITATION_KEY')
      const cwd = mkdtempSync(join(tmpdir(), 'cli-example-'))
      try {
        const args = example.slice('$ cli '.length).split(' ')
        const r = await runCli(args, {env: suite.env, cwd})
        expect(r.code, r.stderr).to.equal(0)
        const file = join(cwd, args.at(-1)!)
        expect(readFileSync(file).equals(fakePdf(args[2]))).to.equal(true)
      } finally {
        rmSync(cwd, {recursive: true, force: true})
      }
    })
  }

  for (const fastPath of ['1', '0']) {
    it(`global flags before the command read as after it (fast path ${fastPath})`, async () => {
      const env = {CLI_API_TOKEN: suite.env.CLI_API_TOKEN, CLI_FAST_PATH: fastPath}
      const r = await runCli(['--base-url', suite.up.url, '-o', 'json', 'clients', 'list', '--per-page', '1'], {env})
      expect(r.code, r.stderr).to.equal(0)
      expect(JSON.parse(r.stdout).data[0].id).to.equal('VolejRejNm')
      expect(sent()).to.deep.equal(['GET /api/v1/clients?per_page=1'])
      const profile = await runCli(['--profile', 'x', 'clients', 'list'], {env: suite.env})
      expectRun(profile, {
        code: 2,
        stdout: '',
        stderr:
          'Error: profile "x" (--profile) is not saved (no profile is saved yet: "cli auth login --profile x" saves ' +
          'one)\n',
      })
      expect(sent()).to.have.length(1)
    })
  }

  it('the dry run says, on a terminal, that invoicing.example is a placeholder host when no server is set', async () => {
    const r = await runOnTty(['clients', 'list', '--dry-run'], {pipeStdout: true, cols: 200})
    expect(r.code).to.equal(0)
    expect(r.stdout).to.equal('GET https://invoicing.example/api/v1/clients\n')
    expect(r.tty).to.equal(
      'note: invoicing.example is a placeholder host: no server is set (--base-url, CLI_BASE_URL or cli auth login ' +
        'sets one)\n',
    )
    const set = await runOnTty(['clients', 'list', '--dry-run'], {env: suite.env, pipeStdout: true, cols: 200})
    expect(set.tty).to.equal('')
    // Piped (a script), stderr stays empty.
    expectRun(await runCli(['clients', 'list', '--dry-run']), {
      code: 0,
      stdout: 'GET https://invoicing.example/api/v1/clients\n',
      stderr: '',
    })
  })

  it('auth logout --all removes every profile and its token; the config file stays, empty', async () => {
    const {home, configDir, cleanup} = makeHome()
    try {
      mkdirSync(configDir, {recursive: true, mode: 0o700})
      const config = {
        active: 'work',
        profiles: {work: {base_url: suite.up.url, token: 'tok-work'}, home: {base_url: suite.up.url, token: 'tok-2'}},
      }
      writeFileSync(join(configDir, 'config.json'), JSON.stringify(config), {mode: 0o600})
      const r = await runCli(['auth', 'logout', '--all'], {home})
      expectRun(r, {code: 0, stdout: 'Logged out: 2 profiles removed (work, home)\n', stderr: ''})
      const left = readFileSync(join(configDir, 'config.json'), 'utf8')
      expect(JSON.parse(left)).to.deep.equal({profiles: {}})
      expect(left).to.not.include('tok-')
      const again = await runCli(['auth', 'logout', '--all'], {home})
      // Nothing left to remove: exit 5, the config file as it was.
      expectRun(again, {code: 5, stdout: '', stderr: 'Error: no profile is saved: nothing was removed\n'})
      expect(JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8'))).to.deep.equal({profiles: {}})
      const one = await runCli(['auth', 'logout', '--profile', 'work'], {home})
      expectRun(one, {
        code: 5,
        stdout: '',
        stderr: 'Error: no profile "work" is saved: nothing was removed (cli auth list shows the saved ones)\n',
      })
      const both = await runCli(['auth', 'logout', '--all', '--profile', 'work'], {home})
      expect(both.code).to.equal(2)
      expect(existsSync(join(configDir, 'config.json'))).to.equal(true)
      expect(suite.up.requests).to.deep.equal([])
    } finally {
      cleanup()
    }
  })
})
