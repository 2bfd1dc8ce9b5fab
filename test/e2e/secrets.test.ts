/**
 * Secrets: the token and CLI_API_PASSWORD never appear in any output (stdout, stderr, dry runs,
 * errors, --debug, the --verbose trace, JSON error documents); plain http:// only to loopback;
 * the config file's permissions.
 */
import {chmodSync, mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {type CliResult, makeHome, runCli} from '../support/cli.js'
import {useHome} from '../support/home-suite.js'
import {useUpstream} from '../support/upstream-suite.js'

const TOKEN = 'tok-SECRET-4f7a9c2e1b'
const PASSWORD = 'pw-SECRET-8d3e5a'

function clean(r: CliResult): void {
  for (const secret of [TOKEN, PASSWORD]) {
    expect(r.stdout, 'stdout').not.to.include(secret)
    expect(r.stderr, 'stderr').not.to.include(secret)
  }
}

describe('secrets never appear in any output', () => {
  const suite = useUpstream({token: TOKEN, password: PASSWORD, env: {CLI_API_PASSWORD: PASSWORD, CLI_RETRY_WAIT_SCALE: '0'}})

  it('--verbose traces method, URL, headers (secrets redacted), status and timing on stderr', async () => {
    const r = await runCli(['users', 'list', '--verbose', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(0)
    clean(r)
    expect(JSON.parse(r.stdout)).to.have.property('data')
    const lines = r.stderr.trimEnd().split('\n')
    expect(lines.slice(0, 7)).to.deep.equal([
      `> GET ${suite.up.url}/api/v1/users`,
      '> X-API-TOKEN: [REDACTED]',
      '> X-API-PASSWORD: [REDACTED]',
      '> X-Requested-With: XMLHttpRequest',
      '> Accept: application/json',
      lines[5],
      lines[6],
    ])
    expect(lines[5]).to.match(/^> User-Agent: invoicing-cli\/\d+\.\d+\.\d+$/)
    expect(lines[6]).to.match(/^< 200 OK \(\d+ ms\)$/)
    expect(lines).to.include('< content-type: application/json')
  })

  it('--verbose with a retry traces each attempt; response headers that carry secrets are redacted', async () => {
    suite.up.fault({kind: 'status', status: 503, method: 'GET', headers: {'Set-Cookie': `session=${TOKEN}`}})
    const r = await runCli(['clients', 'list', '--verbose'], {env: suite.env})
    expect(r.code).to.equal(0)
    clean(r)
    expect(r.stderr.match(/^> GET /gm)).to.have.length(2)
    expect(r.stderr).to.include('< 503 Service Unavailable (')
    expect(r.stderr).to.include('< set-cookie: [REDACTED]\n')
    expect(r.stderr).to.include('retrying GET /api/v1/clients in 0s (retry 1 of 3): the upstream answered 503\n')
  })

  it('an upstream error that echoes the secrets: redacted in the message, the field errors and the JSON document, also with --debug', async () => {
    suite.up.fault({kind: 'status', status: 500, body: {message: `token ${TOKEN} rejected`, errors: {password: [`${PASSWORD} is wrong`]}}})
    const r = await runCli(['clients', 'list', '--output', 'json', '--debug'], {env: suite.env})
    expect(r.code).to.equal(1)
    clean(r)
    const [line, detail, doc] = r.stderr.trimEnd().split('\n')
    expect(line).to.equal('Error: upstream answered 500: token [REDACTED] rejected')
    expect(detail).to.equal('  password: [REDACTED] is wrong')
    expect(JSON.parse(doc)).to.deep.equal({error: {status: 500, message: 'token [REDACTED] rejected', errors: {password: ['[REDACTED] is wrong']}, exit_code: 1}})
  })

  it('an answer holding the token in use (tokens list) shows it redacted, in JSON and in tables', async () => {
    suite.up.seed('tokens', [{name: 'CI', token: TOKEN}])
    const json = await runCli(['tokens', 'list', '--output', 'json'], {env: suite.env})
    expect(json.code).to.equal(0)
    clean(json)
    expect(JSON.parse(json.stdout).data[0].token).to.equal('[REDACTED]')
    const table = await runCli(['tokens', 'show', suite.up.records('tokens')[0].id as string], {env: suite.env})
    expect(table.code).to.equal(0)
    clean(table)
    expect(table.stdout).to.match(/^token\s+\[REDACTED\]$/m)
  })

  it('dry runs, network errors with --debug, login and status never show them', async () => {
    const runs: CliResult[] = await Promise.all([
      runCli(['users', 'create', '--name', 'x', '--dry-run', '--output', 'json', '--verbose'], {env: suite.env}),
      runCli(['users', 'list', '--debug', '--retries', '0', '--verbose'], {env: {...suite.env, CLI_BASE_URL: 'http://127.0.0.1:9'}}),
    ])
    const home = makeHome()
    try {
      runs.push(await runCli(['auth', 'login', '--base-url', suite.up.url, '--verbose', '--output', 'json'], {home: home.home, stdin: TOKEN}))
      runs.push(await runCli(['auth', 'status', '--verbose', '--output', 'json'], {home: home.home}))
    } finally {
      home.cleanup()
    }
    expect(runs.map((r) => r.code)).to.deep.equal([0, 1, 0, 0])
    for (const r of runs) clean(r)
    expect(runs[0].stdout).to.include('"X-API-PASSWORD":"[REDACTED]"')
    expect(runs[1].stderr).to.match(/\n\s+at /)
    expect(runs[3].stderr).to.include('> X-API-TOKEN: [REDACTED]')
  })

  describe('plain http:// only to loopback', () => {
    it('a host that is not loopback: exit 2, saying why, nothing sent', async () => {
      const r = await runCli(['clients', 'list'], {env: {...suite.env, CLI_BASE_URL: 'http://invoicing.example.com'}})
      expect(r.code).to.equal(2)
      expect(r.stderr).to.equal(
        'Error: refusing to send the API token over plain http:// to invoicing.example.com: anyone on the network could read it. Use https://, or pass --insecure (CLI_INSECURE=1) to send it anyway\n',
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
      expect(r.stderr).to.match(/^Error: refusing to send the API token over plain http:\/\/ to invoicing\.example\.com/)
    })
  })

  describe('the config file', () => {
    const home = useHome()
    const write = (mode: number) => {
      mkdirSync(home.configDir, {recursive: true, mode: 0o700})
      const path = join(home.configDir, 'config.json')
      writeFileSync(path, JSON.stringify({active: 'default', profiles: {default: {base_url: suite.up.url, token: TOKEN}}}))
      chmodSync(path, mode)
      return path
    }
    it('readable by others: one warning on stderr for every command that reads it', async () => {
      const path = write(0o644)
      const warning = `warning: ${path} is readable by other users, and it holds API tokens: run chmod 600 ${path}\n`
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
