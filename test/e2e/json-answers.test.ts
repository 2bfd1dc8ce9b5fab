/**
 * A 200 that is not JSON (an HTML page from a misconfigured base URL, a proxy or an expired session)
 * fails every command that expects JSON the same way: exit 1, one line, nothing on stdout, sent once;
 * after a change the line adds that it may have taken effect. `api` and the runners expect any
 * answer: theirs pass through as they came.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'

const PAGE = '<!DOCTYPE html><html><head><title>Sign in</title></head><body>Please sign in</body></html>'
const NOT_JSON = `Error: upstream answered 200 with a body that is not JSON (${PAGE.length} bytes): check the base URL`
const mayHave = (check: string) =>
  `; the change may have taken effect upstream: check with "${check}" before sending it again`

describe('a 200 that is not JSON', () => {
  const suite = useUpstream()
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}`)
  const htmlOnce = (method?: string) =>
    suite.up.fault({kind: 'raw', status: 200, contentType: 'text/html; charset=UTF-8', body: PAGE, method})

  describe('fails a command that expects JSON: exit 1, one line, nothing on stdout, never sent again', () => {
    const cases: Array<{args: string[]; request: string; stderr: string}> = [
      {
        // An update or a delete reads the record first (the journal keeps it): an invoice the stand-in has.
        args: ['invoices', 'update', 'WJxbojagwO', '--field', 'public_notes=x', '--yes', '--output', 'json'],
        request: 'PUT /api/v1/invoices/WJxbojagwO',
        stderr:
          `${NOT_JSON}${mayHave('cli invoices show WJxbojagwO')}\n{"error":{"status":200,"message":` +
          `${JSON.stringify(`${NOT_JSON.slice('Error: '.length)}${mayHave('cli invoices show WJxbojagwO')}`)},` +
          `"exit_code":1}}\n`,
      },
      {
        args: ['invoices', 'delete', 'WJxbojagwO', '--yes'],
        request: 'DELETE /api/v1/invoices/WJxbojagwO',
        stderr: `${NOT_JSON}${mayHave('cli invoices show WJxbojagwO')}\n`,
      },
      {
        args: ['invoices', 'bulk', '--action', 'mark_paid', '--id', 'Aa00000001', '--yes'],
        request: 'POST /api/v1/invoices/bulk',
        stderr: `${NOT_JSON}${mayHave('cli invoices show Aa00000001')}\n`,
      },
      {
        args: ['quotes', 'action', 'Qq00000001', '--action', 'approve', '--yes'],
        request: 'GET /api/v1/quotes/Qq00000001/approve',
        stderr: `${NOT_JSON}${mayHave('cli quotes show Qq00000001')}\n`,
      },
      {
        args: ['payments', 'refund', 'Pp00000001', '--amount', '5', '--date', '2024-01-01', '--yes'],
        request: 'POST /api/v1/payments/refund',
        stderr: `${NOT_JSON}${mayHave('cli payments show Pp00000001')}\n`,
      },
      {args: ['statics'], request: 'GET /api/v1/statics', stderr: `${NOT_JSON}\n`},
      {args: ['invoices', 'show', 'Aa00000001'], request: 'GET /api/v1/invoices/Aa00000001', stderr: `${NOT_JSON}\n`},
      {
        args: ['invoices', 'edit-template', 'Aa00000001'],
        request: 'GET /api/v1/invoices/Aa00000001/edit',
        stderr: `${NOT_JSON}\n`,
      },
      {args: ['invoices', 'template'], request: 'GET /api/v1/invoices/create', stderr: `${NOT_JSON}\n`},
    ]
    for (const {args, request, stderr} of cases) {
      it(args.slice(0, 2).join(' '), async () => {
        const [method, path] = request.split(' ')
        htmlOnce(method)
        const r = await runCli(args, {env: suite.env})
        expectRun(r, {code: 1, stdout: '', stderr})
        // An update or a delete reads its record first: the journal keeps it as it was (undo).
        const readFirst = method === 'PUT' || method === 'DELETE' ? [`GET ${path}`] : []
        expect(sent()).to.deep.equal([...readFirst, request])
      })
    }
  })

  describe('passes through where any answer is expected', () => {
    it('api GET clients: the page on stdout as it came, exit 0, sent once', async () => {
      htmlOnce()
      const r = await runCli(['api', 'GET', 'clients'], {env: suite.env})
      expectRun(r, {code: 0, stdout: PAGE, stderr: ''})
      expect(sent()).to.deep.equal(['GET /api/v1/clients'])
    })

    it('api GET of a binary answer: its bytes to the pipe unchanged', async () => {
      const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x1b, 0x0a])
      suite.up.fault({kind: 'raw', status: 200, contentType: 'application/pdf', body: bytes})
      const r = await runCli(['api', 'GET', 'invoices/WJxbojagwO/download'], {env: suite.env})
      expectRun(r, {code: 0, stderr: ''})
      expect(r.stdoutBytes.equals(bytes)).to.equal(true)
      expect(sent()).to.deep.equal(['GET /api/v1/invoices/WJxbojagwO/download'])
    })

    it('reports run: a CSV answer printed as it came', async () => {
      const csv = '"Client","Amount"\r\n"Acme Ltd","1250.50"\r\n'
      suite.up.fault({kind: 'raw', status: 200, contentType: 'text/csv', body: csv, path: '/api/v1/reports/clients'})
      const r = await runCli(['reports', 'run', '--endpoint', 'reports/clients'], {env: suite.env})
      expectRun(r, {code: 0, stdout: csv, stderr: ''})
      expect(sent()).to.deep.equal(['POST /api/v1/reports/clients'])
    })
  })
})
