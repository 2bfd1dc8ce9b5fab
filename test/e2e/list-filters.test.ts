/**
 * `--filter` as the server knows it (issue 21): the server ignores a filter it does not know and
 * answers every record, so a mistyped name or a value outside a known set is refused (exit 2,
 * nothing sent) with the nearest name; `--no-validate` sends anything; --help lists the filters.
 * A list that only reads sends an unknown value of a comma-separated set, warned (issue 33).
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('list filters the server knows', () => {
  const suite = useUpstream()

  const REFUSALS: ReadonlyArray<[args: string[], stderr: string]> = [
    [
      ['invoices', 'list', '--filter', 'clinet_id=VolejRejNm'],
      'Error: --filter clinet_id is not a filter of invoices lists: did you mean client_id? (the server ignores ' +
        'unknown filters and would answer every record; cli invoices list --help lists them)\n',
    ],
    [
      ['clients', 'list', '--filter', 'balance=gt:1000'],
      'Error: --filter balance="gt:1000" is not a value the server acts on: balance takes an amount, a colon and ' +
        'one of lt, gt, lte, gte, eq (e.g. 1000:gt) (--no-validate sends it anyway)\n',
    ],
    [
      ['invoices', 'list', '--filter', 'balance=1000:gt'],
      'Error: --filter balance is not a filter of invoices lists (the server ignores unknown filters and would ' +
        'answer every record; cli invoices list --help lists them)\n',
    ],
    [
      ['activities', 'list', '--status', 'active'],
      'Error: --status: activities lists have no status filter (the server would ignore it and answer every ' +
        'record)\n',
    ],
    [
      ['quotes', 'list', '--filter', 'is_deleted=true'],
      'Error: --filter is_deleted="true" is not a value the server acts on: is_deleted takes one of 0, 1 ' +
        '(--no-validate sends it anyway)\n',
    ],
  ]

  for (const fastPath of ['1', '0'])
    for (const [args, stderr] of REFUSALS) {
      it(`refused, nothing sent: ${args.slice(0, 4).join(' ')} (fast path ${fastPath})`, async () => {
        const r = await runCli(args, {env: {...suite.env, CLI_FAST_PATH: fastPath}})
        expect(r.stdout).to.equal('')
        expect(r.stderr).to.equal(stderr)
        expect(r.code).to.equal(2)
        expect(suite.up.requests).to.deep.equal([])
      })
    }

  it('known names and values are sent as given', async () => {
    const r = await runCli(
      ['invoices', 'list', '--filter', 'client_status=paid,overdue', '--filter', 'client_id=VolejRejNm', '-o', 'json'],
      {env: suite.env},
    )
    expect(r.stderr).to.equal('')
    expect(r.code).to.equal(0)
    expect(suite.up.requests.map((q) => [q.method, q.path, q.rawQuery])).to.deep.equal([
      ['GET', '/api/v1/invoices', 'client_status=paid,overdue&client_id=VolejRejNm'],
    ])
  })

  for (const fastPath of ['1', '0'])
    it(`a read sends an unknown value of a set, warned; the server answers every record (fast path ${fastPath})`, async () => {
      const env = {...suite.env, CLI_FAST_PATH: fastPath}
      const r = await runCli(['invoices', 'list', '--filter', 'client_status=ovrdue', '-o', 'json'], {env})
      expect(r.stderr).to.equal(
        'Warning: --filter client_status="ovrdue" is not a value the server acts on: client_status takes ' +
          'comma-separated values of all, draft, paid, cancelled, unpaid, overdue; did you mean overdue?; the ' +
          'server ignores the values it does not know (sent as given)\n',
      )
      expect(r.code).to.equal(0)
      const all = await runCli(['invoices', 'list', '-o', 'json'], {env})
      expect(suite.up.requests.map((q) => [q.method, q.path, q.rawQuery])).to.deep.equal([
        ['GET', '/api/v1/invoices', 'client_status=ovrdue'],
        ['GET', '/api/v1/invoices', ''],
      ])
      expect(JSON.parse(r.stdout).data).to.deep.equal(JSON.parse(all.stdout).data).and.not.deep.equal([])
    })

  it('-o ids refuses an unknown value of a set: the ids select records for a change; --no-validate sends it', async () => {
    const r = await runCli(['invoices', 'list', '--filter', 'client_status=ovrdue', '-o', 'ids'], {env: suite.env})
    expect(r.code).to.equal(2)
    expect(r.stdout).to.equal('')
    expect(r.stderr).to.equal(
      'Error: --filter client_status="ovrdue" is not a value the server acts on: client_status takes ' +
        'comma-separated values of all, draft, paid, cancelled, unpaid, overdue; did you mean overdue? (-o ids ' +
        'selects records for a change, and the server ignores the values it does not know; --no-validate sends it ' +
        'anyway)\n',
    )
    expect(suite.up.requests).to.deep.equal([])
    const sent = await runCli(['invoices', 'list', '--filter', 'client_status=ovrdue', '-o', 'ids', '--no-validate'], {
      env: suite.env,
    })
    expect(sent.code, sent.stderr).to.equal(0)
    expect(sent.stderr).to.equal('')
    expect(suite.up.requests.map((q) => [q.method, q.path, q.rawQuery])).to.deep.equal([
      ['GET', '/api/v1/invoices', 'client_status=ovrdue'],
    ])
    expect(sent.stdout.trim().split('\n').length).to.equal(suite.up.records('invoices').length)
  })

  it('--no-validate sends an unknown filter, which the server ignores', async () => {
    const r = await runCli(['invoices', 'list', '--filter', 'clinet_id=X', '--no-validate', '-o', 'json'], {
      env: suite.env,
    })
    expect(r.stderr).to.equal('')
    expect(r.code).to.equal(0)
    const all = await runCli(['invoices', 'list', '-o', 'json'], {env: suite.env})
    expect(suite.up.requests.map((q) => [q.method, q.path, q.rawQuery])).to.deep.equal([
      ['GET', '/api/v1/invoices', 'clinet_id=X'],
      ['GET', '/api/v1/invoices', ''],
    ])
    expect(JSON.parse(r.stdout).data).to.deep.equal(JSON.parse(all.stdout).data).and.not.deep.equal([])
  })

  it("--help lists each list's filters and their values", async () => {
    const invoices = await runCli(['invoices', 'list', '--help'])
    expect(invoices.code).to.equal(0)
    expect(invoices.stdout)
      .to.include('Filters the server knows')
      .and.include('- client_status: states, comma-separated; all: no filter. Values: all, draft,')
      .and.include('- client_id: ')
      .and.not.include('- balance:')
    const clients = await runCli(['clients', 'list', '--help'])
    expect(clients.stdout).to.include('- balance: balance compared with an amount: <amount>:<operator>')
  })
})
