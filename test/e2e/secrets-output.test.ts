/**
 * Secrets: the token and CLI_API_PASSWORD never appear in any output (stdout, stderr, dry runs,
 * errors, --debug, the --verbose trace, JSON error documents), in any spelling the upstream echoes them.
 */
import {mkdirSync, mkdtempSync, readdirSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {type CliResult, makeHome, runCli} from '../support/cli.js'
import {clean, PASSWORD, TOKEN, useSecretsUpstream} from './secrets-suite.js'

describe('secrets never appear in any output', () => {
  const suite = useSecretsUpstream()

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
    suite.up.fault({
      kind: 'status',
      status: 500,
      body: {message: `token ${TOKEN} rejected`, errors: {password: [`${PASSWORD} is wrong`]}},
    })
    const r = await runCli(['clients', 'list', '--output', 'json', '--debug'], {env: suite.env})
    expect(r.code).to.equal(1)
    clean(r)
    const [line, detail, doc] = r.stderr.trimEnd().split('\n')
    expect(line).to.equal('Error: upstream answered 500: token [REDACTED] rejected')
    expect(detail).to.equal('  password: [REDACTED] is wrong')
    expect(JSON.parse(doc)).to.deep.equal({
      error: {
        status: 500,
        message: 'token [REDACTED] rejected',
        errors: {password: ['[REDACTED] is wrong']},
        exit_code: 1,
      },
    })
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

  describe('an upstream that echoes the token in other spellings (issue 14)', () => {
    const escaped = [...TOKEN].map((c) => (c === '-' ? '\\u002d' : c === 'S' ? '\\u0053' : c)).join('')

    it('a text/* answer: printed with the secrets scrubbed', async () => {
      const csv = `name,token\r\nCI,${TOKEN}\r\nold,${PASSWORD}\r\n`
      suite.up.fault({
        method: 'POST',
        path: '/api/v1/reports/clients',
        kind: 'raw',
        status: 200,
        contentType: 'text/csv',
        body: csv,
      })
      const r = await runCli(['reports', 'run', '--endpoint', 'reports/clients'], {env: suite.env})
      expect([r.code, r.stdout]).to.deep.equal([0, 'name,token\r\nCI,[REDACTED]\r\nold,[REDACTED]\r\n'])
      clean(r)
      expect(suite.up.requests).to.have.length(1)
    })

    it('JSON-escaped (\\u002d) or percent-encoded: redacted in json, ndjson and tables', async () => {
      const body =
        `{"data":[{"id":"t1","name":"CI","token":"${escaped}",` +
        `"url":"https://x.example/?t=${encodeURIComponent(TOKEN).replaceAll('-', '%2D')}"}]}`
      for (let i = 0; i < 3; i++)
        suite.up.fault({
          method: 'GET',
          path: '/api/v1/tokens',
          kind: 'raw',
          status: 200,
          contentType: 'application/json',
          body,
        })
      const runs = [
        ['-o', 'json'],
        ['-o', 'ndjson'],
        ['--columns', 'id,token'],
      ].map((flags) => runCli(['tokens', 'list', ...flags], {env: suite.env}))
      const [json, ndjson, table] = await Promise.all(runs)
      for (const r of [json, ndjson, table]) {
        expect(r.code, r.stderr).to.equal(0)
        clean(r)
        expect(r.stdout).not.to.include(escaped)
      }
      expect(JSON.parse(json.stdout).data[0]).to.deep.equal({
        id: 't1',
        name: 'CI',
        token: '[REDACTED]',
        url: 'https://x.example/?t=[REDACTED]',
      })
      expect(table.stdout).to.match(/^t1\s+\[REDACTED\]$/m)
    })

    it('in a Content-Disposition file name: never used as the name (download.pdf instead)', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-secret-name-'))
      const names = [
        `attachment; filename="inv-${TOKEN}.pdf"`,
        `attachment; filename*=UTF-8''inv-${TOKEN.replaceAll('-', '%2D')}.pdf`,
      ]
      for (const [i, disposition] of names.entries()) {
        const folder = join(dir, String(i))
        mkdirSync(folder)
        suite.up.fault({
          kind: 'raw',
          status: 200,
          contentType: 'application/pdf',
          body: '%PDF-1.4 x',
          headers: {'Content-Disposition': disposition},
        })
        const r = await runCli(['quotes', 'download', 'quokey0001acmeQ7fK2mW9xR4tB8nL3p', '--output-file', folder], {
          env: suite.env,
        })
        expect([r.code, r.stderr]).to.deep.equal([0, `saved ${join(folder, 'download.pdf')}\n`])
        expect(readdirSync(folder)).to.deep.equal(['download.pdf'])
      }
    })
  })

  it('dry runs, network errors with --debug, login and status never show them', async () => {
    const runs: CliResult[] = await Promise.all([
      runCli(
        [
          'users',
          'create',
          '--field',
          'first_name=x',
          '--field',
          'last_name=y',
          '--dry-run',
          '--output',
          'json',
          '--verbose',
        ],
        {
          env: suite.env,
        },
      ),
      runCli(['users', 'list', '--debug', '--retries', '0', '--verbose'], {
        env: {...suite.env, CLI_BASE_URL: 'http://127.0.0.1:9'},
      }),
    ])
    const home = makeHome()
    try {
      runs.push(
        await runCli(['auth', 'login', '--base-url', suite.up.url, '--verbose', '--output', 'json'], {
          home: home.home,
          stdin: TOKEN,
        }),
      )
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
})
