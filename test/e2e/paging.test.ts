/** --all and --limit end to end: the concurrent window, page order, ndjson, failures and 429s. */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('multi-page listings', () => {
  const suite = useUpstream({env: {CLI_RETRY_WAIT_SCALE: '0.001'}})
  const keys = (n: number) => Array.from({length: n}, (_, i) => `P${String(i).padStart(3, '0')}`)

  beforeEach(() => {
    suite.up.seed(
      'products',
      keys(30).map((product_key) => ({product_key})),
    )
  })

  const pagesAsked = () => suite.up.requests.map((r) => Number(r.query.page))

  it('keeps page order when pages arrive out of order (page 2 answers last)', async () => {
    suite.up.fault({kind: 'delay', ms: 300, path: '/api/v1/products', query: {page: '2'}})
    const r = await runCli(['products', 'list', '--all', '--per-page', '2', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(JSON.parse(r.stdout).data.map((p: {product_key: string}) => p.product_key)).to.deep.equal(keys(30))
    expect([...pagesAsked()].sort((a, b) => a - b)).to.deep.equal(Array.from({length: 15}, (_, i) => i + 1))
    expect(pagesAsked()[0]).to.equal(1)
  })

  // Each page request once left a listener on the listing's one AbortSignal: past 10 of them,
  // Node warned "MaxListenersExceededWarning" on stderr.
  for (const [name, extra, env] of [
    ['the window of 4', [], {}],
    ['--concurrency 1', ['--concurrency', '1'], {}],
    ['--concurrency 1, without the fast path', ['--concurrency', '1'], {CLI_FAST_PATH: '0'}],
    ['--concurrency 16', ['--concurrency', '16'], {}],
  ] as const) {
    it(`30 pages with ${name}: every record, nothing on stderr`, async () => {
      const all = await fetch(`${suite.up.url}/api/v1/products?per_page=100`, {
        headers: {'X-API-TOKEN': suite.up.token, 'X-Requested-With': 'XMLHttpRequest'},
      })
      const records = ((await all.json()) as {data: unknown[]}).data
      suite.up.requests.length = 0
      const r = await runCli(['products', 'list', '--all', '--per-page', '1', ...extra, '--output', 'ndjson'], {
        env: {...suite.env, ...env},
      })
      expectRun(r, {code: 0, stdout: records.map((record) => `${JSON.stringify(record)}\n`).join(''), stderr: ''})
      expect([...pagesAsked()].sort((a, b) => a - b)).to.deep.equal(Array.from({length: 30}, (_, i) => i + 1))
    })
  }

  it('--concurrency 1 fetches one page after another', async () => {
    const r = await runCli(['products', 'list', '--all', '--per-page', '5', '--concurrency', '1', '--output', 'json'], {
      env: suite.env,
    })
    expect(r.code).to.equal(0)
    expect(pagesAsked()).to.deep.equal([1, 2, 3, 4, 5, 6])
  })

  it('--output ndjson: one record per line, in order', async () => {
    const r = await runCli(['products', 'list', '--all', '--per-page', '4', '--output', 'ndjson'], {env: suite.env})
    expect(r.code).to.equal(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines.map((l) => JSON.parse(l).product_key)).to.deep.equal(keys(30))
    expect(r.stdout.endsWith('\n')).to.equal(true)
  })

  it('--output ndjson on a single page and on one record', async () => {
    const list = await runCli(['products', 'list', '--per-page', '3', '--output', 'ndjson'], {env: suite.env})
    expect(
      list.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).product_key),
    ).to.deep.equal(keys(3))
    const one = await runCli(['clients', 'show', 'VolejRejNm', '--output', 'ndjson'], {env: suite.env})
    expect(one.stdout.split('\n')).to.have.length(2)
    expect(JSON.parse(one.stdout).data.id).to.equal('VolejRejNm')
  })

  it('--all as a table: every record, one header', async () => {
    const r = await runCli(['products', 'list', '--all', '--per-page', '7'], {env: suite.env})
    expect(r.code).to.equal(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines).to.have.length(31)
    expect(lines[0]).to.match(/^ID\s+PRODUCT_KEY/)
  })

  it('a failing page fails the command: exit 1, the upstream error, no success document', async () => {
    suite.up.fault({kind: 'status', status: 500, path: '/api/v1/products', query: {page: '4'}})
    const r = await runCli(['products', 'list', '--all', '--per-page', '2', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(1)
    expect(r.stderr.split('\n')[0]).to.equal('Error: upstream answered 500: Server Error')
    expect(r.stdout).not.to.include('"meta"')
  })

  it('a 429 without Retry-After: backs off, says so, retries the page, and finishes', async () => {
    suite.up.fault({kind: 'status', status: 429, path: '/api/v1/products', query: {page: '3'}})
    const r = await runCli(['products', 'list', '--all', '--per-page', '5', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(JSON.parse(r.stdout).data).to.have.length(30)
    expect(pagesAsked().filter((p) => p === 3)).to.have.length(2)
    expect(r.stderr).to.match(/^rate limited \(429\) on page 3: waiting 0\.0\d+s, then 2 requests at a time\n$/)
  })

  it('--limit with a window stops at the page that completes it', async () => {
    const r = await runCli(
      ['products', 'list', '--limit', '7', '--per-page', '2', '--concurrency', '8', '--output', 'ndjson'],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    expect(r.stdout.trimEnd().split('\n')).to.have.length(7)
    expect([...pagesAsked()].sort()).to.deep.equal([1, 2, 3, 4])
  })
})
