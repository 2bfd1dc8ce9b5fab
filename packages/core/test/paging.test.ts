import {expect} from 'chai'

import {fetchPages, type ListPage, mergedDocument, PAGE_CAP, type PagedResult} from '../src/paging.js'
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
  path: '/api/v1/clients',
  query: [
    ['per_page', '2'],
    ['sort', 'id|asc'],
    ['balance', 'gt:1000'],
  ],
})

describe('paging: fetchPages and mergedDocument', () => {
  it('the page cap is 100', () => {
    expect(PAGE_CAP).to.equal(100)
  })

  it('fetches every page up to the last one and stops there', async () => {
    const up = fakeUpstream(5, 2)
    const result = await fetchPages(baseRequest(), {startPage: 1}, up.fetchPage)
    expect(up.pagesAsked()).to.deep.equal(['1', '2', '3'])
    expect(result.records).to.deep.equal(ids(1, 5))
    expect(result.pagesFetched).to.equal(3)
    expect(result.capReached).to.equal(false)
    expect(result.lastPagination?.current_page).to.equal(3)
  })

  it('builds page=N itself, as the first query parameter, keeping the other parameters', async () => {
    const up = fakeUpstream(6, 2)
    const request = baseRequest()
    await fetchPages(request, {startPage: 1}, up.fetchPage)
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
    const request: RequestSpec = {method: 'GET', path: '/api/v1/clients', query: [['per_page', '2'], ['page', '7']]}
    await fetchPages(request, {startPage: 1}, up.fetchPage)
    expect(up.requests.map((r) => r.query)).to.deep.equal([
      [['page', '1'], ['per_page', '2']],
      [['page', '2'], ['per_page', '2']],
    ])
  })

  it('starts at startPage', async () => {
    const up = fakeUpstream(10, 2)
    const result = await fetchPages(baseRequest(), {startPage: 3}, up.fetchPage)
    expect(up.pagesAsked()).to.deep.equal(['3', '4', '5'])
    expect(result.records).to.deep.equal(ids(5, 10))
    expect(result.pagesFetched).to.equal(3)
  })

  it('a single page is fetched once', async () => {
    const up = fakeUpstream(2, 5)
    const result = await fetchPages(baseRequest(), {startPage: 1}, up.fetchPage)
    expect(up.pagesAsked()).to.deep.equal(['1'])
    expect(result.records).to.deep.equal(ids(1, 2))
    expect(result.capReached).to.equal(false)
  })

  it('an empty list is fetched once', async () => {
    const up = fakeUpstream(0, 5)
    const result = await fetchPages(baseRequest(), {startPage: 1}, up.fetchPage)
    expect(up.pagesAsked()).to.deep.equal(['1'])
    expect(result.records).to.deep.equal([])
    expect(result.pagesFetched).to.equal(1)
    expect(result.capReached).to.equal(false)
  })

  it('stops at an empty page even if total_pages says there are more', async () => {
    const requests: string[] = []
    const fetchPage = async (r: RequestSpec): Promise<ListPage> => {
      requests.push(r.query[0][1])
      const page = Number(r.query[0][1])
      return {data: page === 1 ? [{id: 'a'}] : [], meta: {pagination: {total_pages: 50, current_page: page}}}
    }
    const result = await fetchPages(baseRequest(), {startPage: 1}, fetchPage)
    expect(requests).to.deep.equal(['1', '2'])
    expect(result.records).to.deep.equal([{id: 'a'}])
  })

  it('stops at the cap of 100 pages, with page_cap_reached when more pages existed', async () => {
    const up = fakeUpstream(150, 1)
    const result = await fetchPages(baseRequest(), {startPage: 1}, up.fetchPage)
    expect(up.requests).to.have.length(100)
    expect(up.pagesAsked().at(-1)).to.equal('100')
    expect(result.pagesFetched).to.equal(100)
    expect(result.records).to.deep.equal(ids(1, 100))
    expect(result.capReached).to.equal(true)
    expect(mergedDocument(result).meta.page_cap_reached).to.equal(true)
  })

  it('exactly 100 pages is not a cap: page_cap_reached stays false', async () => {
    const up = fakeUpstream(100, 1)
    const result = await fetchPages(baseRequest(), {startPage: 1}, up.fetchPage)
    expect(up.requests).to.have.length(100)
    expect(result.records).to.have.length(100)
    expect(result.capReached).to.equal(false)
    expect(mergedDocument(result).meta.page_cap_reached).to.equal(false)
  })

  it('101 pages is capped at 100', async () => {
    const up = fakeUpstream(101, 1)
    const result = await fetchPages(baseRequest(), {startPage: 1}, up.fetchPage)
    expect(up.requests).to.have.length(100)
    expect(result.capReached).to.equal(true)
  })

  it('stops at limit in the middle of a page without fetching further', async () => {
    const up = fakeUpstream(9, 3)
    const result = await fetchPages(baseRequest(), {startPage: 1, limit: 4}, up.fetchPage)
    expect(up.pagesAsked()).to.deep.equal(['1', '2'])
    expect(result.records).to.deep.equal(ids(1, 4))
    expect(result.pagesFetched).to.equal(2)
    expect(result.capReached).to.equal(false)
  })

  it('stops at limit at the end of a page without fetching further', async () => {
    const up = fakeUpstream(9, 3)
    const result = await fetchPages(baseRequest(), {startPage: 1, limit: 3}, up.fetchPage)
    expect(up.pagesAsked()).to.deep.equal(['1'])
    expect(result.records).to.deep.equal(ids(1, 3))
  })

  it('limit inside the first page fetches one page', async () => {
    const up = fakeUpstream(9, 3)
    const result = await fetchPages(baseRequest(), {startPage: 1, limit: 1}, up.fetchPage)
    expect(up.pagesAsked()).to.deep.equal(['1'])
    expect(result.records).to.deep.equal([{id: 'r1'}])
  })

  it('limit larger than the list returns everything', async () => {
    const up = fakeUpstream(5, 2)
    const result = await fetchPages(baseRequest(), {startPage: 1, limit: 50}, up.fetchPage)
    expect(up.pagesAsked()).to.deep.equal(['1', '2', '3'])
    expect(result.records).to.deep.equal(ids(1, 5))
    expect(result.capReached).to.equal(false)
  })

  it('limit reached before the cap is not a cap', async () => {
    const up = fakeUpstream(500, 1)
    const result = await fetchPages(baseRequest(), {startPage: 1, limit: 100}, up.fetchPage)
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
      await fetchPages(baseRequest(), {startPage: 1}, fetchPage)
    } catch (error) {
      caught = error
    }
    expect(caught).to.equal(boom)
    expect(calls).to.equal(2)
  })

  describe('mergedDocument', () => {
    it('has data, and meta with pagination (count = records returned), pages_fetched, page_cap_reached', async () => {
      const up = fakeUpstream(5, 2)
      const doc = mergedDocument(await fetchPages(baseRequest(), {startPage: 1}, up.fetchPage))
      expect(doc).to.have.all.keys('data', 'meta')
      expect(doc.data).to.deep.equal(ids(1, 5))
      expect(doc.meta).to.have.all.keys('pagination', 'pages_fetched', 'page_cap_reached')
      expect(doc.meta.pages_fetched).to.equal(3)
      expect(doc.meta.page_cap_reached).to.equal(false)
      const pagination = doc.meta.pagination as Record<string, unknown>
      expect(pagination.count).to.equal(5)
      expect(pagination.total).to.equal(5)
      expect(pagination.total_pages).to.equal(3)
      expect(pagination.per_page).to.equal(2)
    })

    it('count follows the limit, and the cap flag follows the result', () => {
      const result: PagedResult = {
        records: [{id: 'a'}, {id: 'b'}],
        pagesFetched: 1,
        lastPagination: {total: 40, count: 20, per_page: 20, current_page: 1, total_pages: 2},
        capReached: false,
      }
      expect(mergedDocument(result)).to.deep.equal({
        data: [{id: 'a'}, {id: 'b'}],
        meta: {
          pagination: {total: 40, count: 2, per_page: 20, current_page: 1, total_pages: 2},
          pages_fetched: 1,
          page_cap_reached: false,
        },
      })
      expect(mergedDocument({...result, capReached: true}).meta.page_cap_reached).to.equal(true)
    })

    it('works without upstream pagination', () => {
      expect(mergedDocument({records: [], pagesFetched: 1, capReached: false})).to.deep.equal({
        data: [],
        meta: {pagination: {count: 0}, pages_fetched: 1, page_cap_reached: false},
      })
    })
  })
})
