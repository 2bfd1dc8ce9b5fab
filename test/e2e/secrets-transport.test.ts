/**
 * Secrets on their way out: plain http:// only to loopback, a profile's token only to its base URL, and the
 * config file that holds them readable by its owner alone.
 */
import {chmodSync, mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useHome} from '../support/home-suite.js'
import {startUpstream, type Upstream} from '../support/upstream.js'
import {clean, TOKEN, useSecretsUpstream} from './secrets-suite.js'

describe('secrets never appear in any output', () => {
  const suite = useSecretsUpstream()

  describe('plain http:// only to loopback', () => {
    it('a host that is not loopback: exit 2, saying why, nothing sent', async () => {
      const r = await runCli(['clients', 'list'], {env: {...suite.env, CLI_BASE_URL: 'http://invoicing.example.com'}})
      expect(r.code).to.equal(2)
      expect(r.stderr).to.equal(
        'Error: refusing to send the API token over plain http:// to invoicing.example.com: anyone on the ' +
          'network could read it. Use https://, or pass --insecure (CLI_INSECURE=1) to send it anyway\n',
      )
    })

    it('--insecure or CLI_INSECURE=1 opt in (here an IPv4-mapped address, which is not on the loopback list)', async () => {
      const mapped = suite.up.url.replace('127.0.0.1', '[::ffff:127.0.0.1]')
      const refused = await runCli(['clients', 'list'], {env: {...suite.env, CLI_BASE_URL: mapped}})
      expect(refused.code).to.equal(2)
      expect(suite.up.requests).to.have.length(0)
      const [flag, envVar] = await Promise.all([
        runCli(['clients', 'list', '--insecure'], {env: {...suite.env, CLI_BASE_URL: mapped}}),
        runCli(['clients', 'list'], {env: {...suite.env, CLI_BASE_URL: mapped, CLI_INSECURE: '1'}}),
      ])
      expect([flag.code, envVar.code]).to.deep.equal([0, 0])
      expect(suite.up.requests).to.have.length(2)
    })

    it('auth login refuses it too, before asking anything of the upstream', async () => {
      const r = await runCli(['auth', 'login', '--base-url', 'http://invoicing.example.com'], {stdin: TOKEN})
      expect(r.code).to.equal(2)
      expect(r.stderr).to.match(
        /^Error: refusing to send the API token over plain http:\/\/ to invoicing\.example\.com/,
      )
    })
  })

  describe("a profile's token goes only to that profile's base URL (issue 14)", () => {
    const home = useHome()
    let other: Upstream
    before(async () => (other = await startUpstream({token: TOKEN})))
    after(() => other.close())
    beforeEach(async () => {
      other.reset()
      await runCli(['auth', 'login', '--base-url', suite.up.url, '--profile', 'work'], {home: home.home, stdin: TOKEN})
      suite.up.reset()
    })

    it('CLI_BASE_URL or --base-url naming another server: exit 4 saying why, nothing sent anywhere', async () => {
      const why =
        `Error: the token of profile "work" is sent only to its base URL ${suite.up.url}, and %s ` +
        `names ${other.url}: set CLI_API_TOKEN to a token for that server, or log in to it with "cli auth login ` +
        `--profile NAME"\n`
      const [viaEnv, viaFlag, status] = await Promise.all([
        runCli(['clients', 'list'], {home: home.home, env: {CLI_BASE_URL: other.url}}),
        runCli(['clients', 'list', '--base-url', other.url], {home: home.home}),
        runCli(['auth', 'status', '--base-url', other.url], {home: home.home}),
      ])
      expect([viaEnv.code, viaEnv.stderr]).to.deep.equal([4, why.replace('%s', 'CLI_BASE_URL')])
      expect([viaFlag.code, viaFlag.stderr]).to.deep.equal([4, why.replace('%s', '--base-url')])
      // auth status also says what the flag replaces (issue 15), then why the token stays home.
      expect([status.code, status.stderr]).to.deep.equal([
        4,
        `Warning: --base-url replaces the base URL saved in profile "work"\n${why.replace('%s', '--base-url')}`,
      ])
      expect([other.requests.length, suite.up.requests.length]).to.deep.equal([0, 0])
    })

    it('with CLI_API_TOKEN the override is used; the same server spelled differently keeps the profile token', async () => {
      const [elsewhere, same] = await Promise.all([
        runCli(['clients', 'list', '--base-url', other.url], {home: home.home, env: {CLI_API_TOKEN: TOKEN}}),
        runCli(['clients', 'list', '--base-url', `${suite.up.url}/api/v1/`], {home: home.home}),
      ])
      expect([elsewhere.code, same.code]).to.deep.equal([0, 0])
      expect([other.requests.length, suite.up.requests.length]).to.deep.equal([1, 1])
    })
  })

  describe('the config file', () => {
    const home = useHome()
    const write = (mode: number) => {
      mkdirSync(home.configDir, {recursive: true, mode: 0o700})
      const path = join(home.configDir, 'config.json')
      writeFileSync(
        path,
        JSON.stringify({active: 'default', profiles: {default: {base_url: suite.up.url, token: TOKEN}}}),
      )
      chmodSync(path, mode)
      return path
    }
    it('readable by others: one warning on stderr for every command that reads it', async () => {
      const path = write(0o644)
      const warning = `Warning: ${path} is readable by other users, and it holds API tokens: run chmod 600 ${path}\n`
      const [list, dry, status] = await Promise.all([
        runCli(['clients', 'list', '--output', 'json'], {home: home.home}),
        runCli(['clients', 'show', 'VolejRejNm', '--dry-run'], {home: home.home}),
        runCli(['auth', 'status'], {home: home.home}),
      ])
      expect(list.code).to.equal(0)
      expect(list.stderr).to.equal(warning)
      expect(dry.stderr).to.equal(warning)
      expect(status.code).to.equal(0)
      expect(status.stderr).to.equal(warning)
      for (const r of [list, dry, status]) clean(r)
    })

    it('0600: no warning', async () => {
      write(0o600)
      const r = await runCli(['clients', 'list'], {home: home.home})
      expect(r.code).to.equal(0)
      expect(r.stderr).to.equal('')
    })
  })
})
