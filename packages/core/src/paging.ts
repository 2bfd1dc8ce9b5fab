/** Fetching several pages of a list: client-built `page=N`, never `links.next`. */
import {CliError, ExitCode} from './errors.js'
import type {RequestSpec} from './request.js'

/** `--all` stops after this many pages. */
export const PAGE_CAP = 100

export interface Pagination {
  total?: number
  count?: number
  per_page?: number
  current_page?: number
  total_pages?: number
  [key: string]: unknown
}

export interface ListPage {
  data: unknown[]
  meta?: {pagination?: Pagination; [key: string]: unknown}
}

export interface PagingOptions {
  startPage: number
  /** Stop once this many records are in hand; without it, fetch to the last page (or the cap). */
  limit?: number
  cap?: number
}

export interface PagedResult {
  records: unknown[]
  pagesFetched: number
  lastPagination?: Pagination
  capReached: boolean
}

export function withPage(request: RequestSpec, page: number): RequestSpec {
  return {...request, query: [['page', String(page)], ...request.query.filter(([k]) => k !== 'page')]}
}

export function asListPage(body: unknown): ListPage {
  if (!body || typeof body !== 'object' || !Array.isArray((body as ListPage).data)) {
    throw new CliError('upstream answered a list without a "data" array', ExitCode.upstream)
  }
  return body as ListPage
}

/** Fetches pages one after another until the last page, the cap, or `limit` records. */
export async function fetchPages(
  request: RequestSpec,
  opts: PagingOptions,
  fetchPage: (request: RequestSpec) => Promise<ListPage>,
): Promise<PagedResult> {
  const cap = opts.cap ?? PAGE_CAP
  const records: unknown[] = []
  let page = opts.startPage
  let pagesFetched = 0
  let lastPagination: Pagination | undefined
  for (;;) {
    const body = await fetchPage(withPage(request, page))
    pagesFetched++
    lastPagination = body.meta?.pagination
    records.push(...body.data)
    if (opts.limit !== undefined && records.length >= opts.limit) {
      records.length = opts.limit
      return {records, pagesFetched, lastPagination, capReached: false}
    }
    const totalPages = Number(lastPagination?.total_pages ?? page)
    const more = body.data.length > 0 && page < totalPages
    if (!more) return {records, pagesFetched, lastPagination, capReached: false}
    if (pagesFetched >= cap) return {records, pagesFetched, lastPagination, capReached: true}
    page++
  }
}

/** The one JSON document `--all`/`--limit` print: every record, and how the listing ended. */
export function mergedDocument(result: PagedResult): {data: unknown[]; meta: Record<string, unknown>} {
  const {links: _links, ...pagination} = result.lastPagination ?? {}
  return {
    data: result.records,
    meta: {
      pagination: {...pagination, count: result.records.length},
      pages_fetched: result.pagesFetched,
      page_cap_reached: result.capReached,
    },
  }
}
