/**
 * A listing of several pages in csv or yaml is written as its pages come (json and ndjson were
 * already): the first page is on stdout while the second has not been answered. A table waits
 * for every row (its column widths need them).
 */
import {expect} from 'chai'

import {type CliResult, startCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('multi-page listings in csv and yaml are written page by page', () => {
  const suite = useUpstream()

  /**
   * Runs the listing with page 2 never answered; returns stdout as it was
   * when the page-2 request arrived (and a moment later), and the run.
   */
  async function withPage2Hanging(format: string): Promise<{early: string; r: CliResult}> {
    suite.up.seed(
      'products',
      ['p0', 'p1', 'p2', 'p3'].map((id) => ({id, product_key: id.toUpperCase()})),
    )
    suite.up.fault({kind: 'hang', path: '/api/v1/products', query: {page: '2'}})
    const args = [
      'products',
      'list',
      '--all',
      '--per-page',
      '2',
      '--concurrency',
      '1',
      '--columns',
      'id',
      '--output',
      format,
      '--timeout',
      '3',
    ]
    const {child, result} = startCli(args, {env: suite.env})
    let early = ''
    child.stdout!.on('data', (c: Buffer) => (early += c))
    // Wait until the stand-in holds the page-2 request (or the
    // CLI ends), then give the first page a moment to be written.
    while (!suite.up.requests.some((q) => q.query.page === '2') && child.exitCode === null)
      await new Promise((resolve) => setTimeout(resolve, 20))
    await new Promise((resolve) => setTimeout(resolve, 200))
    const seen = early
    child.kill('SIGTERM')
    return {early: seen, r: await result}
  }

  const asked = () => suite.up.requests.map((q) => `${q.method} ${q.path}?page=${q.query.page}`)

  const streamed: Array<[string, string, string]> = [
    ['csv', 'the header and page 1 are out while page 2 is awaited; SIGTERM then ends it (143)', 'id\r\np0\r\np1\r\n'],
    ['yaml', '`data:` and the items of page 1 are out while page 2 is awaited', 'data:\n  - id: p0\n  - id: p1\n'],
  ]
  for (const [format, title, firstPage] of streamed) {
    it(`${format}: ${title}`, async () => {
      const {early, r} = await withPage2Hanging(format)
      expect(early).to.equal(firstPage)
      expect(r.stdout).to.equal(early)
      expect(r.code).to.equal(143)
      expect(asked()).to.deep.equal(['GET /api/v1/products?page=1', 'GET /api/v1/products?page=2'])
    })
  }

  it('a table prints nothing until every page is in', async () => {
    const {early, r} = await withPage2Hanging('table')
    expect(early).to.equal('')
    expect(r.stdout).to.equal('')
    expect(r.code).to.equal(143)
  })
})
