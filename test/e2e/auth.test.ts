/** cli auth login / status / logout, profiles and the config file; the token is never printed. */
import {existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useHome} from '../support/home-suite.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('auth and profiles', () => {
  const suite = useUpstream()
  const home = useHome()
  const configFile = (): string => join(home.configDir, 'config.json')

  it('login reads the token from stdin, checks it with GET /ping, saves the profile 0600 in a 0700 folder', async () => {
    const r = await runCli(['auth', 'login', '--base-url', `${suite.up.url}/`], {
      home: home.home,
      stdin: `${suite.up.token}\n`,
    })
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal('')
    expect(r.stdout).to.equal(`Logged in to Stand-in Co as Test User; profile "default" saved in ${configFile()}\n`)
    expect(suite.up.requests.map((q) => `${q.method} ${q.path} ${q.headers['x-api-token']}`)).to.deep.equal([
      `GET /api/v1/ping ${suite.up.token}`,
    ])
    expect(statSync(configFile()).mode & 0o777).to.equal(0o600)
    expect(statSync(home.configDir).mode & 0o777).to.equal(0o700)
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).to.deep.equal({
      active: 'default',
      profiles: {default: {base_url: suite.up.url, token: suite.up.token}},
    })

    // The saved profile is used with no environment at all.
    const list = await runCli(['clients', 'list', '--output', 'json'], {home: home.home})
    expect(list.code).to.equal(0)
    expect(suite.up.requests[1].headers['x-api-token']).to.equal(suite.up.token)
  })

  it('login with a rejected token: exit 4, nothing saved', async () => {
    const r = await runCli(['auth', 'login', '--base-url', suite.up.url], {home: home.home, stdin: 'bad-token\n'})
    expect(r.code).to.equal(4)
    expect(r.stderr).to.equal('Error: the upstream rejected the token (403): check it and try again\n')
    expect(existsSync(configFile())).to.equal(false)
  })

  it('login without a base URL: exit 2, nothing sent', async () => {
    const r = await runCli(['auth', 'login'], {home: home.home, stdin: 'x\n'})
    expect(r.code).to.equal(2)
    expect(r.stderr).to.equal('Error: no base URL: pass --base-url https://your-server (the server root)\n')
    expect(suite.up.requests).to.deep.equal([])
  })

  it('status: profile, URL, token source and validity, never the token', async () => {
    await runCli(['auth', 'login', '--base-url', suite.up.url, '--profile', 'work'], {
      home: home.home,
      stdin: suite.up.token,
    })
    const r = await runCli(['auth', 'status'], {home: home.home})
    expect(r.code).to.equal(0)
    expect(r.stdout).to.equal(
      `profile:  work (the active profile)\nbase URL: ${suite.up.url} (from profile "work")\ntoken:    valid ` +
        `(from profile "work")\ncompany:  Stand-in Co\nuser:     Test User\n`,
    )
    expect(r.stderr).to.equal('')
    const j = await runCli(['auth', 'status', '--output', 'json'], {home: home.home})
    expect(JSON.parse(j.stdout)).to.deep.equal({
      profile: 'work',
      profile_source: 'active profile',
      base_url: suite.up.url,
      base_url_source: 'profile',
      token_source: 'profile',
      token_valid: true,
      company_name: 'Stand-in Co',
      user_name: 'Test User',
    })
    expect(r.stdout + r.stderr + j.stdout + j.stderr).not.to.include(suite.up.token)
  })

  it('status with no token: exit 4, nothing sent', async () => {
    const r = await runCli(['auth', 'status'], {home: home.home})
    expect(r.code).to.equal(4)
    expect(r.stderr).to.equal('Error: not logged in (profile "default"): set CLI_API_TOKEN or run "cli auth login"\n')
    expect(r.stdout).to.equal(
      'profile:  default (the default: no active profile saved)\nbase URL: none\ntoken:    none\n',
    )
    expect(suite.up.requests).to.deep.equal([])
  })

  it('status with a rejected token: exit 4', async () => {
    const r = await runCli(['auth', 'status'], {
      home: home.home,
      env: {CLI_BASE_URL: suite.up.url, CLI_API_TOKEN: 'revoked-token'},
    })
    expect(r.code).to.equal(4)
    expect(r.stderr).to.equal('Error: the upstream rejected the token (403): check it and try again\n')
    expect(r.stdout).to.equal(
      `profile:  default (the default: no active profile saved)\nbase URL: ${suite.up.url} (from CLI_BASE_URL)\n` +
        `token:    rejected (from CLI_API_TOKEN)\n`,
    )
    const j = await runCli(['auth', 'status', '--output', 'json'], {
      home: home.home,
      env: {CLI_BASE_URL: suite.up.url, CLI_API_TOKEN: 'revoked-token'},
    })
    expect(j.code).to.equal(4)
    expect(JSON.parse(j.stdout)).to.deep.equal({
      profile: 'default',
      profile_source: 'default',
      base_url: suite.up.url,
      base_url_source: 'CLI_BASE_URL',
      token_source: 'CLI_API_TOKEN',
      token_valid: false,
      company_name: null,
      user_name: null,
      error: {status: 403, message: 'the upstream rejected the token (403): check it and try again', exit_code: 4},
    })
    expect(r.stdout + r.stderr + j.stdout + j.stderr).not.to.include('revoked-token')
  })

  it('status with the upstream unreachable: the profile, base URL and token lines, then the error; exit 1', async () => {
    const env = {CLI_BASE_URL: 'http://127.0.0.1:9', CLI_API_TOKEN: suite.up.token}
    const r = await runCli(['auth', 'status', '--retries', '0'], {home: home.home, env})
    expect(r.code).to.equal(1)
    expect(r.stdout).to.equal(
      'profile:  default (the default: no active profile saved)\nbase URL: http://127.0.0.1:9 (from ' +
        'CLI_BASE_URL)\ntoken:    not checked (from CLI_API_TOKEN)\n',
    )
    expect(r.stderr).to.equal(
      'Error: could not connect to http://127.0.0.1:9: nothing is listening there (ECONNREFUSED). Check the base ' +
        'URL and its port (--base-url, CLI_BASE_URL or the profile)\n',
    )
    const j = await runCli(['auth', 'status', '--retries', '0', '--output', 'json'], {home: home.home, env})
    expect(j.code).to.equal(1)
    expect(JSON.parse(j.stdout)).to.deep.include({
      token_source: 'CLI_API_TOKEN',
      token_valid: null,
      error: {
        message:
          'could not connect to http://127.0.0.1:9: nothing is listening there (ECONNREFUSED). Check the base ' +
          'URL and its port (--base-url, CLI_BASE_URL or the profile)',
        exit_code: 1,
      },
    })
    expect(r.stdout + r.stderr + j.stdout + j.stderr).not.to.include(suite.up.token)
  })

  it('profiles: --profile and CLI_PROFILE choose; CLI_API_TOKEN wins over the profile token', async () => {
    await runCli(['auth', 'login', '--base-url', suite.up.url, '--profile', 'a'], {
      home: home.home,
      stdin: suite.up.token,
    })
    await runCli(['auth', 'login', '--base-url', `${suite.up.url}/api/v1`, '--profile', 'b'], {
      home: home.home,
      stdin: suite.up.token,
    })
    const a = await runCli(['auth', 'status', '--profile', 'a', '--output', 'json'], {home: home.home})
    expect(JSON.parse(a.stdout).profile).to.equal('a')
    const b = await runCli(['auth', 'status', '--output', 'json'], {home: home.home, env: {CLI_PROFILE: 'b'}})
    expect(JSON.parse(b.stdout).profile).to.equal('b')
    const env = await runCli(['auth', 'status', '--output', 'json'], {
      home: home.home,
      env: {CLI_API_TOKEN: suite.up.token},
    })
    expect(JSON.parse(env.stdout)).to.include({profile: 'b', token_source: 'CLI_API_TOKEN'})
  })

  it('logout removes the profile; commands then have no token (exit 4)', async () => {
    await runCli(['auth', 'login', '--base-url', suite.up.url], {home: home.home, stdin: suite.up.token})
    const r = await runCli(['auth', 'logout'], {home: home.home})
    expect(r.code).to.equal(0)
    expect(r.stdout).to.equal('Logged out: profile "default" removed\n')
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).to.deep.equal({profiles: {}})
    const list = await runCli(['clients', 'list'], {home: home.home, env: {CLI_BASE_URL: suite.up.url}})
    expect(list.code).to.equal(4)
  })

  it('concurrent logins to different profiles all survive (the config is written under a lock); no lock file is left', async () => {
    const names = ['p1', 'p2', 'p3', 'p4']
    const runs = await Promise.all(
      names.map((p) =>
        runCli(['auth', 'login', '--base-url', suite.up.url, '--profile', p], {home: home.home, stdin: suite.up.token}),
      ),
    )
    expect(runs.map((r) => r.code)).to.deep.equal([0, 0, 0, 0])
    expect(Object.keys(JSON.parse(readFileSync(configFile(), 'utf8')).profiles).sort()).to.deep.equal(names)
    expect(readdirSync(home.configDir)).to.deep.equal(['config.json'])
  })

  it('a lock left by a process that died (older than 10 s) is taken over', async () => {
    mkdirSync(home.configDir, {recursive: true})
    const lock = `${configFile()}.lock`
    writeFileSync(lock, '99999\n')
    utimesSync(lock, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))
    const r = await runCli(['auth', 'login', '--base-url', suite.up.url], {home: home.home, stdin: suite.up.token})
    expect([r.code, existsSync(lock)]).to.deep.equal([0, false])
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles).to.have.key('default')
  })

  it('a profile named like a prototype (__proto__, constructor): exit 2, nothing sent', async () => {
    const r = await runCli(['auth', 'login', '--base-url', suite.up.url, '--profile', '__proto__'], {
      home: home.home,
      stdin: suite.up.token,
    })
    expect([r.code, r.stderr]).to.deep.equal([
      2,
      'Error: profile name "__proto__" is not allowed (it names a JavaScript internal): choose another\n',
    ])
    expect(suite.up.requests).to.deep.equal([])
  })

  it('auth commands have no dry run: exit 2, nothing sent, nothing written', async () => {
    const r = await runCli(['auth', 'login', '--base-url', suite.up.url, '--dry-run'], {
      home: home.home,
      stdin: suite.up.token,
    })
    expect(r.code).to.equal(2)
    expect(r.stderr).to.equal('Error: cli auth login has no dry run: it works on the local config file (see --help)\n')
    expect(suite.up.requests).to.deep.equal([])
    expect(existsSync(configFile())).to.equal(false)
  })

  it('a config file that is not JSON: exit 2 with what to do', async () => {
    mkdirSync(home.configDir, {recursive: true})
    writeFileSync(configFile(), '{oops', {mode: 0o600})
    const r = await runCli(['clients', 'list'], {home: home.home})
    expect(r.code).to.equal(2)
    expect(r.stderr).to.equal(
      `Error: config file ${configFile()} is not valid JSON: fix it, or delete it and run "cli auth login"\n`,
    )
  })

  const login = (profile: string) =>
    runCli(['auth', 'login', '--base-url', suite.up.url, '--profile', profile], {
      home: home.home,
      stdin: suite.up.token,
    })
  /** A profile saved by hand (login would check it against an upstream that answers). */
  const saveProfile = async (name: string, baseUrl: string, active = true) => {
    const {mkdirSync, writeFileSync} = await import('node:fs')
    const config = existsSync(configFile()) ? JSON.parse(readFileSync(configFile(), 'utf8')) : {profiles: {}}
    config.profiles[name] = {base_url: baseUrl, token: suite.up.token}
    if (active) config.active = name
    mkdirSync(home.configDir, {recursive: true, mode: 0o700})
    writeFileSync(configFile(), JSON.stringify(config), {mode: 0o600})
  }

  it('auth list: name, base URL and the profile in use, never a token; sends nothing', async () => {
    const none = await runCli(['auth', 'list'], {home: home.home})
    expect(none.code).to.equal(0)
    expect(none.stdout).to.equal('No profiles saved: "cli auth login --base-url URL" saves one.\n')
    await login('prod')
    await saveProfile('staging', 'http://localhost:1')
    suite.up.requests.length = 0
    const r = await runCli(['auth', 'list'], {home: home.home})
    expect(r.code).to.equal(0)
    expect(r.stdout).to.equal(`  NAME     BASE URL\n  prod     ${suite.up.url}\n* staging  http://localhost:1\n`)
    const j = await runCli(['auth', 'list', '--output', 'json'], {home: home.home, env: {CLI_PROFILE: 'prod'}})
    expect(JSON.parse(j.stdout)).to.deep.equal({
      profiles: [
        {name: 'prod', base_url: suite.up.url, active: true},
        {name: 'staging', base_url: 'http://localhost:1', active: false},
      ],
    })
    expect(r.stdout + j.stdout + r.stderr + j.stderr).not.to.include(suite.up.token)
    expect(suite.up.requests).to.deep.equal([])
  })

  it('auth switch NAME makes it the active profile; an unknown name is exit 2 naming the saved ones', async () => {
    await login('prod')
    await saveProfile('staging', 'http://localhost:1')
    const r = await runCli(['auth', 'switch', 'prod'], {home: home.home})
    expect(r.code).to.equal(0)
    expect(r.stdout).to.equal(`Active profile: prod (${suite.up.url})\n`)
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).active).to.equal('prod')
    const bad = await runCli(['auth', 'switch', 'prodd'], {home: home.home})
    expect(bad.code).to.equal(2)
    expect(bad.stderr).to.equal(
      'Error: profile "prodd" (auth switch) is not saved; did you mean prod? (saved profiles: prod, staging)\n',
    )
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).active).to.equal('prod')
  })

  for (const fastPath of ['1', '0']) {
    it(`an unknown --profile or CLI_PROFILE: exit 2 naming it and the saved ones, nothing sent, even with the environment set (fast path ${fastPath})`, async () => {
      await login('prod')
      suite.up.requests.length = 0
      const env = {...suite.env, CLI_FAST_PATH: fastPath}
      const flag = await runCli(['clients', 'list', '--profile', 'prodd'], {home: home.home, env})
      expect(flag.code).to.equal(2)
      expect(flag.stdout).to.equal('')
      expect(flag.stderr).to.equal(
        'Error: profile "prodd" (--profile) is not saved; did you mean prod? (saved profiles: prod)\n',
      )
      const variable = await runCli(['invoices', 'delete', 'WJxbojagwO', '--yes'], {
        home: home.home,
        env: {...env, CLI_PROFILE: 'staging'},
      })
      expect(variable.code).to.equal(2)
      expect(variable.stderr).to.equal('Error: profile "staging" (CLI_PROFILE) is not saved (saved profiles: prod)\n')
      expect(suite.up.requests).to.deep.equal([])
    })
  }

  it('auth status says where the URL and token come from and warns when the environment replaces the saved profile', async () => {
    await saveProfile('work', 'http://localhost:1')
    const r = await runCli(['auth', 'status'], {home: home.home, env: suite.env})
    expect(r.code).to.equal(0)
    expect(r.stdout).to.equal(
      `profile:  work (the active profile)\nbase URL: ${suite.up.url} (from CLI_BASE_URL)\ntoken:    valid (from ` +
        `CLI_API_TOKEN)\ncompany:  Stand-in Co\nuser:     Test User\n`,
    )
    // The token saved equals CLI_API_TOKEN: only the base URL differs.
    expect(r.stderr).to.equal('Warning: CLI_BASE_URL replaces the base URL saved in profile "work"\n')
  })

  it('auth commands list only the flags they honour (no --columns, no --dry-run)', async () => {
    for (const verb of ['login', 'status', 'logout', 'list', 'switch']) {
      const r = await runCli(['auth', verb, '--help'], {home: home.home})
      expect(r.code, verb).to.equal(0)
      expect(r.stdout, verb).not.to.match(/--columns|--dry-run/)
    }
  })
})
