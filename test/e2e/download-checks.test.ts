/**
 * Only the file that was asked for is saved: an HTML login page or a JSON message answered with
 * 200 is an error (exit 1, the upstream's message, no file); file actions write their bytes to
 * --output-file. And a success with no body is a success.
 */
import {existsSync, mkdtempSync, readdirSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {fakePdf, fakeZip} from '../support/upstream.js'
import {useUpstream} from '../support/upstream-suite.js'

const LOGIN = '<!DOCTYPE html><html><head><title>Login</title></head><body>Please log in</body></html>'

describe('downloads save only the document; empty answers are successes', () => {
  const suite = useUpstream()
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cli-dl-'))
  })
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}`)

  describe('an answer that is not the file', () => {
    it('a 200 HTML login page for a PDF: exit 1, no file, no temporary file', async () => {
      suite.up.fault({
        kind: 'raw',
        status: 200,
        contentType: 'text/html; charset=UTF-8',
        body: LOGIN,
        path: '/api/v1/quote/',
      })
      const r = await runCli(['quotes', 'download', 'quokey0001acme', '--output-file', join(dir, 'quote.pdf')], {
        env: suite.env,
      })
      expect(r.code).to.equal(1)
      expect(r.stdout).to.equal('')
      expect(r.stderr).to.equal(
        `Error: the upstream answered 200 with text/html instead of a PDF: an HTML page (${LOGIN.length} bytes). ` +
          `Nothing was saved\n`,
      )
      expect(readdirSync(dir)).to.deep.equal([])
      expect(sent()).to.deep.equal(['GET /api/v1/quote/quokey0001acme/download'])
    })

    it('a 200 JSON message: exit 1 with the message; -o json adds the error document', async () => {
      suite.up.fault({
        kind: 'raw',
        status: 200,
        contentType: 'application/json',
        body: '{"message":"Session expired"}',
        path: '/api/v1/quote/',
      })
      const r = await runCli(
        ['quotes', 'download', 'quokey0001acme', '--output-file', join(dir, 'q.pdf'), '-o', 'json'],
        {env: suite.env},
      )
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(
        'Error: the upstream answered 200 with application/json instead of a PDF: Session expired. Nothing was ' +
          'saved\n{"error":{"status":200,"message":"Session expired","exit_code":1}}\n',
      )
      expect(existsSync(join(dir, 'q.pdf'))).to.equal(false)
    })

    it('a PDF sent as application/octet-stream is recognised by its %PDF- signature and saved', async () => {
      const pdf = fakePdf('x')
      suite.up.fault({
        kind: 'raw',
        status: 200,
        contentType: 'application/octet-stream',
        body: pdf,
        path: '/api/v1/quote/',
      })
      const r = await runCli(['quotes', 'download', 'quokey0001acme', '--output-file', join(dir, 'q.pdf')], {
        env: suite.env,
      })
      expect(r.code).to.equal(0)
      expect(readFileSync(join(dir, 'q.pdf')).equals(pdf)).to.equal(true)
    })

    it('a document whose answer is a JSON error page without an attachment name is refused', async () => {
      suite.up.fault({
        kind: 'raw',
        status: 200,
        contentType: 'application/json',
        body: '{"error":"File missing"}',
        path: '/api/v1/documents/',
      })
      const r = await runCli(['documents', 'download', 'Dk3mZ7pQx1', '--output-file', join(dir, 'r.png')], {
        env: suite.env,
      })
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(
        'Error: the upstream answered 200 with application/json instead of the stored file: File missing. ' +
          'Nothing was saved\n',
      )
      expect(readdirSync(dir)).to.deep.equal([])
    })
  })

  describe('actions that answer a file write it to --output-file', () => {
    it('quotes action download (the GET route): the PDF lands in the file, sent once', async () => {
      const out = join(dir, 'q.pdf')
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
          join(dir, 'i.pdf'),
          '--yes',
        ],
        {env: suite.env},
      )
      expect(one.code).to.equal(0)
      expect(readFileSync(join(dir, 'i.pdf')).equals(fakePdf('WJxbojagwO'))).to.equal(true)
      suite.up.seed('invoices', [
        {id: 'A1', client_id: 'VolejRejNm'},
        {id: 'B2', client_id: 'VolejRejNm'},
      ])
      const zipDir = mkdtempSync(join(tmpdir(), 'cli-dl-'))
      const two = await runCli(
        ['invoices', 'bulk', '--action', 'bulk_download', '--id', 'A1', '--id', 'B2', '--output-file', zipDir, '--yes'],
        {env: suite.env},
      )
      expect(two.code).to.equal(0)
      expect(readdirSync(zipDir)).to.deep.equal(['invoices.zip'])
      expect(readFileSync(join(zipDir, 'invoices.zip')).equals(fakeZip(['A1', 'B2']))).to.equal(true)
      expect(suite.up.requests.map((q) => q.json)).to.deep.equal([
        {action: 'download', ids: ['WJxbojagwO']},
        {action: 'bulk_download', ids: ['A1', 'B2']},
      ])
    })

    it('invoices bulk --action download of two ids: the zip the upstream sent, saved; sent once', async () => {
      suite.up.seed('invoices', [
        {id: 'A1', client_id: 'VolejRejNm'},
        {id: 'B2', client_id: 'VolejRejNm'},
      ])
      const out = join(dir, 'out.zip')
      const r = await runCli(
        ['invoices', 'bulk', '--action', 'download', '--id', 'A1', '--id', 'B2', '--output-file', out, '--yes'],
        {env: suite.env},
      )
      expectRun(r, {code: 0, stdout: '', stderr: `saved ${out}\n`})
      expect(readFileSync(out).equals(fakeZip(['A1', 'B2']))).to.equal(true)
      expect(suite.up.requests.map((q) => `${q.method} ${q.path} ${JSON.stringify(q.json)}`)).to.deep.equal([
        'POST /api/v1/invoices/bulk {"action":"download","ids":["A1","B2"]}',
      ])
    })

    it('invoices bulk --action download of one id: its PDF, saved; sent once', async () => {
      const out = join(dir, 'one.pdf')
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
        ['invoices', 'action', 'WJxbojagwO', '--action', 'download', '--output-file', join(dir, 'i.pdf'), '--yes'],
        {env: suite.env},
      )
      expectRun(r, {
        code: 1,
        stdout: '',
        stderr:
          `Error: the upstream answered 200 with application/zip instead of a PDF: ${zip.length} bytes of ` +
          `application/zip. Nothing was saved\n`,
      })
      expect(readdirSync(dir)).to.deep.equal([])
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
          join(dir, 'i.pdf'),
          '--yes',
        ],
        {env: suite.env},
      )
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(
        'Error: the upstream answered 200 with application/json instead of a PDF: {"data":[]}. Nothing was saved\n',
      )
      expect(readdirSync(dir)).to.deep.equal([])
    })
  })

  describe('a success with no body', () => {
    for (const [status, body] of [
      [204, ''],
      [200, ''],
    ] as const) {
      it(`${status} with no body after a delete: exit 0, one line on stderr; -o json still prints one JSON document`, async () => {
        suite.up.fault({kind: 'raw', status, contentType: 'application/json', body, method: 'DELETE', times: 2})
        const plain = await runCli(['clients', 'delete', 'Opnel5aKBz', '--yes'], {env: suite.env})
        expect(plain.code).to.equal(0)
        expect(plain.stdout).to.equal('')
        expect(plain.stderr).to.equal(`done: DELETE /api/v1/clients/Opnel5aKBz answered ${status} with no body\n`)
        const json = await runCli(['clients', 'delete', 'Opnel5aKBz', '--yes', '-o', 'json'], {env: suite.env})
        expect(json.code).to.equal(0)
        expect(JSON.parse(json.stdout)).to.deep.equal({status, data: null})
        expect(sent()).to.deep.equal(Array(2).fill('DELETE /api/v1/clients/Opnel5aKBz'))
      })
    }
  })
})
