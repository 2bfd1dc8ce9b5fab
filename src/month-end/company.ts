/** The token's company, as the month-end commands read it: its settings (currency, e-invoicing). */
import {
  answerError,
  apiPath,
  dataOf,
  type HttpClient,
  isSuccess,
  parseJsonBody,
  type RequestSpec,
} from '@invoicing-cli/core/internal'

import type {Rec} from './read-all.js'

/** POST /companies/current: it reads; the server routes it as POST. */
const CURRENT_COMPANY: RequestSpec = {method: 'POST', path: apiPath('companies', 'current'), query: [], changes: false}

/** The company's settings (an empty object when the answer has none). */
export async function companySettings(client: HttpClient): Promise<Rec> {
  const res = await client.send(CURRENT_COMPANY)
  if (!isSuccess(res.status)) throw answerError(res, CURRENT_COMPANY)
  const company = dataOf(parseJsonBody(res)) as {settings?: unknown} | null
  const settings = company?.settings
  return settings !== null && typeof settings === 'object' && !Array.isArray(settings) ? (settings as Rec) : {}
}
