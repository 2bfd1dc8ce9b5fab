/**
 * Page boundaries re-read (issue 30). The server pages by offset, so a record purged (hard-deleted) before the
 * boundary between two page reads shifts the rest by one, and the record that was first on the next page is never
 * read. Ids only grow (a new record goes to the end of an id|asc listing), so the listing is whole across a boundary
 * exactly when, after the next page was read, the record at the last position of the page before is still the one
 * read there: one request of one record (`per_page=1`, `page=N×P`) says so. Otherwise the family is read again.
 */
import {
  asListPage,
  type HttpClient,
  isSuccess,
  parseJsonBody,
  type RequestSpec,
  answerError,
} from '@invoicing-cli/core/internal'

/** A listing that shifted under the reader: a record was purged before a page boundary while it was read. */
export class ShiftedListing extends Error {
  constructor(readonly page: number) {
    super(`a record was purged while page ${page} was read`)
  }
}

const idOf = (record: unknown): unknown => (record as {id?: unknown} | null)?.id

/**
 * A check to run on each page's records, in page order (as fetchPages hands them on): from page 2, the boundary
 * before it is re-read. Only for an id|asc listing; `perPage` is the listing's page size.
 */
export function boundaryCheck(client: HttpClient, request: RequestSpec, perPage: number) {
  let page = 0
  let last: {id: unknown; count: number} | undefined
  return async (records: readonly unknown[]): Promise<void> => {
    page++
    if (last !== undefined) {
      // A page before the last that was not full: the listing already shrank under the reader.
      if (last.count !== perPage) throw new ShiftedListing(page)
      const query = request.query.filter(([k]) => k !== 'page' && k !== 'per_page')
      const probe: RequestSpec = {
        ...request,
        query: [['page', String((page - 1) * perPage)], ['per_page', '1'], ...query],
      }
      const res = await client.send(probe)
      if (!isSuccess(res.status)) throw answerError(res, probe)
      if (idOf(asListPage(parseJsonBody(res)).data[0]) !== last.id) throw new ShiftedListing(page)
    }
    last = {id: idOf(records.at(-1)), count: records.length}
  }
}
