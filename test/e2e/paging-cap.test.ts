/**
 * Complete exports (issue 23): --all asks for large pages (the page cap then reaches 250,000
 * records), --limit N for N; a listing the page cap stops is never taken for complete: exit 5 in
 * every format, and the line names the --page that goes on from there.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'

const CAPPED =
  'Error: incomplete: the listing stopped at the page cap (100 pages, 100 of 102 records printed): the same ' +
  'command with --page 101 goes on from there, or narrow it with --filter\n'

describe('complete exports', () => {
  const suite = useUpstream()
  const queries = () => suite.up.requests.map((q) => q.rawQuery)

  it('--all asks for 2500 records a page; --limit N for N (up to that); --per-page wins', async () => {
    suite.up.seed(
      'vendors',
      Array.from({length: 5}, (_, i) => ({name: `V${i}`})),
    )
    const all = await runCli(['vendors', 'list', '--all', '--output', 'ndjson', '--columns', 'name'], {
      env: suite.env,
    })
    expectRun(all, {code: 0, stderr: '', stdout: [0, 1, 2, 3, 4].map((i) => `{"name":"V${i}"}\n`).join('')})
    const limited = await runCli(['vendors', 'list', '--limit', '3', '--output', 'ids'], {env: suite.env})
    expect(limited.stdout.split('\n')).to.have.length(4)
    const big = await runCli(['vendors', 'list', '--limit', '40000', '--output', 'ids'], {env: suite.env})
    expect(big.code).to.equal(0)
    const own = await runCli(['vendors', 'list', '--all', '--per-page', '2', '--output', 'ids'], {env: suite.env})
    expect(own.stdout.split('\n')).to.have.length(6)
    expect(queries()).to.deep.equal([
      'page=1&per_page=2500&sort=id|asc',
      'page=1&per_page=3&sort=id|asc',
      'page=1&per_page=2500&sort=id|asc',
      'page=1&per_page=2&sort=id|asc',
      'page=2&per_page=2&sort=id|asc',
      'page=3&per_page=2&sort=id|asc',
    ])
  })

  describe('at the page cap', () => {
    beforeEach(() =>
      suite.up.seed(
        'vendors',
        Array.from({length: 102}, (_, i) => ({name: `V${i}`})),
      ),
    )
    const rows = (from: number, to: number) => Array.from({length: to - from}, (_, i) => `V${from + i}`)

    it('csv: the rows fetched, then exit 5 and how to go on; --page 101 goes on from there, exit 0', async () => {
      const r = await runCli(['vendors', 'list', '--all', '--per-page', '1', '-o', 'csv', '--columns', 'name'], {
        env: suite.env,
      })
      expectRun(r, {code: 5, stdout: ['name', ...rows(0, 100), ''].join('\r\n'), stderr: CAPPED})
      expect(suite.up.requests).to.have.length(100)
      suite.up.requests.length = 0
      const rest = await runCli(
        ['vendors', 'list', '--all', '--per-page', '1', '--page', '101', '-o', 'csv', '--columns', 'name'],
        {env: suite.env},
      )
      expectRun(rest, {code: 0, stdout: ['name', ...rows(100, 102), ''].join('\r\n'), stderr: ''})
      expect(queries()).to.deep.equal(['page=101&per_page=1&sort=id|asc', 'page=102&per_page=1&sort=id|asc'])
    })

    it('ndjson, ids and a table: exit 5 with the same line; what was printed stays', async () => {
      for (const output of ['ndjson', 'ids', 'table']) {
        const r = await runCli(['vendors', 'list', '--all', '--per-page', '1', '--output', output], {env: suite.env})
        expect(r.code, output).to.equal(5)
        expect(r.stderr, output).to.equal(CAPPED)
        // Every record fetched is printed: one line each (and the table's header).
        expect(r.stdout.trimEnd().split('\n'), output).to.have.length(output === 'table' ? 101 : 100)
      }
    })

    it('--limit past the cap stops there too: exit 5', async () => {
      const r = await runCli(['vendors', 'list', '--limit', '101', '--per-page', '1', '-o', 'ids'], {env: suite.env})
      expectRun(r, {code: 5, stderr: CAPPED})
    })
  })
})
