/**
 * Fetching several pages of a list: pages are built by the client (`page=N`, never
 * `links.next`). Once page 1 tells the total, further pages are fetched in a small window of
 * concurrent requests and handed on strictly in page order; a 429 shrinks the window and waits.
 * When the listing ends (done, --limit met, a failure, an upstream that ignores `page=`), the
 * requests still in flight are cancelled through the signal given to each fetch, never retried.
 * Each page has its own signal: one shared by all would gather a listener per request in flight
 * (up to --concurrency 16), past the 10 after which Node warns of a leak.
 */
import {setTimeout as abortableSleep} from 'node:timers/promises'

import {CliError, ExitCode} from '../errors.js'
import type {RequestSpec} from '../plan/request.js'
import {
  lastPageToFetch,
  type ListPage,
  type PagedSummary,
  type Pagination,
  repeatedPage,
  withPage,
} from './paging-rules.js'
import {DEFAULT_RETRIES, RATE_LIMIT_WINDOW_MS, retryFor} from './retry.js'

export {
  asListPage,
  lastPageToFetch,
  type ListPage,
  mergedMeta,
  PAGE_CAP,
  pageCapError,
  type PagedSummary,
  type Pagination,
  repeatedPage,
  withPage,
} from './paging-rules.js'

export const DEFAULT_CONCURRENCY = 4

/** Thrown by a page fetch that the upstream answered 429 (with its Retry-After header, if any). */
export class RateLimitedError extends Error {
  constructor(readonly retryAfter?: string) {
    super('rate limited')
  }
}

export interface PageProgress {
  pagesDone: number
  /** Pages this listing will fetch, once page 1 has told the total. */
  pagesPlanned?: number
  records: number
}

export interface PagingOptions {
  startPage: number
  /** Stop once this many records are in hand; without it, fetch to the last page (or the cap). */
  limit?: number
  cap?: number
  concurrency?: number
  /** Receives each page's records, in page order, as soon as they can be handed on. */
  onRecords?: (records: unknown[], progress: PageProgress) => Promise<void> | void
  /** Told about each 429 before the wait. */
  onRateLimited?: (info: {page: number; waitMs: number; window: number}) => void
  /** Wait before retry `retry` (from 1) of a rate-limited page; by default the HTTP layer's rule (retry.ts). */
  backoffMs?: (retry: number, retryAfter?: string) => number
  /** Retries of one rate-limited page before the listing fails (default 3, like --retries). */
  retries?: number
  sleep?: (ms: number) => Promise<void>
  /** Told, in one line, when the listing stops early for a reason the user should know (stderr). */
  onWarning?: (line: string) => void
}

/** The HTTP layer's wait for a 429: Retry-After when given, else the upstream's one-minute window. */
export const rateLimitWait = (retry: number, retryAfter?: string): number =>
  retryFor({changes: false}, {status: 429, retryAfter}, retry)?.delayMs ?? RATE_LIMIT_WINDOW_MS

/** Fetches the pages and hands their records on in order; returns how the listing ended. */
export async function fetchPages(
  request: RequestSpec,
  opts: PagingOptions,
  fetchPage: (request: RequestSpec, signal: AbortSignal) => Promise<ListPage>,
): Promise<PagedSummary> {
  // The controllers of the pages still being fetched (or waited for after a 429).
  const open = new Set<AbortController>()
  try {
    return await fetchAll(request, opts, fetchPage, open)
  } finally {
    for (const page of open) page.abort()
  }
}

async function fetchAll(
  request: RequestSpec,
  opts: PagingOptions,
  fetchPage: (request: RequestSpec, signal: AbortSignal) => Promise<ListPage>,
  open: Set<AbortController>,
): Promise<PagedSummary> {
  const sleep: (ms: number, signal: AbortSignal) => Promise<void> =
    opts.sleep ?? ((ms, signal) => abortableSleep(ms, undefined, {signal}))
  const backoff = opts.backoffMs ?? rateLimitWait
  const retries = opts.retries ?? DEFAULT_RETRIES
  const maxWindow = Math.max(1, opts.concurrency ?? DEFAULT_CONCURRENCY)
  let window = maxWindow
  let records = 0
  let pagesFetched = 0
  let lastPagination: Pagination | undefined

  // One page, retried on 429 with a shrinking window; any other failure fails the listing.
  const fetchOne = async (page: number): Promise<ListPage> => {
    const cancel = new AbortController()
    open.add(cancel)
    try {
      return await fetchRetried(page, cancel.signal)
    } finally {
      open.delete(cancel)
    }
  }
  const fetchRetried = async (page: number, signal: AbortSignal): Promise<ListPage> => {
    for (let retry = 1; ; retry++) {
      try {
        return await fetchPage(withPage(request, page), signal)
      } catch (error) {
        if (!(error instanceof RateLimitedError) || signal.aborted) throw error
        if (retry > retries) {
          throw new CliError(
            `still rate limited (429) on page ${page} after ${retries} ${retries === 1 ? 'retry' : 'retries'}: ` +
              'try again in a few minutes, or narrow the listing',
            ExitCode.upstream,
            {status: 429},
          )
        }
        window = Math.max(1, Math.floor(window / 2))
        const waitMs = backoff(retry, error.retryAfter)
        opts.onRateLimited?.({page, waitMs, window})
        await sleep(waitMs, signal)
      }
    }
  }

  const emit = async (body: ListPage): Promise<boolean> => {
    pagesFetched++
    lastPagination = body.meta?.pagination ?? lastPagination
    let data = body.data
    if (opts.limit !== undefined && records + data.length > opts.limit) data = data.slice(0, opts.limit - records)
    records += data.length
    await opts.onRecords?.(data, {pagesDone: pagesFetched, pagesPlanned, records})
    return opts.limit !== undefined && records >= opts.limit
  }

  const first = await fetchOne(opts.startPage)
  const {end, capReached} = lastPageToFetch(first, opts)
  const pagesPlanned = end - opts.startPage + 1
  if ((await emit(first)) || end === opts.startPage)
    return {pagesFetched, records, lastPagination, capReached: capReached && end > opts.startPage}

  // Pages are launched in order within the window; finished ones wait in `done` until their turn.
  const done = new Map<number, ListPage>()
  const inFlight = new Map<number, Promise<void>>()
  let nextToLaunch = opts.startPage + 1
  let nextToEmit = opts.startPage + 1
  let failure: unknown
  let successesSinceShrink = 0
  while (nextToEmit <= end) {
    while (failure === undefined && inFlight.size < window && nextToLaunch <= end) {
      const page = nextToLaunch++
      const task = fetchOne(page).then(
        (body) => {
          done.set(page, body)
          // Grow back by one page after a run of successes (additive increase).
          if (window < maxWindow && ++successesSinceShrink >= maxWindow) {
            window++
            successesSinceShrink = 0
          }
        },
        (error: unknown) => {
          failure ??= error
        },
      )
      inFlight.set(
        page,
        task.finally(() => inFlight.delete(page)),
      )
    }
    if (failure !== undefined) throw failure
    await Promise.race(inFlight.values())
    if (failure !== undefined) throw failure
    while (done.has(nextToEmit)) {
      const body = done.get(nextToEmit)!
      done.delete(nextToEmit)
      const repeated = repeatedPage(first, body, nextToEmit)
      if (repeated !== undefined) {
        opts.onWarning?.(
          `the upstream ignored page=${nextToEmit} (it answered page ${repeated} again): stopped ` +
            `after ${pagesFetched} ${pagesFetched === 1 ? 'page' : 'pages'} so that no record is listed twice`,
        )
        return {pagesFetched, records, lastPagination, capReached: false}
      }
      nextToEmit++
      if (await emit(body)) return {pagesFetched, records, lastPagination, capReached: false}
    }
  }
  return {pagesFetched, records, lastPagination, capReached}
}
