/**
 * The pure rules of paging, without a network or a clock: the shape of a list answer, the request for page N,
 * which pages a listing fetches, an upstream that answers page 1 again, and the merged document's `meta`.
 */
import {CliError, ExitCode} from '../errors.js'
import type {RequestSpec} from '../plan/request.js'

/** `--all` stops after this many pages. */
export const PAGE_CAP = 100

/** The largest page the server gives: it clamps per_page to 5000 (FACTS.md, its BaseController). */
export const MAX_PER_PAGE = 5000

/**
 * The page size of a multi-page listing (`--all`, `--limit`) without --per-page: half the largest the server gives,
 * so the page cap reaches 250,000 records, while a window of pages in memory stays small and a page of invoices
 * with their clients comes back well within the request timeout. --per-page 5000 reaches 500,000.
 */
export const ALL_PER_PAGE = 2500

/**
 * The page size of `--all` or `--limit N` without --per-page: ALL_PER_PAGE, or just the N records --limit asks for
 * when fewer. A listing sends at most PAGE_CAP requests, so it stays within the hosted server's rate limit (about
 * 500 requests a minute) on its own.
 */
export const pagedPerPage = (limit?: number): number => Math.min(limit ?? ALL_PER_PAGE, ALL_PER_PAGE)

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

export interface PagedSummary {
  pagesFetched: number
  records: number
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

/**
 * `page` of the listing answered with page 1's records again (an
 * upstream that ignores `page=`): the page it claims, else 1.
 */
export function repeatedPage(first: ListPage, body: ListPage, page: number): number | undefined {
  const claimed = Number(body.meta?.pagination?.current_page)
  if (Number.isInteger(claimed) && claimed !== page && claimed === Number(first.meta?.pagination?.current_page))
    return claimed
  const ids = (p: ListPage) => p.data.map((r) => (r && typeof r === 'object' ? (r as {id?: unknown}).id : undefined))
  const a = ids(first)
  const b = ids(body)
  const same = a.length > 0 && a.length === b.length && a.every((id, i) => id !== undefined && id === b[i])
  return same ? Number(first.meta?.pagination?.current_page ?? 1) : undefined
}

/** Which pages to fetch after the first: up to the last page, the cap, and what `limit` needs. */
export function lastPageToFetch(
  first: ListPage,
  opts: {startPage: number; limit?: number; cap?: number},
): {end: number; capReached: boolean} {
  const cap = opts.cap ?? PAGE_CAP
  const pagination = first.meta?.pagination
  const totalPages = Number(pagination?.total_pages ?? opts.startPage)
  const capEnd = opts.startPage + cap - 1
  const end = Math.min(totalPages, capEnd)
  if (opts.limit !== undefined) {
    const perPage = Number(pagination?.per_page) || first.data.length
    const missing = opts.limit - first.data.length
    if (missing <= 0 || perPage <= 0) return {end: opts.startPage, capReached: false}
    const needed = opts.startPage + Math.ceil(missing / perPage)
    if (needed <= end) return {end: needed, capReached: false}
  }
  if (first.data.length === 0) return {end: opts.startPage, capReached: false}
  return {end, capReached: totalPages > capEnd}
}

/**
 * A listing the page cap stopped (exit 5, ExitCode.incomplete): what was printed, and how to get the rest. Every
 * format says so on stderr, and exits 5, so a script cannot take the output for every record; json and yaml also
 * carry meta.page_cap_reached.
 */
export function pageCapError(summary: PagedSummary, startPage: number): CliError {
  const total = Number(summary.lastPagination?.total)
  const of = Number.isFinite(total) && total > 0 ? ` of ${total}` : ''
  const next = startPage + summary.pagesFetched
  return new CliError(
    `incomplete: the listing stopped at the page cap (${summary.pagesFetched} pages, ${summary.records}${of} ` +
      `records printed): the same command with --page ${next} goes on from there, or narrow it with --filter`,
    ExitCode.incomplete,
  )
}

/** The `meta` of the merged list document: how the listing ended. */
export function mergedMeta(summary: PagedSummary): Record<string, unknown> {
  const {links: _links, ...pagination} = summary.lastPagination ?? {}
  return {
    pagination: {...pagination, count: summary.records},
    pages_fetched: summary.pagesFetched,
    page_cap_reached: summary.capReached,
  }
}
