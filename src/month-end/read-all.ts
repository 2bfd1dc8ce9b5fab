/**
 * Every record of a list, every page (the month-end commands decide from all of them: a proposal made from part of
 * the open invoices could call a match certain that is not). Pages as `list --all` fetches them, a 429 waited out.
 */
import {
  answerError,
  apiPath,
  asListPage,
  CliError,
  ExitCode,
  fetchPages,
  headerValue,
  type HttpClient,
  isSuccess,
  type Json,
  parseJsonBody,
  PAGE_CAP,
  RateLimitedError,
  type RequestSpec,
} from '@invoicing-cli/core/internal'

export type Rec = {[key: string]: Json}

/** Records a page asks for: well under the server's cap of 5000, so that an answer stays small. */
export const PER_PAGE = 500

/** GET /api/v1/{segment} with these filters, sorted, PER_PAGE a page (page=N is added page by page). */
export function listRequest(segment: string, family: string, query: Array<[string, string]>): RequestSpec {
  return {
    method: 'GET',
    path: apiPath(segment),
    query: [...query, ['per_page', String(PER_PAGE)]],
    changes: false,
    record: {family, ids: []},
  }
}

export async function readAll(client: HttpClient, request: RequestSpec): Promise<Rec[]> {
  const records: Rec[] = []
  const summary = await fetchPages(
    request,
    {
      startPage: 1,
      retries: client.connection.retries,
      onRecords: (page) => {
        for (const r of page) if (r !== null && typeof r === 'object' && !Array.isArray(r)) records.push(r as Rec)
      },
    },
    async (page, signal) => {
      const res = await client.send(page, {passRateLimit: true, signal})
      if (res.status === 429) throw new RateLimitedError(headerValue(res.headers, 'retry-after'))
      if (!isSuccess(res.status)) throw answerError(res, page)
      return asListPage(parseJsonBody(res))
    },
  )
  if (summary.capReached)
    throw new CliError(
      `${request.path} has more than ${PAGE_CAP} pages of ${PER_PAGE}: nothing was decided from part of it ` +
        '(narrow it: --since, --bank-account)',
      ExitCode.incomplete,
    )
  return records
}
