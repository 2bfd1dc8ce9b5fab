/**
 * Only the file that was asked for is saved: an HTML login page or a JSON message answered with
 * 200 is an error (exit 1, the upstream's message, no file). And a success with no body is a success.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {fakePdf} from '../support/upstream.js'
import {useDownloadUpstream} from './download-checks-suite.js'

const LOGIN = '<!DOCTYPE html><html><head><title>Login</title></head><body>Please log in</body></html>'

describe('downloads save only the document; empty answers are successes', () => {
  const {suite, dir, sent} = useDownloadUpstream()

  describe('an answer that is not the file', () => {
    it('a 200 HTML login page for a PDF: exit 1, no file, no temporary file', async () => {
      suite.up.fault({
        kind: 'raw',
        status: 200,
        contentType: 'text/html; charset=UTF-8',
        body: LOGIN,
        path: '/api/v1/quote/',
      })
      const r = await runCli(
        ['quotes', 'download', 'quokey0001acmeQ7fK2mW9xR4tB8nL3p', '--output-file', join(dir(), 'quote.pdf')],
        {
          env: suite.env,
        },
      )
      expect(r.code).to.equal(1)
      expect(r.stdout).to.equal('')
      expect(r.stderr).to.equal(
        `Error: the upstream answered 200 with text/html instead of a PDF: an HTML page (${LOGIN.length} bytes). ` +
          `Nothing was saved\n`,
      )
      expect(readdirSync(dir())).to.deep.equal([])
      expect(sent()).to.deep.equal(['GET /api/v1/quote/quokey0001acmeQ7fK2mW9xR4tB8nL3p/download'])
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
        ['quotes', 'download', 'quokey0001acmeQ7fK2mW9xR4tB8nL3p', '--output-file', join(dir(), 'q.pdf'), '-o', 'json'],
        {env: suite.env},
      )
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(
        'Error: the upstream answered 200 with application/json instead of a PDF: Session expired. Nothing was ' +
          'saved\n{"error":{"status":200,"message":"Session expired","exit_code":1}}\n',
      )
      expect(existsSync(join(dir(), 'q.pdf'))).to.equal(false)
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
      const r = await runCli(
        ['quotes', 'download', 'quokey0001acmeQ7fK2mW9xR4tB8nL3p', '--output-file', join(dir(), 'q.pdf')],
        {
          env: suite.env,
        },
      )
      expect(r.code).to.equal(0)
      expect(readFileSync(join(dir(), 'q.pdf')).equals(pdf)).to.equal(true)
    })

    it('a document whose answer is a JSON error page without an attachment name is refused', async () => {
      suite.up.fault({
        kind: 'raw',
        status: 200,
        contentType: 'application/json',
        body: '{"error":"File missing"}',
        path: '/api/v1/documents/',
      })
      const r = await runCli(['documents', 'download', 'Dk3mZ7pQx1', '--output-file', join(dir(), 'r.png')], {
        env: suite.env,
      })
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(
        'Error: the upstream answered 200 with application/json instead of the stored file: File missing. ' +
          'Nothing was saved\n',
      )
      expect(readdirSync(dir())).to.deep.equal([])
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
        // Each delete reads its record first: the journal keeps it as it was.
        expect(sent()).to.deep.equal(
          Array(2).fill(['GET /api/v1/clients/Opnel5aKBz', 'DELETE /api/v1/clients/Opnel5aKBz']).flat(),
        )
      })
    }
  })
})
