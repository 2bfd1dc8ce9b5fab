/** The concurrent window of page requests: order kept, in-flight bounds, failures, and 429 waits. */
import {expect} from 'chai'

import type {CliError} from '../src/errors.js'
import {DEFAULT_CONCURRENCY, fetchPages, type ListPage, RateLimitedError, rateLimitWait} from '../src/http/paging.js'
import type {RequestSpec} from '../src/plan/request.js'
import {baseRequest, collect, fakeUpstream, ids} from './paging-helpers.js'

describe('paging: fetchPages and mergedMeta', () => {
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
      const summary = await fetchPages(
        baseRequest(),
        {startPage: 1, onRecords: (_r, p) => void seen.push(p.pagesDone)},
        up.fetchPage,
      )
      const records: unknown[] = []
      await collect(
        baseRequest(),
        {startPage: 1},
        slowUpstream(20, 2, (page) => (page % 3 === 0 ? 30 : 1)).fetchPage,
      ).then((r) => records.push(...r.records))
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

    it('each page has its own signal: a failure aborts the pages still in flight, not those done', async () => {
      const fake = fakeUpstream(20, 2)
      const signals = new Map<string, AbortSignal>()
      const fetchPage = async (r: RequestSpec, signal: AbortSignal) => {
        const page = r.query[0][1]
        signals.set(page, signal)
        if (page === '3') throw new Error('page 3 failed')
        // Pages 2, 4 and 5 answer only when cancelled.
        if (page !== '1')
          await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)))
        return fake.fetchPage(r)
      }
      const failed = await fetchPages(baseRequest(), {startPage: 1}, fetchPage).then(
        () => undefined,
        (error: Error) => error.message,
      )
      expect(failed).to.equal('page 3 failed')
      expect([...signals.keys()]).to.deep.equal(['1', '2', '3', '4', '5'])
      expect(new Set(signals.values()).size).to.equal(5)
      expect(Object.fromEntries([...signals].map(([page, signal]) => [page, signal.aborted]))).to.deep.equal({
        1: false,
        2: true,
        3: false,
        4: true,
        5: true,
      })
    })

    it('a 429 shrinks the window, waits (Retry-After when given), retries the page, and never fails on the first 429', async () => {
      const fake = fakeUpstream(20, 2)
      const limited = new Map([
        ['3', 1],
        ['5', 2],
      ])
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
      let caught: CliError | undefined
      try {
        await collect(baseRequest(), {startPage: 1, retries: 2, sleep: async () => {}}, fetchPage)
      } catch (error) {
        caught = error as CliError
      }
      expect(caught?.message).to.equal(
        'still rate limited (429) on page 2 after 2 retries: try again in a few minutes, or narrow the listing',
      )
      expect(caught?.exitCode).to.equal(1)
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
