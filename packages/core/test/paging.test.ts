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

interface Listed {
  asked: Array<string | undefined>
  records: unknown[]
  pagesFetched: number
  capReached: boolean
  lastPage?: number
  pageCapReached: boolean
}

/** A listing of fakeUpstream(total, perPage) from page 1: the pages asked for and what came back. */
async function listed(total: number, perPage: number, opts: Partial<PagingOptions> = {}): Promise<Listed> {
  const up = fakeUpstream(total, perPage)
  const result = await collect(baseRequest(), {startPage: 1, ...opts}, up.fetchPage)
  const {records, pagesFetched, capReached} = result
  return {asked: up.pagesAsked(), records, pagesFetched, capReached, lastPage: result.lastPagination?.current_page, pageCapReached: mergedMeta(result.summary).page_cap_reached as boolean}
}

const pages = (from: number, to: number): string[] => Array.from({length: to - from + 1}, (_, i) => String(from + i))
const pick = <T extends object>(o: T, keys: Array<keyof T>): Partial<T> => Object.fromEntries(keys.map((k) => [k, o[k]])) as Partial<T>

describe('paging: fetchPages and mergedMeta', () => {
  it('the page cap is 100', () => {
    expect(PAGE_CAP).to.equal(100)
  })

  /**
   * Where a listing stops: a fake upstream of `total` records, `perPage` to a page, and what was
   * asked for (page numbers, in order) and handed on.
   */
  const STOPS: Array<{title: string; total: number; perPage: number; opts?: Partial<PagingOptions>; want: Partial<Listed>}> = [
    {title: 'fetches every page up to the last one and stops there', total: 5, perPage: 2, want: {asked: pages(1, 3), records: ids(1, 5), pagesFetched: 3, capReached: false, lastPage: 3}},
    {title: 'starts at startPage', total: 10, perPage: 2, opts: {startPage: 3}, want: {asked: pages(3, 5), records: ids(5, 10), pagesFetched: 3}},
    {title: 'a single page is fetched once', total: 2, perPage: 5, want: {asked: ['1'], records: ids(1, 2), capReached: false}},
    {title: 'an empty list is fetched once', total: 0, perPage: 5, want: {asked: ['1'], records: [], pagesFetched: 1, capReached: false}},
    {
      title: 'stops at the cap of 100 pages, with page_cap_reached when more pages existed',
      total: 150,
      perPage: 1,
      want: {asked: pages(1, 100), records: ids(1, 100), pagesFetched: 100, capReached: true, pageCapReached: true},
    },
    {title: 'exactly 100 pages is not a cap: page_cap_reached stays false', total: 100, perPage: 1, want: {asked: pages(1, 100), records: ids(1, 100), capReached: false, pageCapReached: false}},
    {title: '101 pages is capped at 100', total: 101, perPage: 1, want: {asked: pages(1, 100), capReached: true}},
    {title: 'stops at limit in the middle of a page without fetching further', total: 9, perPage: 3, opts: {limit: 4}, want: {asked: ['1', '2'], records: ids(1, 4), pagesFetched: 2, capReached: false}},
    {title: 'stops at limit at the end of a page without fetching further', total: 9, perPage: 3, opts: {limit: 3}, want: {asked: ['1'], records: ids(1, 3)}},
    {title: 'limit inside the first page fetches one page', total: 9, perPage: 3, opts: {limit: 1}, want: {asked: ['1'], records: [{id: 'r1'}]}},
    {title: 'limit larger than the list returns everything', total: 5, perPage: 2, opts: {limit: 50}, want: {asked: pages(1, 3), records: ids(1, 5), capReached: false}},
    {title: 'limit reached before the cap is not a cap', total: 500, perPage: 1, opts: {limit: 100}, want: {asked: pages(1, 100), records: ids(1, 100), capReached: false}},
  ]
  for (const {title, total, perPage, opts, want} of STOPS) {
    it(title, async () => {
      const got = await listed(total, perPage, opts)
      expect(pick(got, Object.keys(want) as Array<keyof Listed>)).to.deep.equal(want)
    })
  }

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
