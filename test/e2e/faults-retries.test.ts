/**
 * Faults that are retried or not: a broken body, 503 twice, 429. A
 * read is sent again; a change never after it may have been made.
 */
import {mkdtempSync, readdirSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {env, mayHave, methods, NEWEST_INVOICES, up, useFaultUpstream} from './faults-suite.js'

describe('faults: retries that never duplicate, timeouts, broken transfers, Ctrl-C', () => {
  useFaultUpstream()

  describe('the connection drops in the middle of the body', () => {
    it('a GET is sent again, says so, and succeeds', async () => {
      up.fault({kind: 'dropMidBody', method: 'GET', path: '/api/v1/clients'})
      const r = await runCli(['clients', 'list', '--output', 'json'], {env})
      expect(r.stderr).to.equal(
        'retrying GET /api/v1/clients in 0s (retry 1 of 3): the connection broke (ECONNRESET)\n',
      )
      expect(r.code).to.equal(0)
      expect(JSON.parse(r.stdout).data).to.have.length(2)
      expect(methods()).to.deep.equal(['GET /api/v1/clients', 'GET /api/v1/clients'])
    })

    it('a POST is never sent again: exit 1, and the message says it may have taken effect and how to check', async () => {
      up.fault({kind: 'dropMidBody', method: 'POST'})
      const r = await runCli(['invoices', 'create', '--client-id', 'VolejRejNm', '--yes'], {env})
      expect(r.code).to.equal(1)
      expect(r.stdout).to.equal('')
      expect(r.stderr).to.equal(
        `Error: the connection to ${up.url} broke before the answer was complete ` +
          `(ECONNRESET); ${mayHave(NEWEST_INVOICES)}\n`,
      )
      expect(methods()).to.deep.equal(['POST /api/v1/invoices'])
    })

    it('a download leaves no file and no temporary file behind: exit 1', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-fault-'))
      up.fault({kind: 'dropMidBody', method: 'GET', path: '/api/v1/quote/', contentType: 'application/pdf'})
      const r = await runCli(
        ['quotes', 'download', 'quokey0001acmeQ7fK2mW9xR4tB8nL3p', '--output-file', join(dir, 'q.pdf')],
        {env},
      )
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(
        `Error: the connection to ${up.url} broke before the answer was complete (ECONNRESET)\n`,
      )
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
      const r = await runCli(['clients', 'update', 'VolejRejNm', '--name', 'Acme 2', '--yes', '--output', 'json'], {
        env,
      })
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(
        `Error: upstream answered 503: Server Error; ${mayHave('cli clients show VolejRejNm')}\n` +
          `{"error":{"status":503,"message":"Server Error","exit_code":1}}\n`,
      )
      // Read first (the journal keeps the record as it was), then the PUT, once.
      expect(methods()).to.deep.equal(['GET /api/v1/clients/VolejRejNm', 'PUT /api/v1/clients/VolejRejNm'])
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
        expect(r.stderr).to.equal(
          `Error: upstream answered 503: Server Error; ${mayHave('cli clients show VolejRejNm')}\n`,
        )
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
      expect(r.stderr).to.equal(
        'retrying GET /api/v1/clients in 0s (retry 1 of 1): the upstream answered 503\ngave up after 1 retry\n' +
          'Error: upstream answered 503: Server Error\n',
      )
      expect(up.requests).to.have.length(2)
    })
  })

  describe('429 without Retry-After', () => {
    it('a GET waits out the one-minute window (scaled here), says so, and succeeds', async () => {
      up.fault({kind: 'status', status: 429, method: 'GET'})
      const r = await runCli(['clients', 'list', '--output', 'json'], {env})
      expect(r.stderr).to.equal(
        'retrying GET /api/v1/clients in 0.06s (retry 1 of 3): rate limited (429) without Retry-After: waiting ' +
          "out the upstream's one-minute window\n",
      )
      expect(r.code).to.equal(0)
      expect(up.requests).to.have.length(2)
    })

    it('a Retry-After is honoured', async () => {
      up.fault({kind: 'status', status: 429, method: 'GET', headers: {'Retry-After': '3'}})
      const r = await runCli(['clients', 'list'], {env})
      expect(r.stderr).to.equal(
        'retrying GET /api/v1/clients in 0s (retry 1 of 3): the upstream answered 429 and asked to wait 3s ' +
          '(Retry-After)\n',
      )
      expect(r.code).to.equal(0)
    })

    it('a POST is sent again too: the rate limiter answered before anything was made, so exactly one record results', async () => {
      up.fault({kind: 'status', status: 429, method: 'POST'})
      const r = await runCli(['clients', 'create', '--name', 'X', '--yes', '--output', 'json'], {env})
      expect(r.stderr).to.equal(
        'retrying POST /api/v1/clients in 0.06s (retry 1 of 3): rate limited (429) without Retry-After: waiting ' +
          "out the upstream's one-minute window\n" +
          `created client 0003 X (id ${JSON.parse(r.stdout).data.id})\n`,
      )
      expect(r.code).to.equal(0)
      expect(methods()).to.deep.equal(['POST /api/v1/clients', 'POST /api/v1/clients'])
      expect(up.records('clients')).to.have.length(3)
    })
  })
})
