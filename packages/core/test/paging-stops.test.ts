/** Where a listing stops: the last page, startPage, the 100-page cap and --limit. */
import {expect} from 'chai'

import {mergedMeta, PAGE_CAP, type PagingOptions} from '../src/http/paging.js'
import {baseRequest, collect, fakeUpstream, ids} from './paging-helpers.js'

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
  return {
    asked: up.pagesAsked(),
    records,
    pagesFetched,
    capReached,
    lastPage: result.lastPagination?.current_page,
    pageCapReached: mergedMeta(result.summary).page_cap_reached as boolean,
  }
}

const pages = (from: number, to: number): string[] => Array.from({length: to - from + 1}, (_, i) => String(from + i))
const pick = <T extends object>(o: T, keys: Array<keyof T>): Partial<T> =>
  Object.fromEntries(keys.map((k) => [k, o[k]])) as Partial<T>

describe('paging: fetchPages and mergedMeta', () => {
  it('the page cap is 100', () => {
    expect(PAGE_CAP).to.equal(100)
  })

  /**
   * Where a listing stops: a fake upstream of `total` records, `perPage` to a page, and what was
   * asked for (page numbers, in order) and handed on.
   */
  const STOPS: Array<{
    title: string
    total: number
    perPage: number
    opts?: Partial<PagingOptions>
    want: Partial<Listed>
  }> = [
    {
      title: 'fetches every page up to the last one and stops there',
      total: 5,
      perPage: 2,
      want: {asked: pages(1, 3), records: ids(1, 5), pagesFetched: 3, capReached: false, lastPage: 3},
    },
    {
      title: 'starts at startPage',
      total: 10,
      perPage: 2,
      opts: {startPage: 3},
      want: {asked: pages(3, 5), records: ids(5, 10), pagesFetched: 3},
    },
    {
      title: 'a single page is fetched once',
      total: 2,
      perPage: 5,
      want: {asked: ['1'], records: ids(1, 2), capReached: false},
    },
    {
      title: 'an empty list is fetched once',
      total: 0,
      perPage: 5,
      want: {asked: ['1'], records: [], pagesFetched: 1, capReached: false},
    },
    {
      title: 'stops at the cap of 100 pages, with page_cap_reached when more pages existed',
      total: 150,
      perPage: 1,
      want: {asked: pages(1, 100), records: ids(1, 100), pagesFetched: 100, capReached: true, pageCapReached: true},
    },
    {
      title: 'exactly 100 pages is not a cap: page_cap_reached stays false',
      total: 100,
      perPage: 1,
      want: {asked: pages(1, 100), records: ids(1, 100), capReached: false, pageCapReached: false},
    },
    {title: '101 pages is capped at 100', total: 101, perPage: 1, want: {asked: pages(1, 100), capReached: true}},
    {
      title: 'stops at limit in the middle of a page without fetching further',
      total: 9,
      perPage: 3,
      opts: {limit: 4},
      want: {asked: ['1', '2'], records: ids(1, 4), pagesFetched: 2, capReached: false},
    },
    {
      title: 'stops at limit at the end of a page without fetching further',
      total: 9,
      perPage: 3,
      opts: {limit: 3},
      want: {asked: ['1'], records: ids(1, 3)},
    },
    {
      title: 'limit inside the first page fetches one page',
      total: 9,
      perPage: 3,
      opts: {limit: 1},
      want: {asked: ['1'], records: [{id: 'r1'}]},
    },
    {
      title: 'limit larger than the list returns everything',
      total: 5,
      perPage: 2,
      opts: {limit: 50},
      want: {asked: pages(1, 3), records: ids(1, 5), capReached: false},
    },
    {
      title: 'limit reached before the cap is not a cap',
      total: 500,
      perPage: 1,
      opts: {limit: 100},
      want: {asked: pages(1, 100), records: ids(1, 100), capReached: false},
    },
  ]
  for (const {title, total, perPage, opts, want} of STOPS) {
    it(title, async () => {
      const got = await listed(total, perPage, opts)
      expect(pick(got, Object.keys(want) as Array<keyof Listed>)).to.deep.equal(want)
    })
  }
})
