/**
 * `<family> bulk --action A` by a list query (--filter, --status, --all): the dry run lists how many records and
 * which, the guardrail holds, and the records are acted on once each in batches whose answers hold them all.
 * By --id: bulk-ids.test.ts.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('bulk by query', () => {
  const suite = useUpstream()
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}`)
  const invoice = (n: number, client = 'Opnel5aKBz') => ({
    client_id: client,
    number: `G${String(n).padStart(4, '0')}`,
    status_id: '2',
    amount: n,
    balance: n,
    invitations: [],
  })
  const seedDocuments = (n: number, segment = 'invoices') =>
    suite.up.seed(
      segment,
      Array.from({length: n}, (_, i) => invoice(i + 1)),
    )

  describe('selected by --filter', () => {
    it('the dry run reads the list, says how many and which (number, name, amount, id), shows the request; no change', async () => {
      const r = await runCli(
        ['invoices', 'bulk', '--action', 'archive', '--filter', 'client_id=VolejRejNm', '--dry-run'],
        {env: suite.env},
      )
      expectRun(r, {
        code: 0,
        stdout:
          `POST ${suite.up.url}/api/v1/invoices/bulk\n` +
          `${JSON.stringify({action: 'archive', ids: ['WJxbojagwO']}, null, 2)}\n`,
        stderr:
          'dry run: reading /api/v1/invoices to select the records (nothing is changed)\n' +
          'dry run: 1 invoice matches the filters (active records only: --status chooses others):\n' +
          '  0001  Acme Ltd  150.00  (id WJxbojagwO)\n',
      })
      expect(sent()).to.deep.equal(['GET /api/v1/invoices'])
      expect(suite.up.requests[0].query).to.deep.equal({
        sort: 'id|asc',
        client_id: 'VolejRejNm',
        status: 'active',
        include: 'client',
      })
      expect(suite.up.records('invoices')[0].archived_at).to.equal(0)
    })

    it('without --yes: exit 3 and nothing sent, not even the list query', async () => {
      const r = await runCli(['invoices', 'bulk', '--action', 'archive', '--filter', 'client_id=VolejRejNm'], {
        env: suite.env,
      })
      expectRun(r, {
        code: 3,
        stdout: '',
        stderr:
          'Error: invoices bulk changes upstream records: pass --yes to confirm, or --dry-run to see the request ' +
          'without sending it\n',
      })
      expect(suite.up.requests).to.deep.equal([])
    })

    it('--yes: one list query, one bulk request with the selected ids; the answer printed, one summary line', async () => {
      suite.up.seed('invoices', [invoice(1), invoice(2), invoice(3, 'VolejRejNm')])
      const r = await runCli(
        ['invoices', 'bulk', '--action', 'mark_sent', '--filter', 'client_id=Opnel5aKBz', '--yes', '-o', 'json'],
        {env: suite.env},
      )
      expect(r.code, r.stderr).to.equal(0)
      expect(sent()).to.deep.equal(['GET /api/v1/invoices', 'POST /api/v1/invoices/bulk'])
      const globex = suite.up.records('invoices').filter((i) => i.client_id === 'Opnel5aKBz')
      const selected = (suite.up.requests[1].json as {ids: string[]}).ids
      expect([...selected].sort()).to.deep.equal(globex.map((i) => String(i.id)).sort())
      expect(suite.up.requests[1].json).to.deep.equal({action: 'mark_sent', ids: selected})
      expect(suite.up.requests[1].rawQuery).to.equal('')
      const printed = JSON.parse(r.stdout)
      expect(printed.data.map((i: {id: string}) => i.id)).to.deep.equal(selected)
      const numbers = selected.map((id) => suite.up.records('invoices').find((i) => i.id === id)!.number)
      expect(r.stderr).to.equal(
        `marked sent 2 invoices: ${numbers[0]} (id ${selected[0]}), ${numbers[1]} (id ${selected[1]})\n`,
      )
    })

    it('--status selects by state: the archived invoice is restored; then none match and nothing is sent', async () => {
      suite.up.seed('invoices', [{...invoice(7), id: 'Arch1vedId', archived_at: 1_700_000_000}, invoice(8)])
      const args = ['invoices', 'bulk', '--action', 'restore', '--status', 'archived', '--yes']
      const r = await runCli([...args, '-o', 'json'], {env: suite.env})
      expect(r.code, r.stderr).to.equal(0)
      expect(r.stderr).to.equal('restored invoice G0007 (id Arch1vedId), 7.00\n')
      expect(suite.up.requests[0].query).to.include({status: 'archived'})
      expect(suite.up.requests[1].json).to.deep.equal({action: 'restore', ids: ['Arch1vedId']})
      const again = await runCli(args, {env: suite.env})
      // Nothing matched, nothing changed: no success.
      expectRun(again, {code: 5, stdout: '', stderr: 'Error: no invoices match the filters: nothing was changed\n'})
      expect(sent()).to.deep.equal(['GET /api/v1/invoices', 'POST /api/v1/invoices/bulk', 'GET /api/v1/invoices'])
    })

    it('an unknown filter or value is refused as list refuses it: exit 2, nothing sent', async () => {
      for (const [filter, message] of [
        [
          'client_statsu=unpaid',
          'Error: --filter client_statsu is not a filter of invoices lists: did you mean client_status? (the server ' +
            'ignores unknown filters and would answer every record; cli invoices list --help lists them)\n',
        ],
        [
          'client_status=unpiad',
          'Error: --filter client_status="unpiad" is not a value the server acts on: client_status takes ' +
            'comma-separated values of all, draft, paid, cancelled, unpaid, overdue; did you mean unpaid?\n',
        ],
      ]) {
        const r = await runCli(['invoices', 'bulk', '--action', 'archive', '--filter', filter, '--yes'], {
          env: suite.env,
        })
        expectRun(r, {code: 2, stdout: '', stderr: message})
      }
      expect(suite.up.requests).to.deep.equal([])
    })

    it('--id with --filter, or neither, or --all without a filter: exit 2, nothing sent', async () => {
      const both = await runCli(
        ['invoices', 'bulk', '--action', 'archive', '--id', 'WJxbojagwO', '--filter', 'client_id=X', '--yes'],
        {env: suite.env},
      )
      expectRun(both, {
        code: 2,
        stderr: 'Error: --id and --filter/--status both choose the records: give the ids, or the filters, not both\n',
      })
      const all = await runCli(['invoices', 'bulk', '--action', 'archive', '--id', 'WJxbojagwO', '--all', '--yes'], {
        env: suite.env,
      })
      expectRun(all, {
        code: 2,
        stderr: 'Error: --all reads every page a --filter selects: give --filter or --status\n',
      })
      const file = await runCli(
        ['invoices', 'bulk', '--action', 'download', '--filter', 'client_id=X', '--output-file', '-', '--yes'],
        {env: suite.env},
      )
      expectRun(file, {code: 2, stderr: 'Error: --action download answers a file: give the records with --id\n'})
      expect(suite.up.requests).to.deep.equal([])
    })

    it('more than one page without --all: refused after the list query, nothing changed', async () => {
      seedDocuments(21)
      const r = await runCli(['invoices', 'bulk', '--action', 'archive', '--filter', 'client_status=all', '--yes'], {
        env: suite.env,
      })
      expectRun(r, {
        code: 2,
        stdout: '',
        stderr:
          'Error: 21 invoices match the filters, more than one page (20): add --all to act on all 21, or narrow the ' +
          'filters; nothing was changed\n',
      })
      expect(sent()).to.deep.equal(['GET /api/v1/invoices'])
      expect(suite.up.records('invoices').every((i) => i.archived_at === 0)).to.equal(true)
    })

    // Quotes: the server spaces invoices' bulk actions a second apart (repeat-guard.test.ts), 25 seconds here.
    it('--all: every page read, then batches of 100 ids whose answers hold every record; each archived once', async () => {
      seedDocuments(2530, 'quotes')
      const r = await runCli(
        ['quotes', 'bulk', '--action', 'archive', '--filter', 'client_status=all', '--all', '--yes', '-o', 'json'],
        {env: suite.env},
      )
      expect(r.code, r.stderr).to.equal(0)
      const ids = suite.up.records('quotes').map((i) => String(i.id))
      // Two pages of 2500 read; then 26 bulk requests, the last of 30 ids.
      expect(sent()).to.deep.equal([
        'GET /api/v1/quotes',
        'GET /api/v1/quotes',
        ...Array(26).fill('POST /api/v1/quotes/bulk'),
      ])
      expect(suite.up.requests.slice(0, 2).map((q) => q.query)).to.deep.equal(
        ['1', '2'].map((page) => ({
          page,
          per_page: '2500',
          sort: 'id|asc',
          client_status: 'all',
          status: 'active',
          include: 'client',
        })),
      )
      const posts = suite.up.requests.slice(2)
      expect(posts.map((p) => p.rawQuery)).to.deep.equal([...Array(25).fill('per_page=100'), 'per_page=30'])
      // Each id once, in the list's order (sort=id|asc), across the batches; printed in the same order.
      const sentIds = posts.flatMap((p) => (p.json as {ids: string[]}).ids)
      expect([...sentIds].sort()).to.deep.equal([...ids].sort())
      expect(new Set(sentIds).size).to.equal(2530)
      const printed = JSON.parse(r.stdout) as {data: Array<{id: string; archived_at: number}>}
      expect(printed.data.map((i) => i.id)).to.deep.equal(sentIds)
      expect(printed.data.every((i) => i.archived_at > 0)).to.equal(true)
      expect(r.stderr).to.match(/^archived 2530 quotes: \w+ \(id Vole\w+\), .*, and 2520 more\n$/)
    })

    it('the dry run of several batches shows every request; JSON carries the selection and the requests', async () => {
      seedDocuments(101)
      const r = await runCli(
        ['invoices', 'bulk', '--action', 'archive', '--status', 'active', '--all', '--dry-run', '-o', 'json'],
        {env: suite.env},
      )
      expect(r.code, r.stderr).to.equal(0)
      const doc = JSON.parse(r.stdout)
      expect(doc.requests.map((q: {url: string}) => q.url)).to.deep.equal([
        `${suite.up.url}/api/v1/invoices/bulk?per_page=100`,
        `${suite.up.url}/api/v1/invoices/bulk`,
      ])
      expect(doc.request).to.deep.equal(doc.requests[0])
      expect(doc.selected).to.have.length(101)
      expect(doc.selected[0]).to.match(/^G0001 {2}Globex Corporation {2}1\.00 {2}\(id Vole\w+\)$/)
      expect(r.stderr).to.equal(
        'dry run: reading /api/v1/invoices to select the records (nothing is changed)\n' +
          'dry run: 101 invoices match the filters:\n' +
          'dry run: 2 requests, one for each batch of at most 100 ids\n',
      )
      expect(sent()).to.deep.equal(['GET /api/v1/invoices'])
    })
  })
})
