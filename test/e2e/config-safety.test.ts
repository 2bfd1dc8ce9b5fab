/**
 * The config file under concurrent and hostile conditions: a stale lock found by many logins at once, keys a
 * newer version wrote, a folder others may write to. Nothing is lost, nothing is left behind.
 */
import {chmodSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useHome} from '../support/home-suite.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('config: concurrent logins, unknown keys, an open folder', function () {
  this.timeout(60_000)
  const suite = useUpstream()
  const home = useHome()
  const configFile = (): string => join(home.configDir, 'config.json')
  const login = (profile: string) =>
    runCli(['auth', 'login', '--base-url', suite.up.url, '--profile', profile], {
      home: home.home,
      stdin: suite.up.token,
    })

  it('10 logins at once finding a stale lock: every profile saved, one /ping each, no lock or temporary file', async () => {
    mkdirSync(home.configDir, {recursive: true, mode: 0o700})
    const lock = `${configFile()}.lock`
    writeFileSync(lock, '99999\n')
    utimesSync(lock, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))
    const names = Array.from({length: 10}, (_, i) => `p${i}`)
    const runs = await Promise.all(names.map((p) => login(p)))
    expect(runs.map((r) => [r.code, r.stderr])).to.deep.equal(names.map(() => [0, '']))
    expect(Object.keys(JSON.parse(readFileSync(configFile(), 'utf8')).profiles).sort()).to.deep.equal(names)
    expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal(names.map(() => 'GET /api/v1/ping'))
    expect(readdirSync(home.configDir)).to.deep.equal(['config.json'])
  })

  it('keys this version does not know are kept by the next save', async () => {
    mkdirSync(home.configDir, {recursive: true, mode: 0o700})
    writeFileSync(configFile(), JSON.stringify({profiles: {}, telemetry: false, ui: {theme: 'dark'}}), {mode: 0o600})
    const r = await login('work')
    expect([r.code, r.stderr]).to.deep.equal([0, ''])
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).to.deep.equal({
      profiles: {work: {base_url: suite.up.url, token: suite.up.token}},
      telemetry: false,
      ui: {theme: 'dark'},
      active: 'work',
    })
  })

  it('a config folder anyone may write to: warned about, once', async () => {
    mkdirSync(home.configDir, {recursive: true})
    chmodSync(home.configDir, 0o777)
    const r = await login('default')
    expect([r.code, r.stderr]).to.deep.equal([
      0,
      `Warning: ${home.configDir} can be written by other users: run chmod 700 ${home.configDir}\n`,
    ])
    expect(readdirSync(home.configDir)).to.deep.equal(['config.json'])
  })
})
