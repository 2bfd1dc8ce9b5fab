/** Faults in the answer: none within the timeout, a stalled download, invalid JSON, a huge error page. */
import {mkdtempSync, readdirSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {env, mayHave, methods, NEWEST_INVOICES, up, useFaultUpstream} from './faults-suite.js'

/** The sandbox quote's invitation key (32 characters, as the server makes them). */
const QUOTE_KEY = 'quokey0001acmeQ7fK2mW9xR4tB8nL3p'

describe('faults: retries that never duplicate, timeouts, broken transfers, Ctrl-C', () => {
  useFaultUpstream()

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
      const r = await runCli(['invoices', 'create', '--client-id', 'VolejRejNm', '--yes'], {
        env: {...env, CLI_TIMEOUT: '0.3'},
      })
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(
        `Error: no answer from ${up.url} within 0.3s (--timeout); ${mayHave(NEWEST_INVOICES)}\n`,
      )
      expect(up.requests).to.have.length(1)
    })

    it('a download that stalls mid-body times out and leaves no file', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-fault-'))
      up.fault({kind: 'stall', path: '/api/v1/quote/', contentType: 'application/pdf'})
      const r = await runCli(
        ['quotes', 'download', QUOTE_KEY, '--output-file', join(dir, 'q.pdf'), '--timeout', '0.3'],
        {env},
      )
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(
        `Error: the download from ${up.url} did not finish within 0.3s (--timeout): for a large file, raise ` +
          `--timeout\n`,
      )
      expect(readdirSync(dir)).to.deep.equal([])
    })

    it('reports run keeps its own --timeout (the whole --wait); CLI_TIMEOUT bounds each request', async () => {
      up.fault({kind: 'hang', path: '/api/v1/reports/'})
      const r = await runCli(['reports', 'run', '--endpoint', 'reports/invoices', '--wait', '--timeout', '60'], {
        env: {...env, CLI_TIMEOUT: '0.3'},
      })
      expect(r.code).to.equal(1)
      // --wait sends send_email:false: the report is only read, never mailed, so nothing may have happened.
      expect(r.stderr).to.equal(`Error: no answer from ${up.url} within 0.3s (--timeout)\n`)
      expect(up.requests).to.have.length(1)
    })
  })

  describe('answers that are wrong', () => {
    it('a 200 with invalid JSON: exit 1, not retried (GET or POST)', async () => {
      up.fault({kind: 'raw', status: 200, contentType: 'application/json', body: '{"data": [{"id": ', times: 2})
      const [a, b] = await Promise.all([
        runCli(['clients', 'list'], {env}),
        runCli(['clients', 'create', '--name', 'X', '--yes'], {env}),
      ])
      expect(a.code).to.equal(1)
      expect(a.stderr).to.equal(
        'Error: upstream answered 200 with a body that is not JSON (17 bytes): check the base URL\n',
      )
      expect(b.code).to.equal(1)
      // The POST reached something that answered 200: the client was created, or not (notJsonError).
      expect(b.stderr).to.equal(
        'Error: upstream answered 200 with a body that is not JSON (17 bytes): check the base ' +
          `URL; ${mayHave("cli clients list --sort 'id|desc' --per-page 5")}\n`,
      )
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
      expect(r.stderr).to.equal(
        `retrying GET /api/v1/clients in 0s (retry 1 of 1): the upstream answered 503\ngave up after 1 retry\n` +
          `Error: upstream answered 503: an HTML page (${5 * 1024 * 1024} bytes)\n`,
      )
      expect(post.code).to.equal(1)
      expect(post.stderr).to.equal(
        `Error: upstream answered 500: an HTML page (${5 * 1024 * 1024} ` +
          `bytes); ${mayHave("cli clients list --sort 'id|desc' --per-page 5")}\n{"error":{"status":500,` +
          `"message":"an HTML page (${5 * 1024 * 1024} bytes)","exit_code":1}}\n`,
      )
      expect(methods().sort()).to.deep.equal(['GET /api/v1/clients', 'GET /api/v1/clients', 'POST /api/v1/clients'])
    })
  })
})
