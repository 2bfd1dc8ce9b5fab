/** mergedMeta: the meta of a merged listing (pagination, pages_fetched, page_cap_reached). */
import {expect} from 'chai'

import {fetchPages, mergedMeta} from '../src/http/paging.js'
import {baseRequest, fakeUpstream} from './paging-helpers.js'

describe('paging: fetchPages and mergedMeta', () => {
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
      const summary = {
        records: 2,
        pagesFetched: 1,
        lastPagination: {total: 40, count: 20, per_page: 20, current_page: 1, total_pages: 2},
        capReached: false,
      }
      expect(mergedMeta(summary)).to.deep.equal({
        pagination: {total: 40, count: 2, per_page: 20, current_page: 1, total_pages: 2},
        pages_fetched: 1,
        page_cap_reached: false,
      })
      expect(mergedMeta({...summary, capReached: true}).page_cap_reached).to.equal(true)
    })

    it('works without upstream pagination', () => {
      expect(mergedMeta({records: 0, pagesFetched: 1, capReached: false})).to.deep.equal({
        pagination: {count: 0},
        pages_fetched: 1,
        page_cap_reached: false,
      })
    })
  })
})
