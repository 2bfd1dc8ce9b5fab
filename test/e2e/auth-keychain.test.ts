/**
 * Tokens in the OS keychain: `auth login --keychain` against a real Secret Service (gnome-keyring on a private
 * D-Bus session, installed by ../support/secret-service.ts where it can be), the lookup order (environment, keychain,
 * file), `auth status` and `auth logout`; and without any keychain service: exit 2, one line, nothing saved.
 */
import {execFileSync} from 'node:child_process'
import {existsSync, readFileSync} from 'node:fs'

import {expect} from 'chai'

import {ROOT, runCli} from '../support/cli.js'
import {type SecretService, startSecretService} from '../support/secret-service.js'
import {useAuthSuite} from './auth-suite.js'

/** A session bus address where nothing listens: no keychain service answers there. */
const NO_BUS = 'unix:path=/nonexistent/cli-test-bus'

/** What the keychain itself holds for a profile, read with the same library outside the CLI. */
function keychainHolds(address: string, profile: string): string | null {
  const script =
    "const {Entry} = require('@napi-rs/keyring'); " +
    `process.stdout.write(JSON.stringify(new Entry('invoicing-cli', ${JSON.stringify(profile)}, ` +
    "{linux: {store: 'secret-service'}}).getPassword()))"
  return JSON.parse(
    execFileSync(process.execPath, ['-e', script], {
      cwd: ROOT,
      env: {...process.env, DBUS_SESSION_BUS_ADDRESS: address},
    })
      .toString()
      .trim(),
  )
}

describe('auth: tokens in the OS keychain', () => {
  const {suite, home, configFile} = useAuthSuite()

  describe('without a keychain service', () => {
    it('login --keychain: exit 2, one clear line, nothing saved, nothing sent, no fallback to the file', async () => {
      const r = await runCli(['auth', 'login', '--keychain', '--base-url', suite.up.url], {
        home: home.home,
        stdin: suite.up.token,
        env: {DBUS_SESSION_BUS_ADDRESS: NO_BUS},
      })
      expect(r.code).to.equal(2)
      expect(r.stdout).to.equal('')
      expect(r.stderr.split('\n')).to.have.length(2)
      expect(r.stderr).to.match(
        /^Error: no OS keychain answered while opening the OS keychain for profile "default" \(/,
      )
      expect(r.stderr).to.match(
        /: start the keychain service .* log in without --keychain to keep the token in the config/,
      )
      expect(r.stderr).not.to.contain(suite.up.token)
      expect(existsSync(configFile())).to.equal(false)
      expect(suite.up.requests).to.deep.equal([])
    })

    it('a profile whose token is in the keychain: a command exits 2 naming the keychain, nothing sent', async () => {
      const {mkdirSync, writeFileSync} = await import('node:fs')
      mkdirSync(home.configDir, {recursive: true, mode: 0o700})
      const config = {active: 'k', profiles: {k: {base_url: suite.up.url, token_store: 'keychain'}}}
      writeFileSync(configFile(), JSON.stringify(config), {mode: 0o600})
      const r = await runCli(['clients', 'list'], {home: home.home, env: {DBUS_SESSION_BUS_ADDRESS: NO_BUS}})
      expect(r.code).to.equal(2)
      expect(r.stderr).to.match(/^Error: no OS keychain answered while reading the token of profile "k" \(/)
      expect(suite.up.requests).to.deep.equal([])
      const status = await runCli(['auth', 'status'], {home: home.home, env: {DBUS_SESSION_BUS_ADDRESS: NO_BUS}})
      expect(status.code).to.equal(2)
      expect(status.stdout).to.contain('token:    not read (profile "k", in the OS keychain, which did not answer)\n')
      expect(suite.up.requests).to.deep.equal([])
      // The environment comes first: with CLI_API_TOKEN the keychain is not asked.
      const env = await runCli(['clients', 'list', '-o', 'json'], {
        home: home.home,
        env: {DBUS_SESSION_BUS_ADDRESS: NO_BUS, CLI_API_TOKEN: suite.up.token},
      })
      expect(env.code).to.equal(0)
      expect(suite.up.requests.map((q) => q.headers['x-api-token'])).to.deep.equal([suite.up.token])
    })
  })

  describe('against a real Secret Service (gnome-keyring under dbus-run-session)', function () {
    this.timeout(300_000)
    let service: SecretService | undefined
    before(async function () {
      const started = await startSecretService()
      if (typeof started === 'string') {
        // Said plainly in the test output: these tests did not run, and why.
        console.log(`      NOTE: keychain tests against a real Secret Service cannot run here: ${started}`)
        this.skip()
      }
      service = started as SecretService
    })
    after(() => service?.stop())
    const bus = () => ({DBUS_SESSION_BUS_ADDRESS: service!.address})

    it('login --keychain keeps the token there, the config only says where; status and commands find it', async () => {
      const r = await runCli(['auth', 'login', '--keychain', '--base-url', suite.up.url, '--profile', 'kc'], {
        home: home.home,
        stdin: suite.up.token,
        env: bus(),
      })
      expect(r.code, r.stderr).to.equal(0)
      expect(r.stdout).to.equal(
        `Logged in to Stand-in Co as Test User; profile "kc" saved in ${configFile()}, its token in the OS keychain\n`,
      )
      const text = readFileSync(configFile(), 'utf8')
      expect(text).not.to.contain(suite.up.token)
      expect(JSON.parse(text)).to.deep.equal({
        active: 'kc',
        profiles: {kc: {base_url: suite.up.url, token_store: 'keychain'}},
      })
      expect(keychainHolds(service!.address, 'kc')).to.equal(suite.up.token)

      const status = await runCli(['auth', 'status'], {home: home.home, env: bus()})
      expect(status.code, status.stderr).to.equal(0)
      expect(status.stdout).to.contain('token:    valid (from profile "kc", in the OS keychain)\n')
      expect(status.stdout).not.to.contain(suite.up.token)
      const json = JSON.parse((await runCli(['auth', 'status', '-o', 'json'], {home: home.home, env: bus()})).stdout)
      expect(json).to.include({token_source: 'keychain', token_store: 'keychain'})

      suite.up.requests.length = 0
      const list = await runCli(['clients', 'list', '-o', 'json'], {home: home.home, env: bus()})
      expect(list.code, list.stderr).to.equal(0)
      expect(suite.up.requests.map((q) => `${q.method} ${q.path} ${q.headers['x-api-token']}`)).to.deep.equal([
        `GET /api/v1/clients ${suite.up.token}`,
      ])
      // The environment comes before the keychain.
      const env = await runCli(['auth', 'status', '-o', 'json'], {home: home.home, env: {...bus(), CLI_API_TOKEN: 'x'}})
      expect(JSON.parse(env.stdout)).to.include({token_source: 'CLI_API_TOKEN', token_store: 'environment'})
    })

    it('logout removes the token from the keychain and the profile from the file', async () => {
      await runCli(['auth', 'login', '--keychain', '--base-url', suite.up.url, '--profile', 'gone'], {
        home: home.home,
        stdin: suite.up.token,
        env: bus(),
      })
      expect(keychainHolds(service!.address, 'gone')).to.equal(suite.up.token)
      const r = await runCli(['auth', 'logout', '--profile', 'gone'], {home: home.home, env: bus()})
      expect(r.code, r.stderr).to.equal(0)
      expect(r.stdout).to.equal('Logged out: profile "gone" removed\n')
      expect(keychainHolds(service!.address, 'gone')).to.equal(null)
      expect(JSON.parse(readFileSync(configFile(), 'utf8'))).to.deep.equal({profiles: {}})
    })

    it('logging in again without --keychain moves the token to the file and out of the keychain', async () => {
      const login = (extra: string[]) =>
        runCli(['auth', 'login', '--base-url', suite.up.url, '--profile', 'mv', ...extra], {
          home: home.home,
          stdin: suite.up.token,
          env: bus(),
        })
      expect((await login(['--keychain'])).code).to.equal(0)
      const r = await login([])
      expect(r.code, r.stderr).to.equal(0)
      expect(keychainHolds(service!.address, 'mv')).to.equal(null)
      expect(JSON.parse(readFileSync(configFile(), 'utf8')).profiles.mv).to.deep.equal({
        base_url: suite.up.url,
        token: suite.up.token,
      })
    })
  })
})
