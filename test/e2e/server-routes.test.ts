/**
 * The routes the server has, not only the document's: GET actions that fall back to the bulk
 * route after the server's catch-all 404, and the commands for routes the document omits (tax
 * rate create, documents as a full resource).
 */
import {mkdtempSync, readdirSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {fakePng} from '../support/upstream.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('routes the server has', () => {
  const suite = useUpstream()
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}${r.rawQuery ? `?${r.rawQuery}` : ''}`)
  const bodies = () => suite.up.requests.map((r) => r.json)

  describe('GET actions the server does not route: one fallback through bulk', () => {
    const cases: Array<[string, string, string, string]> = [
      ['payments', 'archive', 'payments', 'Pq1x7Yw2Za'],
      ['recurring-invoices', 'start', 'recurring_invoices', 'Rr1x7Yw2Za'],
      ['recurring-quotes', 'archive', 'recurring_quotes', 'Rq1x7Yw2Za'],
    ]
    for (const [word, action, segment, id] of cases) {
      it(`${word} action: the GET meets the catch-all 404 (nothing happens), then one POST /${segment}/bulk`, async () => {
        suite.up.seed(segment, [{id, client_id: 'VolejRejNm', amount: 10}])
        const r = await runCli([word, 'action', id, '--action', action, '--yes', '-o', 'json'], {env: suite.env})
        expect(r.stderr).to.equal(
          `the server has no GET /api/v1/${segment}/{id}/${action} route (it answered 404, so nothing happened): ` +
            `sending the action once through POST /api/v1/${segment}/bulk with ids [${id}]\n` +
            `${action === 'start' ? 'started' : 'archived'} ${word.replace(/s$/, '').replace('-', ' ')} (id ${id}), ` +
            '10.00\n',
        )
        expect(r.code).to.equal(0)
        expect(JSON.parse(r.stdout).data[0].id).to.equal(id)
        expect(sent()).to.deep.equal([`GET /api/v1/${segment}/${id}/${action}`, `POST /api/v1/${segment}/bulk`])
        expect(bodies()[1]).to.deep.equal({action, ids: [id]})
        if (action === 'archive') expect(suite.up.records(segment)[0].archived_at).to.be.above(0)
      })
    }

    it('the catch-all throttled (429, FACTS.md: 10 a minute): no wait, the bulk route at once, sent once', async () => {
      suite.up.seed('payments', [{id: 'Pq1x7Yw2Za', client_id: 'VolejRejNm', amount: 10}])
      suite.up.fault({
        kind: 'status',
        status: 429,
        method: 'GET',
        path: '/api/v1/payments/Pq1x7Yw2Za/archive',
        headers: {'retry-after': '60'},
      })
      const r = await runCli(['payments', 'action', 'Pq1x7Yw2Za', '--action', 'archive', '--yes', '-o', 'json'], {
        env: suite.env,
      })
      expect(r.stderr).to.equal(
        'the server has no GET /api/v1/payments/{id}/archive route (it answered 429, its catch-all for unknown ' +
          'routes being throttled, so nothing happened): sending the action once through POST /api/v1/payments/bulk ' +
          'with ids [Pq1x7Yw2Za]\n' +
          'archived payment (id Pq1x7Yw2Za), 10.00\n',
      )
      expect(r.code).to.equal(0)
      expect(sent()).to.deep.equal(['GET /api/v1/payments/Pq1x7Yw2Za/archive', 'POST /api/v1/payments/bulk'])
      expect(suite.up.records('payments')[0].archived_at).to.be.above(0)
    })

    it('a 429 on a route the server has is waited out and sent again, as before (no fallback there)', async () => {
      suite.up.fault({kind: 'status', status: 429, method: 'GET', path: '/api/v1/quotes/Xy9kqR2mLb/email'})
      const r = await runCli(['quotes', 'action', 'Xy9kqR2mLb', '--action', 'email', '--yes', '-o', 'json'], {
        env: {...suite.env, CLI_RETRY_WAIT_SCALE: '0.001'},
      })
      expect(r.code).to.equal(0)
      // The e-mail sent again after the 429; then the read that names who was e-mailed.
      expect(sent()).to.deep.equal([
        'GET /api/v1/quotes/Xy9kqR2mLb/email',
        'GET /api/v1/quotes/Xy9kqR2mLb/email',
        'GET /api/v1/clients/VolejRejNm',
      ])
      expect(suite.up.outbox()).to.have.length(1)
    })

    it('a route the server has (quotes) is used as is: one GET, no fallback, one e-mail', async () => {
      const r = await runCli(['quotes', 'action', 'Xy9kqR2mLb', '--action', 'email', '--yes', '-o', 'json'], {
        env: suite.env,
      })
      expect(r.code).to.equal(0)
      expect(r.stderr).to.equal('e-mailed quote 0001 (id Xy9kqR2mLb), 90.00 to ada@acme.test\n')
      expect(sent()).to.deep.equal(['GET /api/v1/quotes/Xy9kqR2mLb/email', 'GET /api/v1/clients/VolejRejNm'])
      expect(suite.up.outbox()).to.have.length(1)
    })

    it('a failing fallback is reported like any answer, and not repeated', async () => {
      suite.up.seed('payments', [{id: 'Pq1x7Yw2Za', amount: 10}])
      suite.up.fault({kind: 'status', status: 503, method: 'POST', path: '/api/v1/payments/bulk'})
      const r = await runCli(['payments', 'action', 'Pq1x7Yw2Za', '--action', 'email', '--yes'], {env: suite.env})
      expect(r.code).to.equal(1)
      expect(r.stderr.trimEnd().split('\n').at(-1)).to.equal(
        'Error: upstream answered 503: Server Error; the change may have taken effect upstream: check with "cli ' +
          'payments show Pq1x7Yw2Za" before sending it again',
      )
      expect(sent()).to.deep.equal(['GET /api/v1/payments/Pq1x7Yw2Za/email', 'POST /api/v1/payments/bulk'])
    })

    it('the dry run shows the GET, and a line about the fallback (in the JSON document too); nothing is sent', async () => {
      const r = await runCli(['payments', 'action', 'Pq1x7Yw2Za', '--action', 'email', '--dry-run'], {env: suite.env})
      expect(r.code).to.equal(0)
      expect(r.stdout).to.equal(`GET ${suite.up.url}/api/v1/payments/Pq1x7Yw2Za/email\n`)
      expect(r.stderr).to.equal(
        'dry run: if the server answers 404 (it has no such route) or 429 (its catch-all is throttled), the ' +
          `action is sent once as POST ${suite.up.url}/api/v1/payments/bulk {"action":"email",` +
          `"ids":["Pq1x7Yw2Za"]}\n`,
      )
      const json = await runCli(['payments', 'action', 'Pq1x7Yw2Za', '--action', 'email', '--dry-run', '-o', 'json'], {
        env: suite.env,
      })
      const doc = JSON.parse(json.stdout)
      expect(doc.request.method).to.equal('GET')
      expect(doc.fallback.when).to.equal(
        'the server answers 404 (it has no such route) or 429 (its catch-all is throttled)',
      )
      expect(doc.fallback.request).to.include({method: 'POST', url: `${suite.up.url}/api/v1/payments/bulk`})
      expect(doc.fallback.request.body).to.deep.equal({action: 'email', ids: ['Pq1x7Yw2Za']})
      expect(suite.up.requests).to.deep.equal([])
    })
  })

  describe('routes the document omits', () => {
    it('tax-rates create: POST /tax_rates, sent once', async () => {
      const r = await runCli(['tax-rates', 'create', '--name', 'VAT', '--field', 'rate=20', '--yes', '-o', 'json'], {
        env: suite.env,
      })
      expect(r.code).to.equal(0)
      expect(JSON.parse(r.stdout).data).to.include({name: 'VAT', rate: 20})
      expect(sent()).to.deep.equal(['POST /api/v1/tax_rates'])
      expect(bodies()).to.deep.equal([{name: 'VAT', rate: 20}])
    })

    it('documents show, update, delete and bulk', async () => {
      const show = await runCli(['documents', 'show', 'Dk3mZ7pQx1', '-o', 'json'], {env: suite.env})
      expect(JSON.parse(show.stdout).data.name).to.equal('receipt.png')
      const update = await runCli(
        ['documents', 'update', 'Dk3mZ7pQx1', '--field', 'is_public=true', '--yes', '-o', 'json'],
        {env: suite.env},
      )
      expect(JSON.parse(update.stdout).data.is_public).to.equal(true)
      const bulk = await runCli(
        ['documents', 'bulk', '--action', 'archive', '--id', 'Dk3mZ7pQx1', '--yes', '-o', 'json'],
        {env: suite.env},
      )
      expect(JSON.parse(bulk.stdout).data[0].archived_at).to.be.above(0)
      const del = await runCli(['documents', 'delete', 'Dk3mZ7pQx1', '--yes', '-o', 'json'], {env: suite.env})
      expect(JSON.parse(del.stdout).data.is_deleted).to.equal(true)
      for (const r of [show, update, bulk, del]) expect(r.code).to.equal(0)
      expect(sent()).to.deep.equal([
        'GET /api/v1/documents/Dk3mZ7pQx1',
        // An update and a delete read the record first: the journal keeps it as it was (undo).
        'GET /api/v1/documents/Dk3mZ7pQx1',
        'PUT /api/v1/documents/Dk3mZ7pQx1',
        'POST /api/v1/documents/bulk',
        'GET /api/v1/documents/Dk3mZ7pQx1',
        'DELETE /api/v1/documents/Dk3mZ7pQx1',
      ])
    })

    it('documents download <id> into a folder: any file type, named by Content-Disposition', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-doc-'))
      const r = await runCli(['documents', 'download', 'Dk3mZ7pQx1', '--output-file', dir], {env: suite.env})
      expect(r.code).to.equal(0)
      expect(r.stderr).to.equal(`saved ${join(dir, 'receipt.png')}\n`)
      expect(readdirSync(dir)).to.deep.equal(['receipt.png'])
      expect(readFileSync(join(dir, 'receipt.png')).equals(fakePng('Dk3mZ7pQx1'))).to.equal(true)
      expect(sent()).to.deep.equal(['GET /api/v1/documents/Dk3mZ7pQx1/download'])
    })

    it('an uploaded file comes back byte for byte through documents download', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-doc-'))
      const {writeFileSync} = await import('node:fs')
      writeFileSync(join(dir, 'notes.csv'), 'a,b\n1,2\n')
      const up = await runCli(
        ['clients', 'upload', 'VolejRejNm', '--file', join(dir, 'notes.csv'), '--yes', '-o', 'json'],
        {env: suite.env},
      )
      const docId = JSON.parse(up.stdout).data.documents.at(-1).id
      const r = await runCli(['documents', 'download', docId, '--output-file', '-'], {env: suite.env})
      expect(r.code).to.equal(0)
      expect(r.stdout).to.equal('a,b\n1,2\n')
    })
  })
})
