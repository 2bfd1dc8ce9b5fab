/**
 * The page requests fetchPages sends (page=N built by the client),
 * and how an empty page or a failing one ends the listing.
 */
import {expect} from 'chai'

import {DEFAULT_CONCURRENCY, type ListPage} from '../src/http/paging.js'
import type {RequestSpec} from '../src/plan/request.js'
import {baseRequest, collect, fakeUpstream} from './paging-helpers.js'

describe('paging: fetchPages and mergedMeta', () => {
  it('builds page=N itself, as the first query parameter, keeping the other parameters', async () => {
    const up = fakeUpstream(6, 2)
    const request = baseRequest()
    await collect(request, {startPage: 1}, up.fetchPage)
    expect(up.requests).to.have.length(3)
    for (const [i, r] of up.requests.entries()) {
      expect(r.method).to.equal('GET')
      expect(r.path).to.equal('/api/v1/clients')
      expect(r.query).to.deep.equal([
        ['page', String(i + 1)],
        ['per_page', '2'],
        ['sort', 'id|asc'],
        ['balance', 'gt:1000'],
      ])
    }
    expect(request).to.deep.equal(baseRequest())
  })

  it('replaces a page parameter already in the request', async () => {
    const up = fakeUpstream(4, 2)
    const request: RequestSpec = {
      method: 'GET',
      path: '/api/v1/clients',
      query: [
        ['per_page', '2'],
        ['page', '7'],
      ],
      changes: false,
    }
    await collect(request, {startPage: 1}, up.fetchPage)
    expect(up.requests.map((r) => r.query)).to.deep.equal([
      [
        ['page', '1'],
        ['per_page', '2'],
      ],
      [
        ['page', '2'],
        ['per_page', '2'],
      ],
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
})
