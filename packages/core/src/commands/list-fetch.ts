/** The pages of a listing (a list with --all, a bulk action's selection), fetched on the run's client. */
import type {HttpClient} from '../http/client.js'
import {clientPaging} from '../http/page-fetch.js'
import {fetchPages} from '../http/paging.js'
import {stderrProgress, whileSlow} from '../output/progress.js'
import type {ListPlan} from '../plan/plans.js'

/** The pages of a listing, their records handed on in order. */
export function fetchList(
  client: HttpClient,
  plan: ListPlan,
  onRecords: (records: unknown[]) => Promise<void> | void,
): ReturnType<typeof fetchPages> {
  // Said on a terminal once the listing takes a while: the page count, turning while the next page is awaited.
  let status = `waiting for page ${plan.startPage}`
  const stop = whileSlow(stderrProgress(), () => status)
  const {fetchPage, options} = clientPaging(client)
  return fetchPages(
    plan.request,
    {
      ...options,
      startPage: plan.startPage,
      limit: plan.limit,
      concurrency: plan.concurrency,
      onRecords: async (records, p) => {
        await onRecords(records)
        status =
          `page ${p.pagesDone}${p.pagesPlanned ? `/${p.pagesPlanned}` : ''}, ${p.records} ` +
          `record${p.records === 1 ? '' : 's'}`
      },
    },
    fetchPage,
  ).finally(stop)
}
