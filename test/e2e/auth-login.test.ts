/** cli auth login and logout, and the config file: its modes, its lock, bad profile names, bad JSON. */
import {existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync} from 'node:fs'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useAuthSuite} from './auth-suite.js'

describe('auth and profiles', () => {
  const {suite, home, configFile} = useAuthSuite()

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
})
