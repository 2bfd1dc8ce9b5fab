/**
 * Every record of a list, every page (the month-end commands decide from all of them: a proposal made from part of
 * the open invoices could call a match certain that is not). Pages as `list --all` fetches them, a 429 waited out.
 */
import {
  apiPath,
  CliError,
  clientPaging,
  ExitCode,
  fetchPages,
  type HttpClient,
  type Json,
  PAGE_CAP,
  type RequestSpec,
} from '@invoicing-cli/core/internal'

export type Rec = {[key: string]: Json}

/** Records a page asks for: well under the server's cap of 5000, so that an answer stays small. */
const PER_PAGE = 500

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
  const {fetchPage, options} = clientPaging(client)
  const summary = await fetchPages(
    request,
    {
      ...options,
      startPage: 1,
      onRecords: (page) => {
        for (const r of page) if (r !== null && typeof r === 'object' && !Array.isArray(r)) records.push(r as Rec)
      },
    },
    fetchPage,
  )
  if (summary.capReached)
    throw new CliError(
      `${request.path} has more than ${PAGE_CAP} pages of ${PER_PAGE}: nothing was decided from part of it ` +
        '(narrow it: --since, --bank-account)',
      ExitCode.incomplete,
    )
  return records
}
