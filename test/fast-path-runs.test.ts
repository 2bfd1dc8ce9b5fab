/**
 * The fast path (src/fast/run.ts) runs resource commands without oclif: a command it runs prints
 * and sends the same as under oclif (CLI_FAST_PATH=0). Which path ran is checked by the modules
 * each run loads: oclif lives in dist/bundle.js, which the fast path never imports. Its parser is
 * held to oclif's in fast-path-parser.test.ts.
 */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {makeHome, type CliResult} from './support/cli.js'
import {runLogged} from './support/module-log.js'
import type {RecordedRequest} from './support/upstream.js'
import {useUpstream} from './support/upstream-suite.js'

describe('fast path: runs the CLI commands, exactly as oclif would', function () {
  this.timeout(60_000)
  const suite = useUpstream()

  const seen = (requests: RecordedRequest[]) =>
    requests.map((q) => {
      const {'user-agent': ua, connection, host, ...headers} = q.headers
      return {
        method: q.method,
        path: q.path,
        query: q.rawQuery,
        headers,
        body: q.body.toString('base64'),
        ua,
        host: host !== undefined,
      }
    })

  // The stand-in stamps records with the time in seconds, which may tick between the two runs.
  const shown = (r: CliResult) => ({
    code: r.code,
    stdout: r.stdout.replaceAll(/\b1\d{9}\b|\d{4}-\d\d-\d\d \d\d:\d\d/g, '<time>'),
    stderr: r.stderr,
  })

  // Each line runs on the fast path, then under oclif (CLI_FAST_PATH=0) against a fresh stand-in.
  const lines: string[][] = [
    ['clients', 'show', 'VolejRejNm'],
    ['clients', 'show', 'VolejRejNm', '--output', 'json', '--include', 'contacts'],
    ['clients', 'show', 'nope'], // 404
    ['clients', 'show', 'nope', '-o', 'json'],
    ['invoices', 'list', '--all', '--per-page', '1', '--limit', '2', '--output', 'ndjson'],
    ['clients', 'list', '--output', 'csv', '--columns', 'id,name'],
    ['clients', 'list', '--dry-run', '--output', 'yaml'],
    [
      'clients',
      'create',
      '--name',
      'Fast Ltd',
      '-F',
      'settings.currency_id="1"',
      '--yes',
      '-o',
      'csv',
      '--columns',
      'id,name,settings.currency_id',
    ],
    ['clients', 'create', '--name', 'Fast Ltd'], // the guardrail
    ['clients', 'update', 'VolejRejNm', '--data', '{"name":1}'], // a type error
    ['clients', 'delete', 'VolejRejNm', '--yes'],
    ['invoices', 'bulk', '--action', 'archive', '--id', 'Aa00000001', '--yes', '--dry-run'],
    ['clients', 'show', 'VolejRejNm', '--base-url', 'http://example.com'], // plain http refused
    ['invoices', 'list'], // status names, local times
    // a missing column's warning
    ['clients', 'show', 'VolejRejNm', '--output', 'yaml', '--columns', 'name,contacts.0.email,nmae'],
    ['invoices', 'list', '--status', 'active,archived', '-o', 'json', '--columns', 'number,status_id'],
    ['clients', 'list', '--all', '-o', 'ndjson', '--query', 'data[].name'],
    ['clients', 'list', '--query', 'data['], // a bad expression
    ['invoices', 'bulk', '--action', 'markpaid', '--id', 'WJxbojagwO', '--yes'], // an unknown action
    ['clients', 'list', '--profile', 'nope'], // an unsaved profile
    ['invoices', 'create', '--client-id', 'VolejRejNm', '--line-item', 'notes=a,', 'b', '--yes'], // split by the shell
    ['clients:show', 'VolejRejNm'], // oclif's own spelling of the id
    // The CLI's other commands and the runners plugin's
    ['api', 'GET', 'clients', '--param', 'per_page=1', '-o', 'json'],
    ['api', 'POST', 'clients', '--data', '{"name":"Via api"}', '--yes'],
    ['auth', 'status'],
    ['auth', 'status', '--output', 'json'],
    ['auth', 'list'],
    ['statics', '--dry-run'],
    ['utility', 'run', '--output', 'json'],
    ['utility', 'run', '--endpoint', 'nope'],
    ['search', 'run', '-F', 'search=Acme', '--dry-run'],
    ['reports', 'run', '--endpoint', 'reports/clients', '--dry-run'],
  ]

  for (const args of lines) {
    it(`cli ${args.join(' ')}`, async () => {
      const viaFast = await runLogged(args, suite.env)
      const fastRequests = seen(suite.up.requests)
      suite.up.reset()
      const viaOclif = await runLogged(args, {...suite.env, CLI_FAST_PATH: '0'})
      expect(viaFast.oclif, 'the fast path loaded oclif').to.equal(false)
      expect(viaOclif.oclif).to.equal(true)
      expect(shown(viaFast)).to.deep.equal(shown(viaOclif))
      expect(fastRequests).to.deep.equal(seen(suite.up.requests))
    })
  }

  it('hands usage errors and help to oclif, having printed and sent nothing itself', async () => {
    for (const args of [
      ['clients', 'show'],
      ['clients', 'show', 'VolejRejNm', '--help'],
      ['clients', 'list', '--page', '0'],
      ['clients', 'upload', 'VolejRejNm'],
      ['api', 'GET'],
      ['api', 'GET', 'clients', 'extra'],
      ['help'],
      ['plugins'],
    ]) {
      const r = await runLogged(args, suite.env)
      expect(r.oclif, args.join(' ')).to.equal(true)
      const again = await runLogged(args, {...suite.env, CLI_FAST_PATH: '0'})
      expect(shown(r), args.join(' ')).to.deep.equal(shown(again))
    }
    expect(suite.up.requests).to.deep.equal([])
  })

  it('steps aside when plugins are installed or linked (their hooks must run), and for DEBUG', async () => {
    const {home, cleanup} = makeHome()
    try {
      const dataDir = join(home, '.local', 'share', 'invoicing-cli')
      mkdirSync(dataDir, {recursive: true})
      // What `cli plugins unlink` leaves behind: no plugins, so the fast path still runs.
      writeFileSync(
        join(dataDir, 'package.json'),
        JSON.stringify({private: true, oclif: {schema: 1, plugins: []}, dependencies: {}}),
      )
      expect((await runLogged(['clients', 'list', '--dry-run'], suite.env, home)).oclif).to.equal(false)
      writeFileSync(
        join(dataDir, 'package.json'),
        JSON.stringify({private: true, oclif: {schema: 1, plugins: [{type: 'link', name: 'acme', root: '/nowhere'}]}}),
      )
      const linked = await runLogged(['clients', 'list', '--dry-run'], suite.env, home)
      expect(linked.oclif).to.equal(true)
      expect(linked.code).to.equal(0)
      expect(linked.stdout).to.equal(`GET ${suite.up.url}/api/v1/clients\n`)
    } finally {
      cleanup()
    }
    const debug = await runLogged(['clients', 'list', '--dry-run'], {...suite.env, DEBUG: 'nothing'})
    expect(debug.oclif).to.equal(true)
    expect(debug.code).to.equal(0)
  })

  it('reads the config where oclif does (CLI_CONFIG_DIR): the saved token and base URL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-config-'))
    try {
      writeFileSync(
        join(dir, 'config.json'),
        JSON.stringify({active: 'default', profiles: {default: {base_url: suite.up.url, token: suite.up.token}}}),
        {mode: 0o600},
      )
      const r = await runLogged(['clients', 'show', 'VolejRejNm', '-o', 'json'], {CLI_CONFIG_DIR: dir})
      expect(r.oclif).to.equal(false)
      expect(r.stderr).to.equal('')
      expect(r.code).to.equal(0)
      expect(JSON.parse(r.stdout).data.id).to.equal('VolejRejNm')
      expect(suite.up.requests.map((q) => [q.method, q.path, q.headers['x-api-token']])).to.deep.equal([
        ['GET', '/api/v1/clients/VolejRejNm', suite.up.token],
      ])
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  })
})
