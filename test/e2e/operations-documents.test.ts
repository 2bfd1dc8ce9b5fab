/** Operations beyond CRUD that answer a document: client statements, downloads by record id, the e-invoice. */
import {mkdtempSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {fakePdf} from '../support/upstream.js'
import {useOperationsUpstream} from './operations-suite.js'

describe('operations beyond CRUD', () => {
  const {suite, sent, json} = useOperationsUpstream()

  describe('clients statement', () => {
    it('--output-file: the PDF, no --yes needed (it changes nothing)', async () => {
      const out = join(mkdtempSync(join(tmpdir(), 'cli-st-')), 'st.pdf')
      const r = await runCli(
        [
          'clients',
          'statement',
          'VolejRejNm',
          '--start-date',
          '2024-01-01',
          '--end-date',
          '2024-03-31',
          '--payments',
          '--status',
          'unpaid',
          '--output-file',
          out,
        ],
        {env: suite.env},
      )
      expect(r.code).to.equal(0)
      expect(readFileSync(out).equals(fakePdf('VolejRejNm'))).to.equal(true)
      expect(sent()).to.deep.equal(['POST /api/v1/client_statement'])
      expect(json()).to.deep.equal([
        {
          client_id: 'VolejRejNm',
          start_date: '2024-01-01',
          end_date: '2024-03-31',
          show_payments_table: true,
          status: 'unpaid',
        },
      ])
    })

    it('--send-email changes records: exit 3 without --yes (nothing sent), then sent once with send_email=true', async () => {
      const args = [
        'clients',
        'statement',
        'VolejRejNm',
        '--start-date',
        '2024-01-01',
        '--end-date',
        '2024-03-31',
        '--send-email',
      ]
      const guarded = await runCli(args, {env: suite.env})
      expect(guarded.code).to.equal(3)
      expect(suite.up.requests).to.deep.equal([])
      const r = await runCli([...args, '--yes'], {env: suite.env})
      expect(r.code).to.equal(0)
      expect(sent()).to.deep.equal(['POST /api/v1/client_statement?send_email=true'])
      expect(suite.up.outbox()).to.deep.equal([{segment: 'clients', id: 'VolejRejNm', action: 'statement'}])
    })

    it('neither or both of --output-file and --send-email, or dates reversed: exit 2, nothing sent', async () => {
      const base = ['clients', 'statement', 'VolejRejNm', '--start-date', '2024-01-01', '--end-date', '2024-03-31']
      expect((await runCli(base, {env: suite.env})).stderr).to.equal(
        'Error: clients statement needs either --output-file PATH (the PDF) or --send-email (the server e-mails it)\n',
      )
      const reversed = await runCli(
        [
          'clients',
          'statement',
          'VolejRejNm',
          '--start-date',
          '2024-04-01',
          '--end-date',
          '2024-03-31',
          '--output-file',
          '-',
        ],
        {env: suite.env},
      )
      expect(reversed.stderr).to.equal('Error: --start-date 2024-04-01 is after --end-date 2024-03-31\n')
      expect(suite.up.requests).to.deep.equal([])
    })
  })

  describe('download by record id, and the e-invoice', () => {
    it('--id reads the record and downloads through its first invitation key', async () => {
      const r = await runCli(['invoices', 'download', '--id', 'WJxbojagwO', '--output-file', '-'], {env: suite.env})
      expect(r.code).to.equal(0)
      expect(r.stdoutBytes.equals(fakePdf('invkey0001acmeQ7fK2mW9xR4tB8nL3p'))).to.equal(true)
      expect(sent()).to.deep.equal([
        'GET /api/v1/invoices/WJxbojagwO',
        'GET /api/v1/invoice/invkey0001acmeQ7fK2mW9xR4tB8nL3p/download',
      ])
    })

    it('--e-invoice: the XML of download_e_invoice', async () => {
      const r = await runCli(
        ['quotes', 'download', 'quokey0001acmeQ7fK2mW9xR4tB8nL3p', '--e-invoice', '--output-file', '-'],
        {
          env: suite.env,
        },
      )
      expect(r.code).to.equal(0)
      expect(r.stdout).to.match(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<Invoice><ID>0001<\/ID><\/Invoice>\n$/)
      expect(sent()).to.deep.equal(['GET /api/v1/quote/quokey0001acmeQ7fK2mW9xR4tB8nL3p/download_e_quote'])
    })

    it('neither a key nor --id, or both: exit 2; a record without invitations: exit 2 after the read', async () => {
      expect((await runCli(['invoices', 'download', '--output-file', '-'], {env: suite.env})).stderr).to.equal(
        'Error: invoices download needs an invitation key, a record id or number, or --id (one of them)\n',
      )
      expect(
        (await runCli(['invoices', 'download', 'k', '--id', 'WJxbojagwO', '--output-file', '-'], {env: suite.env}))
          .code,
      ).to.equal(2)
      expect(suite.up.requests).to.deep.equal([])
      suite.up.seed('credits', [{id: 'Cr00000001', client_id: 'VolejRejNm', invitations: []}])
      const none = await runCli(['credits', 'download', '--id', 'Cr00000001', '--output-file', '-'], {env: suite.env})
      expect(none.code).to.equal(2)
      expect(none.stderr).to.equal(
        'Error: credits Cr00000001 has no invitation (it was never sent to a contact): nothing to download by key\n',
      )
      expect(sent()).to.deep.equal(['GET /api/v1/credits/Cr00000001'])
    })
  })
})
