/**
 * What the ledgers need beyond their lists: the payment methods by name (the statics' payment types, read once), and
 * the ledgers again as one workbook (ledgers.xlsx: a sheet per ledger, amounts as numbers, dates as dates).
 */
import {join} from 'node:path'

import {
  answerError,
  apiPath,
  type HttpClient,
  isSuccess,
  parseJsonBody,
  type RequestSpec,
  workbookBytes,
  writeFileHashed,
} from '@invoicing-cli/core/internal'

import type {Ledger} from './ledger.js'

const STATICS: RequestSpec = {method: 'GET', path: apiPath('statics'), query: [], changes: false}

/** The payment types' names by id (GET /statics, answered without a data wrapper), read on first use only. */
export function paymentMethods(client: HttpClient): () => Promise<ReadonlyMap<string, string>> {
  let read: Promise<ReadonlyMap<string, string>> | undefined
  return () =>
    (read ??= (async () => {
      const res = await client.send(STATICS)
      if (!isSuccess(res.status)) throw answerError(res, STATICS)
      const types = (parseJsonBody(res) as {payment_types?: Array<{id?: unknown; name?: unknown}>}).payment_types
      return new Map((types ?? []).map((t) => [String(t.id), String(t.name ?? t.id)]))
    })())
}

export const WORKBOOK = 'ledgers.xlsx'

/** The ledgers as one workbook, a sheet each (its name the family's), written atomically and hashed. */
export async function writeLedgerBook(
  dir: string,
  ledgers: ReadonlyArray<Ledger & {word: string; statuses?: ReadonlyMap<string, string>}>,
): Promise<{file: string; sha256: string; bytes: number}> {
  const bytes = await workbookBytes(
    ledgers.map((l) => ({name: l.word, columns: l.columns, records: l.rows, statuses: l.statuses})),
  )
  const written = await writeFileHashed(join(dir, WORKBOOK), true, async (write) => write(bytes))
  return {file: WORKBOOK, ...written}
}
