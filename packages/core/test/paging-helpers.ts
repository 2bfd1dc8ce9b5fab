/**
 * What the paging-*.test.ts files share: a fake upstream list,
 * the request listed, and fetchPages collecting what it hands on.
 */
import {fetchPages, type ListPage, type PagingOptions} from '../src/http/paging.js'
import type {RequestSpec} from '../src/plan/request.js'

/**
 * A fake upstream list of `total` records, `perPage` to a page. Records are `{id: "r<n>"}`.
 * Its `links.next` deliberately points somewhere wrong: the client must build `page=N` itself.
 */
export function fakeUpstream(total: number, perPage: number) {
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

export const ids = (from: number, to: number): Array<{id: string}> =>
  Array.from({length: to - from + 1}, (_, i) => ({id: `r${from + i}`}))

export const baseRequest = (): RequestSpec => ({
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
export async function collect(
  request: RequestSpec,
  opts: PagingOptions,
  fetchPage: (r: RequestSpec) => Promise<ListPage>,
) {
  const records: unknown[] = []
  const summary = await fetchPages(request, {...opts, onRecords: (r) => void records.push(...r)}, fetchPage)
  return {...summary, records, summary}
}
