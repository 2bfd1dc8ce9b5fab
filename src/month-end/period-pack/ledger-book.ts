/**
 * What the ledgers need beyond their lists: the payment methods by name (the statics' payment types, read once), and
 * the ledgers again as one workbook (ledgers.xlsx: a sheet per ledger, amounts as numbers, dates as dates).
 */
import {join} from 'node:path'

import {type Codes, type HttpClient, readStatics, workbookBytes, writeFileHashed} from '@invoicing-cli/core/internal'

import type {Ledger} from './ledger.js'

/** The payment types' names by id (the statics, read on first use only, shared with the currency cache). */
export function paymentMethods(client: HttpClient): () => Promise<ReadonlyMap<string, string>> {
  let read: Promise<ReadonlyMap<string, string>> | undefined
  return () =>
    (read ??= readStatics(client).then((statics) => {
      const types = (statics as {payment_types?: Array<{id?: unknown; name?: unknown}>} | null)?.payment_types
      return new Map((types ?? []).map((t) => [String(t.id), String(t.name ?? t.id)]))
    }))
}

export const WORKBOOK = 'ledgers.xlsx'

/** The ledgers as one workbook, a sheet each (its name the family's), written atomically and hashed. */
export async function writeLedgerBook(
  dir: string,
  ledgers: ReadonlyArray<Ledger & {word: string; codes?: Codes}>,
): Promise<{file: string; sha256: string; bytes: number}> {
  const bytes = await workbookBytes(
    ledgers.map((l) => ({
      name: l.word,
      columns: l.columns,
      records: l.rows,
      codes: l.codes,
      precisionOf: l.precisionOf,
    })),
  )
  const written = await writeFileHashed(join(dir, WORKBOOK), true, async (write) => write(bytes))
  return {file: WORKBOOK, ...written}
}
