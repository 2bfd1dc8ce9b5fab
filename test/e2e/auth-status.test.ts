/** cli auth status: the profile, base URL and token with where each comes from, and validity; never the token. */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useAuthSuite} from './auth-suite.js'

const NO_POLICY = 'policy:   none: any change the token allows (no local guardrail)\n'

describe('auth and profiles', () => {
  const {suite, home, saveProfile} = useAuthSuite()

  it('status: profile, URL, token source and validity, never the token', async () => {
    await runCli(['auth', 'login', '--base-url', suite.up.url, '--profile', 'work'], {
      home: home.home,
      stdin: suite.up.token,
    })
    const r = await runCli(['auth', 'status'], {home: home.home})
    expect(r.code).to.equal(0)
    expect(r.stdout).to.equal(
      `profile:  work (the active profile)\nbase URL: ${suite.up.url} (from profile "work")\ntoken:    valid ` +
        `(from profile "work", in the config file)\ncompany:  Stand-in Co\nuser:     Test User\n${NO_POLICY}`,
    )
    expect(r.stderr).to.equal('')
    const j = await runCli(['auth', 'status', '--output', 'json'], {home: home.home})
    expect(JSON.parse(j.stdout)).to.deep.equal({
      profile: 'work',
      profile_source: 'active profile',
      base_url: suite.up.url,
      base_url_source: 'profile',
      token_source: 'profile',
      token_store: 'file',
      policy: {},
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
      `profile:  default (the default: no active profile saved)\nbase URL: none\ntoken:    none\n${NO_POLICY}`,
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
        `token:    rejected (from CLI_API_TOKEN)\n${NO_POLICY}`,
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
      token_store: 'environment',
      policy: {},
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
        `CLI_BASE_URL)\ntoken:    not checked (from CLI_API_TOKEN)\n${NO_POLICY}`,
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

  it('auth status says where the URL and token come from and warns when the environment replaces the saved profile', async () => {
    await saveProfile('work', 'http://localhost:1')
    const r = await runCli(['auth', 'status'], {home: home.home, env: suite.env})
    expect(r.code).to.equal(0)
    expect(r.stdout).to.equal(
      `profile:  work (the active profile)\nbase URL: ${suite.up.url} (from CLI_BASE_URL)\ntoken:    valid (from ` +
        `CLI_API_TOKEN)\ncompany:  Stand-in Co\nuser:     Test User\n${NO_POLICY}`,
    )
    // The token saved equals CLI_API_TOKEN: only the base URL differs.
    expect(r.stderr).to.equal('Warning: CLI_BASE_URL replaces the base URL saved in profile "work"\n')
  })
  it('status shows the policy of the profile in use, each rule', async () => {
    await saveProfile('work', suite.up.url)
    const set = await runCli(['profile', 'policy', 'work', '--read-only', '--deny', 'invoices:*'], {home: home.home})
    expect(set.code, set.stderr).to.equal(0)
    const r = await runCli(['auth', 'status'], {home: home.home})
    expect(r.code).to.equal(0)
    expect(r.stdout).to.match(/\npolicy: {3}read_only: no change by any road; deny: invoices:\*\n$/)
    const j = await runCli(['auth', 'status', '-o', 'json'], {home: home.home})
    expect(JSON.parse(j.stdout).policy).to.deep.equal({read_only: true, deny: ['invoices:*']})
    expect(suite.up.requests.map((q) => q.path)).to.deep.equal(['/api/v1/ping', '/api/v1/ping'])
  })
})
