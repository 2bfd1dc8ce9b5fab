import {expect} from 'chai'

import {
  DEFAULT_CONCURRENCY,
  fetchPages,
  type ListPage,
  mergedMeta,
  PAGE_CAP,
  type PagingOptions,
  RateLimitedError,
  rateLimitWait,
} from '../src/paging.js'
import type {RequestSpec} from '../src/request.js'

/**
 * A fake upstream list of `total` records, `perPage` to a page. Records are `{id: "r<n>"}`.
 * Its `links.next` deliberately points somewhere wrong: the client must build `page=N` itself.
 */
function fakeUpstream(total: number, perPage: number) {
  const requests: RequestSpec[] = []
  const totalPages = Math.max(1, Math.ceil(total / perPage))
  const fetchPage = async (request: RequestSpec): Promise<ListPage> => {
    requests.push(structuredClone(request))
    const pageParam = request.query.find(([k]) => k === 'page')
    const page = Number(pageParam?.[1])
    const start = (page - 1) * perPage
    const data = []
    for (let i = start; i < Math.min(total, start + perPage); i++) data.push({id: `r${i + 1}`})
    return {
      data,
      meta: {
        pagination: {
          total,
          count: data.length,
          per_page: perPage,
          current_page: page,
          total_pages: totalPages,
          links: page < totalPages ? {next: 'http://elsewhere.test/api/v1/clients?page=999'} : {},
        },
      },
    }
  }
  return {fetchPage, requests, pagesAsked: () => requests.map((r) => r.query.find(([k]) => k === 'page')?.[1])}
}

const ids = (from: number, to: number): Array<{id: string}> => Array.from({length: to - from + 1}, (_, i) => ({id: `r${from + i}`}))

const baseRequest = (): RequestSpec => ({
  method: 'GET',
  changes: false,
  path: '/api/v1/clients',
  query: [
    ['per_page', '2'],
    ['sort', 'id|asc'],
    ['balance', 'gt:1000'],
  ],
})

/** fetchPages with the records collected in the order they were handed on. */
async function collect(request: RequestSpec, opts: PagingOptions, fetchPage: (r: RequestSpec) => Promise<ListPage>) {
  const records: unknown[] = []
  const summary = await fetchPages(request, {...opts, onRecords: (r) => void records.push(...r)}, fetchPage)
  return {...summary, records, summary}
}

describe('paging: fetchPages and mergedMeta', () => {
  it('the page cap is 100', () => {
    expect(PAGE_CAP).to.equal(100)
  })

  it('fetches every page up to the last one and stops there', async () => {
    const up = fakeUpstream(5, 2)
    const result = await collect(baseRequest(), {startPage: 1}, up.fetchPage)
    expect(up.pagesAsked()).to.deep.equal(['1', '2', '3'])
    expect(result.records).to.deep.equal(ids(1, 5))
    expect(result.pagesFetched).to.equal(3)
    expect(result.capReached).to.equal(false)
    expect(result.lastPagination?.current_page).to.equal(3)
  })

  it('builds page=N itself, as the first query parameter, keeping the other parameters', async () => {
    const up = fakeUpstream(6, 2)
    const request = baseRequest()
    await collect(request, {startPage: 1}, up.fetchPage)
    expect(up.requests).to.have.length(3)
    for (const [i, r] of up.requests.entries()) {
      expect(r.method).to.equal('GET')
      expect(r.path).to.equal('/api/v1/clients')
      expect(r.query).to.deep.equal([['page', String(i + 1)], ['per_page', '2'], ['sort', 'id|asc'], ['balance', 'gt:1000']])
    }
    expect(request).to.deep.equal(baseRequest())
  })

  it('replaces a page parameter already in the request', async () => {
    const up = fakeUpstream(4, 2)
    const request: RequestSpec = {method: 'GET', path: '/api/v1/clients', query: [['per_page', '2'], ['page', '7']], changes: false}
    await collect(request, {startPage: 1}, up.fetchPage)
    expect(up.requests.map((r) => r.query)).to.deep.equal([
      [['page', '1'], ['per_page', '2']],
      [['page', '2'], ['per_page', '2']],
    ])
  })

  it('starts at startPage', async () => {
    const up = fakeUpstream(10, 2)
    const result = await collect(baseRequest(), {startPage: 3}, up.fetchPage)
    expect(up.pagesAsked()).to.deep.equal(['3', '4', '5'])
    expect(result.records).to.deep.equal(ids(5, 10))
    expect(result.pagesFetched).to.equal(3)
  })

  it('a single page is fetched once', async () => {
    const up = fakeUpstream(2, 5)
    const result = await collect(baseRequest(), {startPage: 1}, up.fetchPage)
    expect(up.pagesAsked()).to.deep.equal(['1'])
    expect(result.records).to.deep.equal(ids(1, 2))
    expect(result.capReached).to.equal(false)
  })

  it('an empty list is fetched once', async () => {
    const up = fakeUpstream(0, 5)
    const result = await collect(baseRequest(), {startPage: 1}, up.fetchPage)
    expect(up.pagesAsked()).to.deep.equal(['1'])
    expect(result.records).to.deep.equal([])
    expect(result.pagesFetched).to.equal(1)
    expect(result.capReached).to.equal(false)
  })

  it('an empty first page ends the listing even if total_pages says there are more', async () => {
    const requests: string[] = []
    const fetchPage = async (r: RequestSpec): Promise<ListPage> => {
      requests.push(r.query[0][1])
      return {data: [], meta: {pagination: {total_pages: 50, current_page: 1}}}
    }
    const result = await collect(baseRequest(), {startPage: 1}, fetchPage)
    expect(requests).to.deep.equal(['1'])
    expect(result.records).to.deep.equal([])
  })

  it('stops at the cap of 100 pages, with page_cap_reached when more pages existed', async () => {
    const up = fakeUpstream(150, 1)
    const result = await collect(baseRequest(), {startPage: 1}, up.fetchPage)
    expect(up.requests).to.have.length(100)
    expect(up.pagesAsked().at(-1)).to.equal('100')
    expect(result.pagesFetched).to.equal(100)
    expect(result.records).to.deep.equal(ids(1, 100))
    expect(result.capReached).to.equal(true)
    expect(mergedMeta(result.summary).page_cap_reached).to.equal(true)
  })

  it('exactly 100 pages is not a cap: page_cap_reached stays false', async () => {
    const up = fakeUpstream(100, 1)
    const result = await collect(baseRequest(), {startPage: 1}, up.fetchPage)
    expect(up.requests).to.have.length(100)
    expect(result.records).to.have.length(100)
    expect(result.capReached).to.equal(false)
    expect(mergedMeta(result.summary).page_cap_reached).to.equal(false)
  })

  it('101 pages is capped at 100', async () => {
    const up = fakeUpstream(101, 1)
    const result = await collect(baseRequest(), {startPage: 1}, up.fetchPage)
    expect(up.requests).to.have.length(100)
    expect(result.capReached).to.equal(true)
  })

  it('stops at limit in the middle of a page without fetching further', async () => {
    const up = fakeUpstream(9, 3)
    const result = await collect(baseRequest(), {startPage: 1, limit: 4}, up.fetchPage)
    expect(up.pagesAsked()).to.deep.equal(['1', '2'])
    expect(result.records).to.deep.equal(ids(1, 4))
    expect(result.pagesFetched).to.equal(2)
    expect(result.capReached).to.equal(false)
  })

  it('stops at limit at the end of a page without fetching further', async () => {
    const up = fakeUpstream(9, 3)
    const result = await collect(baseRequest(), {startPage: 1, limit: 3}, up.fetchPage)
    expect(up.pagesAsked()).to.deep.equal(['1'])
    expect(result.records).to.deep.equal(ids(1, 3))
  })

  it('limit inside the first page fetches one page', async () => {
    const up = fakeUpstream(9, 3)
    const result = await collect(baseRequest(), {startPage: 1, limit: 1}, up.fetchPage)
    expect(up.pagesAsked()).to.deep.equal(['1'])
    expect(result.records).to.deep.equal([{id: 'r1'}])
  })

  it('limit larger than the list returns everything', async () => {
    const up = fakeUpstream(5, 2)
    const result = await collect(baseRequest(), {startPage: 1, limit: 50}, up.fetchPage)
    expect(up.pagesAsked()).to.deep.equal(['1', '2', '3'])
    expect(result.records).to.deep.equal(ids(1, 5))
    expect(result.capReached).to.equal(false)
  })

  it('limit reached before the cap is not a cap', async () => {
    const up = fakeUpstream(500, 1)
    const result = await collect(baseRequest(), {startPage: 1, limit: 100}, up.fetchPage)
    expect(up.requests).to.have.length(100)
    expect(result.records).to.have.length(100)
    expect(result.capReached).to.equal(false)
  })

  it('propagates an error from fetchPage and stops', async () => {
    let calls = 0
    const boom = new Error('page 2 failed')
    const fetchPage = async (r: RequestSpec): Promise<ListPage> => {
      calls++
      if (r.query[0][1] === '2') throw boom
      return {data: [{id: 'a'}], meta: {pagination: {total_pages: 5}}}
    }
    let caught: unknown
    try {
      await collect(baseRequest(), {startPage: 1}, fetchPage)
    } catch (error) {
      caught = error
    }
    expect(caught).to.equal(boom)
    // Page 1, then the first window of later pages; nothing after the failure is launched.
    expect(calls).to.be.within(2, 1 + DEFAULT_CONCURRENCY)
  })

  describe('mergedMeta', () => {
    it('meta with pagination (count = records returned), pages_fetched, page_cap_reached', async () => {
      const up = fakeUpstream(5, 2)
      const meta = mergedMeta(await fetchPages(baseRequest(), {startPage: 1}, up.fetchPage))
      expect(meta).to.deep.equal({
        pagination: {total: 5, count: 5, per_page: 2, current_page: 3, total_pages: 3},
        pages_fetched: 3,
        page_cap_reached: false,
      })
    })

    it('count follows the records returned, and the cap flag the summary', () => {
      const summary = {records: 2, pagesFetched: 1, lastPagination: {total: 40, count: 20, per_page: 20, current_page: 1, total_pages: 2}, capReached: false}
      expect(mergedMeta(summary)).to.deep.equal({
        pagination: {total: 40, count: 2, per_page: 20, current_page: 1, total_pages: 2},
        pages_fetched: 1,
        page_cap_reached: false,
      })
      expect(mergedMeta({...summary, capReached: true}).page_cap_reached).to.equal(true)
    })

    it('works without upstream pagination', () => {
      expect(mergedMeta({records: 0, pagesFetched: 1, capReached: false})).to.deep.equal({pagination: {count: 0}, pages_fetched: 1, page_cap_reached: false})
    })
  })

  describe('the concurrent window', () => {
    /** A fake upstream whose pages answer after the given delays (ms), so they arrive out of order. */
    function slowUpstream(total: number, perPage: number, delayOf: (page: number) => number) {
      const fake = fakeUpstream(total, perPage)
      let inFlight = 0
      let maxInFlight = 0
      const fetchPage = async (r: RequestSpec): Promise<ListPage> => {
        inFlight++
        maxInFlight = Math.max(maxInFlight, inFlight)
        await new Promise((resolve) => setTimeout(resolve, delayOf(Number(r.query[0][1]))))
        inFlight--
        return fake.fetchPage(r)
      }
      return {...fake, fetchPage, maxInFlight: () => maxInFlight}
    }

    it('keeps page order across out-of-order arrivals, and hands pages on as soon as their turn comes', async () => {
      const up = slowUpstream(20, 2, (page) => (page % 3 === 0 ? 30 : page % 2 === 0 ? 1 : 10))
      const seen: number[] = []
      const summary = await fetchPages(baseRequest(), {startPage: 1, onRecords: (_r, p) => void seen.push(p.pagesDone)}, up.fetchPage)
      const records: unknown[] = []
      await collect(baseRequest(), {startPage: 1}, slowUpstream(20, 2, (page) => (page % 3 === 0 ? 30 : 1)).fetchPage).then((r) => records.push(...r.records))
      expect(records).to.deep.equal(ids(1, 20))
      expect(seen).to.deep.equal([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
      expect(summary.pagesFetched).to.equal(10)
    })

    it('never has more than the window in flight (default 4; --concurrency changes it)', async () => {
      const a = slowUpstream(40, 2, () => 5)
      await collect(baseRequest(), {startPage: 1}, a.fetchPage)
      expect(a.maxInFlight()).to.equal(DEFAULT_CONCURRENCY)
      const b = slowUpstream(40, 2, () => 5)
      await collect(baseRequest(), {startPage: 1, concurrency: 2}, b.fetchPage)
      expect(b.maxInFlight()).to.equal(2)
      const c = slowUpstream(40, 2, () => 5)
      await collect(baseRequest(), {startPage: 1, concurrency: 1}, c.fetchPage)
      expect(c.maxInFlight()).to.equal(1)
      expect(c.pagesAsked()).to.deep.equal(Array.from({length: 20}, (_, i) => String(i + 1)))
    })

    it('with --limit, never fetches a page beyond the one that completes it', async () => {
      const up = slowUpstream(100, 10, () => 2)
      const result = await collect(baseRequest(), {startPage: 1, limit: 35, concurrency: 8}, up.fetchPage)
      expect([...up.pagesAsked()].sort()).to.deep.equal(['1', '2', '3', '4'])
      expect(result.records).to.deep.equal(ids(1, 35))
    })

    it('at the cap, never fetches page 101', async () => {
      const up = slowUpstream(300, 1, () => 1)
      const result = await collect(baseRequest(), {startPage: 1, concurrency: 8}, up.fetchPage)
      expect(up.requests).to.have.length(100)
      expect(Math.max(...up.pagesAsked().map(Number))).to.equal(100)
      expect(result.records).to.deep.equal(ids(1, 100))
      expect(result.capReached).to.equal(true)
    })

    it('a failing page fails the listing with its error', async () => {
      const boom = new Error('page 7 failed')
      const fake = fakeUpstream(40, 2)
      const fetchPage = async (r: RequestSpec) => {
        if (r.query[0][1] === '7') throw boom
        return fake.fetchPage(r)
      }
      const handed: unknown[] = []
      let caught: unknown
      try {
        await fetchPages(baseRequest(), {startPage: 1, onRecords: (r) => void handed.push(...r)}, fetchPage)
      } catch (error) {
        caught = error
      }
      expect(caught).to.equal(boom)
      expect(handed.length).to.be.at.most(12)
    })

    it('a 429 shrinks the window, waits (Retry-After when given), retries the page, and never fails on the first 429', async () => {
      const fake = fakeUpstream(20, 2)
      const limited = new Map([['3', 1], ['5', 2]])
      const fetchPage = async (r: RequestSpec) => {
        const page = r.query[0][1]
        const left = limited.get(page) ?? 0
        if (left > 0) {
          limited.set(page, left - 1)
          throw new RateLimitedError(page === '5' ? '7' : undefined)
        }
        return fake.fetchPage(r)
      }
      const waits: number[] = []
      const notes: Array<{page: number; window: number}> = []
      const result = await collect(
        baseRequest(),
        {
          startPage: 1,
          sleep: async (ms) => void waits.push(ms),
          backoffMs: (retry, retryAfter) => (retryAfter === undefined ? retry * 100 : Number(retryAfter)),
          onRateLimited: ({page, window}) => void notes.push({page, window}),
        },
        fetchPage,
      )
      expect(result.records).to.deep.equal(ids(1, 20))
      expect(waits.sort((a, b) => a - b)).to.deep.equal([7, 7, 100])
      expect(notes.map((n) => n.page).sort()).to.deep.equal([3, 5, 5])
      expect(Math.min(...notes.map((n) => n.window))).to.be.lessThan(DEFAULT_CONCURRENCY)
    })

    it('a page still rate limited after --retries retries fails with a clear error', async () => {
      const fake = fakeUpstream(10, 2)
      const fetchPage = async (r: RequestSpec) => {
        if (r.query[0][1] === '2') throw new RateLimitedError()
        return fake.fetchPage(r)
      }
      let caught: any
      try {
        await collect(baseRequest(), {startPage: 1, retries: 2, sleep: async () => {}}, fetchPage)
      } catch (error) {
        caught = error
      }
      expect(caught.message).to.equal('still rate limited (429) on page 2 after 2 retries: try again in a few minutes, or narrow the listing')
      expect(caught.exitCode).to.equal(1)
    })
  })

  describe('waits', () => {
    it('a 429 waits as the HTTP layer does: Retry-After when given, else the one-minute window', () => {
      expect(rateLimitWait(1, '3')).to.equal(3000)
      expect(rateLimitWait(1)).to.be.within(60_000, 62_000)
      expect(rateLimitWait(3)).to.be.within(60_000, 62_000)
    })
  })
})
