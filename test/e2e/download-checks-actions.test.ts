/** Actions and bulk actions that answer a file write its bytes to --output-file; any other answer is refused. */
import {mkdtempSync, readdirSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {fakePdf, fakeZip} from '../support/upstream.js'
import {useDownloadUpstream} from './download-checks-suite.js'

describe('downloads save only the document; empty answers are successes', () => {
  const {suite, dir, sent} = useDownloadUpstream()

  describe('actions that answer a file write it to --output-file', () => {
    it('quotes action download (the GET route): the PDF lands in the file, sent once', async () => {
      const out = join(dir(), 'q.pdf')
      const r = await runCli(
        ['quotes', 'action', 'Xy9kqR2mLb', '--action', 'download', '--output-file', out, '--yes'],
        {env: suite.env},
      )
      expect(r.code).to.equal(0)
      expect(r.stderr).to.equal(`saved ${out}\n`)
      expect(readFileSync(out).equals(fakePdf('Xy9kqR2mLb'))).to.equal(true)
      expect(sent()).to.deep.equal(['GET /api/v1/quotes/Xy9kqR2mLb/download'])
    })

    it('invoices bulk --action download of one id: its PDF; bulk_download of two: a zip; named by the upstream in a folder', async () => {
      const one = await runCli(
        [
          'invoices',
          'bulk',
          '--action',
          'download',
          '--id',
          'WJxbojagwO',
          '--output-file',
          join(dir(), 'i.pdf'),
          '--yes',
        ],
        {env: suite.env},
      )
      expect(one.code).to.equal(0)
      expect(readFileSync(join(dir(), 'i.pdf')).equals(fakePdf('WJxbojagwO'))).to.equal(true)
      suite.up.seed('invoices', [
        {id: 'Aa00000001', client_id: 'VolejRejNm'},
        {id: 'Bb00000002', client_id: 'VolejRejNm'},
      ])
      const zipDir = mkdtempSync(join(tmpdir(), 'cli-dl-'))
      const two = await runCli(
        [
          'invoices',
          'bulk',
          '--action',
          'bulk_download',
          '--id',
          'Aa00000001',
          '--id',
          'Bb00000002',
          '--output-file',
          zipDir,
          '--yes',
        ],
        {env: suite.env},
      )
      expect(two.code).to.equal(0)
      expect(readdirSync(zipDir)).to.deep.equal(['invoices.zip'])
      expect(readFileSync(join(zipDir, 'invoices.zip')).equals(fakeZip(['Aa00000001', 'Bb00000002']))).to.equal(true)
      expect(suite.up.requests.map((q) => q.json)).to.deep.equal([
        {action: 'download', ids: ['WJxbojagwO']},
        {action: 'bulk_download', ids: ['Aa00000001', 'Bb00000002']},
      ])
    })

    it('invoices bulk --action download of two ids: the zip the upstream sent, saved; sent once', async () => {
      suite.up.seed('invoices', [
        {id: 'Aa00000001', client_id: 'VolejRejNm'},
        {id: 'Bb00000002', client_id: 'VolejRejNm'},
      ])
      const out = join(dir(), 'out.zip')
      const r = await runCli(
        [
          'invoices',
          'bulk',
          '--action',
          'download',
          '--id',
          'Aa00000001',
          '--id',
          'Bb00000002',
          '--output-file',
          out,
          '--yes',
        ],
        {env: suite.env},
      )
      expectRun(r, {code: 0, stdout: '', stderr: `saved ${out}\n`})
      expect(readFileSync(out).equals(fakeZip(['Aa00000001', 'Bb00000002']))).to.equal(true)
      expect(suite.up.requests.map((q) => `${q.method} ${q.path} ${JSON.stringify(q.json)}`)).to.deep.equal([
        'POST /api/v1/invoices/bulk {"action":"download","ids":["Aa00000001","Bb00000002"]}',
      ])
    })

    it('invoices bulk --action download of one id: its PDF, saved; sent once', async () => {
      const out = join(dir(), 'one.pdf')
      const r = await runCli(
        ['invoices', 'bulk', '--action', 'download', '--id', 'WJxbojagwO', '--output-file', out, '--yes'],
        {env: suite.env},
      )
      expectRun(r, {code: 0, stdout: '', stderr: `saved ${out}\n`})
      expect(readFileSync(out).equals(fakePdf('WJxbojagwO'))).to.equal(true)
      expect(sent()).to.deep.equal(['POST /api/v1/invoices/bulk'])
    })

    it('invoices action --action download still wants a PDF: a zip is exit 1, named by its size and type, no file', async () => {
      const zip = fakeZip(['WJxbojagwO'])
      suite.up.fault({
        kind: 'raw',
        status: 200,
        contentType: 'application/zip',
        body: zip,
        path: '/api/v1/invoices/bulk',
      })
      const r = await runCli(
        ['invoices', 'action', 'WJxbojagwO', '--action', 'download', '--output-file', join(dir(), 'i.pdf'), '--yes'],
        {env: suite.env},
      )
      expectRun(r, {
        code: 1,
        stdout: '',
        stderr:
          `Error: the upstream answered 200 with application/zip instead of a PDF: ${zip.length} bytes of ` +
          `application/zip. Nothing was saved\n`,
      })
      expect(readdirSync(dir())).to.deep.equal([])
      expect(sent()).to.deep.equal(['POST /api/v1/invoices/bulk'])
    })

    it('--output-file - writes the bytes to a pipe', async () => {
      const r = await runCli(
        ['invoices', 'action', 'WJxbojagwO', '--action', 'bulk_print', '--output-file', '-', '--yes'],
        {env: suite.env},
      )
      expect(r.code).to.equal(0)
      expect(r.stdoutBytes.equals(fakePdf('WJxbojagwO'))).to.equal(true)
      expect(sent()).to.deep.equal(['POST /api/v1/invoices/bulk'])
    })

    it('a bulk download answered with JSON records (the server ignored the action): exit 1, no file', async () => {
      suite.up.fault({
        kind: 'raw',
        status: 200,
        contentType: 'application/json',
        body: '{"data":[]}',
        path: '/api/v1/invoices/bulk',
      })
      const r = await runCli(
        [
          'invoices',
          'bulk',
          '--action',
          'download',
          '--id',
          'WJxbojagwO',
          '--output-file',
          join(dir(), 'i.pdf'),
          '--yes',
        ],
        {env: suite.env},
      )
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(
        'Error: the upstream answered 200 with application/json instead of a PDF: {"data":[]}. Nothing was saved\n',
      )
      expect(readdirSync(dir())).to.deep.equal([])
    })
  })
})
