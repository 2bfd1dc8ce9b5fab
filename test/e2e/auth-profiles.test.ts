/** Profiles: chosen by --profile and CLI_PROFILE, listed and switched with cli auth list / switch. */
import {readFileSync} from 'node:fs'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useAuthSuite} from './auth-suite.js'

describe('auth and profiles', () => {
  const {suite, home, configFile, login, saveProfile} = useAuthSuite()

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

  it('auth commands list only the flags they honour (no --columns, no --dry-run)', async () => {
    for (const verb of ['login', 'status', 'logout', 'list', 'switch']) {
      const r = await runCli(['auth', verb, '--help'], {home: home.home})
      expect(r.code, verb).to.equal(0)
      expect(r.stdout, verb).not.to.match(/--columns|--dry-run/)
    }
  })
})
