/**
 * Multi-page listings that must stop early: an upstream that ignores `page=` (every page is page
 * 1 again) and a --limit met while later pages are still in flight.
 */
import {expect} from 'chai'

import {runCli, timed} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('multi-page listings that stop early', () => {
  const suite = useUpstream({env: {CLI_RETRY_WAIT_SCALE: '0.001'}})
  const keys = (n: number) => Array.from({length: n}, (_, i) => `P${String(i).padStart(3, '0')}`)
  const pagesAsked = () => suite.up.requests.map((r) => Number(r.query.page))

  beforeEach(() =>
    suite.up.seed(
      'products',
      keys(30).map((product_key) => ({product_key})),
    ),
  )

  /** The stand-in's own answer for one page of products. */
  async function page(n: number, perPage: number): Promise<{data: Array<{product_key: string}>; meta: unknown}> {
    const res = await fetch(`${suite.up.url}/api/v1/products?per_page=${perPage}&page=${n}`, {
      headers: {'X-API-TOKEN': suite.up.token, 'X-Requested-With': 'XMLHttpRequest'},
    })
    return (await res.json()) as {data: Array<{product_key: string}>; meta: unknown}
  }

  describe('an upstream that ignores page=', () => {
    it('answers page 1 again for page 2: stops after page 1 with a warning, no record twice, exit 0', async () => {
      const first = JSON.stringify(await page(1, 10))
      for (const n of ['2', '3'])
        suite.up.fault({
          kind: 'raw',
          status: 200,
          contentType: 'application/json',
          body: first,
          path: '/api/v1/products',
          query: {page: n},
        })
      suite.up.requests.length = 0
      const r = await runCli(['products', 'list', '--all', '--per-page', '10', '--output', 'json'], {env: suite.env})
      expect(r.code).to.equal(0)
      expect(r.stderr).to.equal(
        'Warning: the upstream ignored page=2 (it answered page 1 again): stopped after 1 page so that no record ' +
          'is listed twice\n',
      )
      const doc = JSON.parse(r.stdout)
      expect(doc.data.map((p: {product_key: string}) => p.product_key)).to.deep.equal(keys(10))
      expect(doc.meta.pages_fetched).to.equal(1)
      expect(pagesAsked().filter((n) => n !== 3)).to.deep.equal([1, 2])
    })

    it('the same records without a current_page are caught by their ids (ndjson)', async () => {
      const first = await page(1, 10)
      const bare = JSON.stringify({data: first.data})
      suite.up.fault({
        kind: 'raw',
        status: 200,
        contentType: 'application/json',
        body: bare,
        path: '/api/v1/products',
        query: {page: '2'},
      })
      suite.up.requests.length = 0
      const r = await runCli(['products', 'list', '--all', '--per-page', '10', '--output', 'ndjson'], {env: suite.env})
      expect(r.code).to.equal(0)
      expect(r.stderr).to.equal(
        'Warning: the upstream ignored page=2 (it answered page 1 again): stopped after 1 page so that no record ' +
          'is listed twice\n',
      )
      expect(
        r.stdout
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l).product_key),
      ).to.deep.equal(keys(10))
    })
  })

  describe('--limit met while pages are in flight', () => {
    it('stops at once: the page still in flight is cancelled, never retried, and not waited for', async () => {
      // Page 2 answers more records than per_page, so --limit is met there while page 3 hangs.
      const big = JSON.stringify({
        data: keys(30)
          .slice(10)
          .map((product_key, i) => ({id: `id${i}`, product_key})),
        meta: {pagination: {total: 30, per_page: 10, current_page: 2, total_pages: 3}},
      })
      suite.up.fault({
        kind: 'raw',
        status: 200,
        contentType: 'application/json',
        body: big,
        path: '/api/v1/products',
        query: {page: '2'},
      })
      suite.up.fault({kind: 'hang', path: '/api/v1/products', query: {page: '3'}, times: 5})
      const r = await timed(
        runCli(['products', 'list', '--limit', '25', '--per-page', '10', '--output', 'json'], {env: suite.env}),
      )
      expect(r.stderr).to.equal('')
      expect(r.code).to.equal(0)
      expect(JSON.parse(r.stdout).data).to.have.length(25)
      expect(r.ms).to.be.below(3000)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(pagesAsked().filter((n) => n !== 3)).to.deep.equal([1, 2])
      expect(pagesAsked().filter((n) => n === 3).length).to.be.at.most(1)
    })
  })
})
