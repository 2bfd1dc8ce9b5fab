/**
 * The fault suite: the real bin/run.js against the stand-in upstream with injected faults. For
 * each: the exit code, the message, and how many requests the upstream received (a change is never
 * sent twice). Retry waits are scaled down with CLI_RETRY_WAIT_SCALE, so nothing here sleeps long.
 */
import {existsSync, mkdtempSync, readdirSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'

import {expect} from 'chai'

import {runCli, startCli, upstreamEnv} from '../support/cli.js'
import {startUpstream, type Upstream} from '../support/upstream.js'

/** The tail of the line for a change that failed after it may have been made. */
const mayHave = (check: string) => `the change may have taken effect upstream: check with "${check}" before sending it again`
const NEWEST_INVOICES = "cli invoices list --sort 'id|desc' --per-page 5"

/** Polls until `check` holds (a few seconds at most). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return
    await sleep(10)
  }
  throw new Error(`timed out waiting for ${what}`)
}

describe('faults: retries that never duplicate, timeouts, broken transfers, Ctrl-C', () => {
  let up: Upstream
  let env: Record<string, string>
  const methods = () => up.requests.map((r) => `${r.method} ${r.path}`)

  before(async () => {
    up = await startUpstream()
    env = upstreamEnv(up, {CLI_RETRY_WAIT_SCALE: '0.001'})
  })
  after(() => up.close())
  beforeEach(() => up.reset())

  describe('the connection drops in the middle of the body', () => {
    it('a GET is sent again, says so, and succeeds', async () => {
      up.fault({kind: 'dropMidBody', method: 'GET', path: '/api/v1/clients'})
      const r = await runCli(['clients', 'list', '--output', 'json'], {env})
      expect(r.stderr).to.equal('retrying GET /api/v1/clients in 0s (retry 1 of 3): the connection broke (ECONNRESET)\n')
      expect(r.code).to.equal(0)
      expect(JSON.parse(r.stdout).data).to.have.length(2)
      expect(methods()).to.deep.equal(['GET /api/v1/clients', 'GET /api/v1/clients'])
    })

    it('a POST is never sent again: exit 1, and the message says it may have taken effect and how to check', async () => {
      up.fault({kind: 'dropMidBody', method: 'POST'})
      const r = await runCli(['invoices', 'create', '--client-id', 'VolejRejNm', '--yes'], {env})
      expect(r.code).to.equal(1)
      expect(r.stdout).to.equal('')
      expect(r.stderr).to.equal(`Error: the connection to ${up.url} broke before the answer was complete (ECONNRESET); ${mayHave(NEWEST_INVOICES)}\n`)
      expect(methods()).to.deep.equal(['POST /api/v1/invoices'])
    })

    it('a download leaves no file and no temporary file behind: exit 1', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-fault-'))
      up.fault({kind: 'dropMidBody', method: 'GET', path: '/api/v1/quote/', contentType: 'application/pdf'})
      const r = await runCli(['quotes', 'download', 'quokey0001acme', '--output-file', join(dir, 'q.pdf')], {env})
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(`Error: the connection to ${up.url} broke before the answer was complete (ECONNRESET)\n`)
      expect(readdirSync(dir)).to.deep.equal([])
      expect(up.requests).to.have.length(1)
    })
  })

  describe('503 twice, then 200', () => {
    it('a GET is retried twice and succeeds', async () => {
      up.fault({kind: 'status', status: 503, method: 'GET', times: 2})
      const r = await runCli(['clients', 'show', 'VolejRejNm', '--output', 'json'], {env})
      expect(r.stderr).to.equal(
        'retrying GET /api/v1/clients/VolejRejNm in 0s (retry 1 of 3): the upstream answered 503\n' +
          'retrying GET /api/v1/clients/VolejRejNm in 0s (retry 2 of 3): the upstream answered 503\n',
      )
      expect(r.code).to.equal(0)
      expect(JSON.parse(r.stdout).data.name).to.equal('Acme Ltd')
      expect(up.requests).to.have.length(3)
    })

    it('a PUT changes records too: sent once, exit 1 naming the show command that checks it', async () => {
      up.fault({kind: 'status', status: 503, method: 'PUT', times: 2})
      const r = await runCli(['clients', 'update', 'VolejRejNm', '--name', 'Acme 2', '--yes', '--output', 'json'], {env})
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(
        `Error: upstream answered 503: Server Error; ${mayHave('cli clients show VolejRejNm')}\n{"error":{"status":503,"message":"Server Error","exit_code":1}}\n`,
      )
      expect(methods()).to.deep.equal(['PUT /api/v1/clients/VolejRejNm'])
    })

    it('a POST is sent once: exit 1, and no second record can be made', async () => {
      up.fault({kind: 'status', status: 503, method: 'POST', times: 2})
      const r = await runCli(['invoices', 'create', '--client-id', 'VolejRejNm', '--yes'], {env})
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(`Error: upstream answered 503: Server Error; ${mayHave(NEWEST_INVOICES)}\n`)
      expect(methods()).to.deep.equal(['POST /api/v1/invoices'])
    })

    it('bulk and upload are sent once too; a read-only runner POST (search) is retried like any read', async () => {
      const file = join(mkdtempSync(join(tmpdir(), 'cli-fault-')), 'a.txt')
      const {writeFileSync} = await import('node:fs')
      writeFileSync(file, 'x')
      up.fault({kind: 'status', status: 503, method: 'POST', times: 2})
      const runs = [
        ['clients', 'bulk', '--action', 'archive', '--id', 'VolejRejNm', '--yes'],
        ['clients', 'upload', 'VolejRejNm', '--file', file, '--yes'],
      ]
      const results = await Promise.all(runs.map((args) => runCli(args, {env})))
      for (const r of results) {
        expect(r.code).to.equal(1)
        expect(r.stderr).to.equal(`Error: upstream answered 503: Server Error; ${mayHave('cli clients show VolejRejNm')}\n`)
      }
      expect(methods().sort()).to.deep.equal(['POST /api/v1/clients/VolejRejNm/upload', 'POST /api/v1/clients/bulk'])
      up.reset()
      up.fault({kind: 'status', status: 503, method: 'POST'})
      const search = await runCli(['search', 'run', '--field', 'search=acme'], {env})
      expect(search.stderr).to.equal('retrying POST /api/v1/search in 0s (retry 1 of 3): the upstream answered 503\n')
      expect(search.code).to.equal(0)
      expect(methods()).to.deep.equal(['POST /api/v1/search', 'POST /api/v1/search'])
    })

    it('--retries 1 gives up after one retry: exit 1', async () => {
      up.fault({kind: 'status', status: 503, method: 'GET', times: 2})
      const r = await runCli(['clients', 'list', '--retries', '1'], {env})
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal('retrying GET /api/v1/clients in 0s (retry 1 of 1): the upstream answered 503\ngave up after 1 retry\nError: upstream answered 503: Server Error\n')
      expect(up.requests).to.have.length(2)
    })
  })

  describe('429 without Retry-After', () => {
    it('a GET waits out the one-minute window (scaled here), says so, and succeeds', async () => {
      up.fault({kind: 'status', status: 429, method: 'GET'})
      const r = await runCli(['clients', 'list', '--output', 'json'], {env})
      expect(r.stderr).to.equal("retrying GET /api/v1/clients in 0.06s (retry 1 of 3): rate limited (429) without Retry-After: waiting out the upstream's one-minute window\n")
      expect(r.code).to.equal(0)
      expect(up.requests).to.have.length(2)
    })

    it('a Retry-After is honoured', async () => {
      up.fault({kind: 'status', status: 429, method: 'GET', headers: {'Retry-After': '3'}})
      const r = await runCli(['clients', 'list'], {env})
      expect(r.stderr).to.equal('retrying GET /api/v1/clients in 0s (retry 1 of 3): the upstream answered 429 and asked to wait 3s (Retry-After)\n')
      expect(r.code).to.equal(0)
    })

    it('a POST is sent again too: the rate limiter answered before anything was made, so exactly one record results', async () => {
      up.fault({kind: 'status', status: 429, method: 'POST'})
      const r = await runCli(['clients', 'create', '--name', 'X', '--yes', '--output', 'json'], {env})
      expect(r.stderr).to.equal("retrying POST /api/v1/clients in 0.06s (retry 1 of 3): rate limited (429) without Retry-After: waiting out the upstream's one-minute window\n")
      expect(r.code).to.equal(0)
      expect(methods()).to.deep.equal(['POST /api/v1/clients', 'POST /api/v1/clients'])
      expect(up.records('clients')).to.have.length(3)
    })
  })

  describe('a response that never comes', () => {
    it('--timeout 0.5: exit 1 within the timeout, sent once', async () => {
      up.fault({kind: 'hang'})
      const r = await runCli(['clients', 'list', '--timeout', '0.5'], {env})
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(`Error: no answer from ${up.url} within 0.5s (--timeout)\n`)
      expect(up.requests).to.have.length(1)
    })

    it('CLI_TIMEOUT works the same; a POST adds that it may have taken effect', async () => {
      up.fault({kind: 'hang'})
      const r = await runCli(['invoices', 'create', '--client-id', 'VolejRejNm', '--yes'], {env: {...env, CLI_TIMEOUT: '0.3'}})
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(`Error: no answer from ${up.url} within 0.3s (--timeout); ${mayHave(NEWEST_INVOICES)}\n`)
      expect(up.requests).to.have.length(1)
    })

    it('a download that stalls mid-body times out and leaves no file', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-fault-'))
      up.fault({kind: 'stall', path: '/api/v1/quote/', contentType: 'application/pdf'})
      const r = await runCli(['quotes', 'download', 'quokey0001acme', '--output-file', join(dir, 'q.pdf'), '--timeout', '0.3'], {env})
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(`Error: the download from ${up.url} did not finish within 0.3s (--timeout): for a large file, raise --timeout\n`)
      expect(readdirSync(dir)).to.deep.equal([])
    })

    it('reports run keeps its own --timeout (the whole --wait); CLI_TIMEOUT bounds each request', async () => {
      up.fault({kind: 'hang', path: '/api/v1/reports/'})
      const r = await runCli(['reports', 'run', '--endpoint', 'reports/invoices', '--wait', '--timeout', '60'], {env: {...env, CLI_TIMEOUT: '0.3'}})
      expect(r.code).to.equal(1)
      // --wait sends send_email:false: the report is only read, never mailed, so nothing may have happened.
      expect(r.stderr).to.equal(`Error: no answer from ${up.url} within 0.3s (--timeout)\n`)
      expect(up.requests).to.have.length(1)
    })
  })

  describe('answers that are wrong', () => {
    it('a 200 with invalid JSON: exit 1, not retried (GET or POST)', async () => {
      up.fault({kind: 'raw', status: 200, contentType: 'application/json', body: '{"data": [{"id": ', times: 2})
      const [a, b] = await Promise.all([runCli(['clients', 'list'], {env}), runCli(['clients', 'create', '--name', 'X', '--yes'], {env})])
      expect(a.code).to.equal(1)
      expect(a.stderr).to.equal('Error: upstream answered 200 with a body that is not JSON (17 bytes): check the base URL\n')
      expect(b.code).to.equal(1)
      expect(b.stderr).to.equal('Error: upstream answered 200 with a body that is not JSON (17 bytes): check the base URL\n')
      expect(methods().sort()).to.deep.equal(['GET /api/v1/clients', 'POST /api/v1/clients'])
    })

    it('a 5 MB error page: one short line, never the page', async () => {
      const page = `<!DOCTYPE html><html><body>${'x'.repeat(5 * 1024 * 1024 - 41)}</body></html>`
      up.fault({kind: 'raw', method: 'GET', status: 503, contentType: 'text/html', body: page, times: 2})
      up.fault({kind: 'raw', method: 'POST', status: 500, contentType: 'text/html', body: page})
      const [r, post] = await Promise.all([
        runCli(['clients', 'list', '--retries', '1'], {env}),
        runCli(['clients', 'create', '--name', 'X', '--yes', '--output', 'json'], {env}),
      ])
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(`retrying GET /api/v1/clients in 0s (retry 1 of 1): the upstream answered 503\ngave up after 1 retry\nError: upstream answered 503: an HTML page (${5 * 1024 * 1024} bytes)\n`)
      expect(post.code).to.equal(1)
      expect(post.stderr).to.equal(
        `Error: upstream answered 500: an HTML page (${5 * 1024 * 1024} bytes); ${mayHave("cli clients list --sort 'id|desc' --per-page 5")}\n{"error":{"status":500,"message":"an HTML page (${5 * 1024 * 1024} bytes)","exit_code":1}}\n`,
      )
      expect(methods().sort()).to.deep.equal(['GET /api/v1/clients', 'GET /api/v1/clients', 'POST /api/v1/clients'])
    })
  })

  describe('Ctrl-C (SIGINT)', () => {
    it('stops a hanging request at once: exit 130', async () => {
      up.fault({kind: 'hang'})
      const {child, result} = startCli(['clients', 'list'], {env})
      await until(() => up.requests.length === 1, 'the request')
      child.kill('SIGINT')
      const r = await result
      expect(r.code).to.equal(130)
      expect(r.stderr).to.equal('Error: interrupted (Ctrl-C)\n')
    })

    it('stops a retry wait at once (a 429 would wait a minute)', async () => {
      up.fault({kind: 'status', status: 429})
      const {child, result} = startCli(['clients', 'list'], {env: upstreamEnv(up)})
      await until(() => up.requests.length === 1, 'the request')
      await sleep(100)
      child.kill('SIGINT')
      const r = await result
      expect(r.code).to.equal(130)
      expect(r.stderr).to.match(/^retrying GET \/api\/v1\/clients in 6\d(\.\d+)?s \(retry 1 of 3\): rate limited .*\nError: interrupted \(Ctrl-C\)\n$/)
    })

    it('during a download leaves no partial file and no temporary file', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-fault-'))
      const out = join(dir, 'q.pdf')
      up.fault({kind: 'stall', path: '/api/v1/quote/', contentType: 'application/pdf'})
      const {child, result} = startCli(['quotes', 'download', 'quokey0001acme', '--output-file', out, '--output', 'json'], {env})
      await until(() => readdirSync(dir).length === 1, 'the temporary file')
      expect(readdirSync(dir)[0]).to.match(/^\.q\.pdf\.\d+\.part$/)
      child.kill('SIGINT')
      const r = await result
      expect(r.code).to.equal(130)
      expect(r.stderr).to.equal('Error: interrupted (Ctrl-C)\n{"error":{"message":"interrupted (Ctrl-C)","exit_code":130}}\n')
      expect(readdirSync(dir)).to.deep.equal([])
      expect(existsSync(out)).to.equal(false)
    })
  })

  describe('SIGTERM (a timeout, a cancelled job)', () => {
    it('during a download: exit 143, one line, no partial file and no temporary file', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-fault-'))
      const out = join(dir, 'q.pdf')
      up.fault({kind: 'stall', path: '/api/v1/quote/', contentType: 'application/pdf'})
      const {child, result} = startCli(['quotes', 'download', 'quokey0001acme', '--output-file', out], {env})
      await until(() => readdirSync(dir).length === 1, 'the temporary file')
      child.kill('SIGTERM')
      const r = await result
      expect(r.code).to.equal(143)
      expect(r.stderr).to.equal('Error: terminated (SIGTERM)\n')
      expect(r.stdout).to.equal('')
      expect(readdirSync(dir)).to.deep.equal([])
      expect(up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal(['GET /api/v1/quote/quokey0001acme/download'])
    })
  })
})
