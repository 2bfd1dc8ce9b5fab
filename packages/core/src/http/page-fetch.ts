/**
 * How a listing reaches the upstream page by page through an HttpClient: each page's request, a 429 handed back to
 * the paging loop (which shrinks its window and waits, paging.ts), and the lines that say so. Shared by `list --all`
 * and the commands that page on their own (`backup`, `period-pack`).
 */
import {writeErr} from '../output/write.js'
import {headerValue, type HttpClient, type HttpResponse, isSuccess, parseJsonBody} from './client.js'
import {asListPage, type ListPage, type PagingOptions, RateLimitedError, rateLimitWait} from './paging.js'
import type {RequestSpec} from '../plan/request.js'
import {seconds} from './retry.js'
import {answerError} from './upstream-error.js'

export type PageFetch = (request: RequestSpec, signal: AbortSignal) => Promise<ListPage>
type ClientPagingOptions = Pick<PagingOptions, 'retries' | 'backoffMs' | 'onWarning' | 'onRateLimited'>

/** The fetch of one page and the paging options that follow from the client (its retries and wait scale). */
export function clientPaging(
  client: HttpClient,
  onAnswer?: (res: HttpResponse) => void,
): {fetchPage: PageFetch; options: ClientPagingOptions} {
  const fetchPage: PageFetch = async (request, signal) => {
    // A 429 comes back here rather than being retried by the client: the window shrinks first.
    const res = await client.send(request, {passRateLimit: true, signal})
    if (res.status === 429) throw new RateLimitedError(headerValue(res.headers, 'retry-after'))
    if (!isSuccess(res.status)) throw answerError(res, request)
    onAnswer?.(res)
    return asListPage(parseJsonBody(res))
  }
  const options: ClientPagingOptions = {
    retries: client.connection.retries,
    backoffMs: (retry, retryAfter) => Math.round(rateLimitWait(retry, retryAfter) * (client.connection.waitScale ?? 1)),
    onWarning: (line) => writeErr(`Warning: ${line}`),
    onRateLimited: ({page, waitMs, window}) =>
      writeErr(
        `rate limited (429) on page ${page}: waiting ${seconds(waitMs)}, then ${window} ` +
          `request${window === 1 ? '' : 's'} at a time`,
      ),
  }
  return {fetchPage, options}
}
