/**
 * One family's part of the pack: its period's records listed page by page, each kept as its ledger row (ledger-rows.ts:
 * net, tax per rate and gross; a payment's reference, method and the documents it paid), then the CSV ledger with its
 * total row (written atomically, hashed); and the files its records have, gathered for download.
 */
import {join} from 'node:path'

import {
  clientPaging,
  csvWriter,
  family,
  fetchPages,
  type HttpClient,
  isMoneyColumn,
  routes,
  safeFileName,
  writeFileHashed,
} from '@invoicing-cli/core/internal'

import type {WantedFile} from '../downloads.js'
import {ledgerColumns, ledgerRecord} from './ledger-columns.js'
import type {LedgerCurrencies} from './ledger-currency.js'
import {totalRows} from './ledger-rows.js'
import {type PackFamily, periodRequest} from './parts.js'

/** A file of the pack, with the record's updated_at: a record changed since the last run has its file fetched again. */
export type PackFile = WantedFile & {updated: number | null; record: string}

export interface Ledger {
  file: string
  records: number
  sha256: string
  bytes: number
  files: PackFile[]
  /** Records whose PDF cannot be fetched: they have no invitation (named, and the pack is incomplete). */
  unreachable: string[]
  /** The ledger's columns and rows, its total rows (one per currency) last (the workbook's sheet). */
  columns: string[]
  rows: Array<Record<string, unknown>>
  /** The decimals of a row's amounts: its currency's. */
  precisionOf: (row: unknown) => number
}

interface PackRecord {
  id: string
  number?: string
  updated_at?: number
  invitations?: Array<{key?: string}>
  documents?: Array<{id?: string; name?: string}>
  client?: {display_name?: string}
  vendor?: {display_name?: string}
}

const NO_CAP = Number.MAX_SAFE_INTEGER

function label(f: PackFamily, r: PackRecord): string {
  const party = r.client?.display_name ?? r.vendor?.display_name
  return `${f.word} ${r.number || r.id}${party ? ` (${party})` : ''}`
}

/** The files of one record: its PDF (and e-invoice), or its attachments. */
function filesOf(f: PackFamily, r: PackRecord, eInvoice: boolean, unreachable: string[]): PackFile[] {
  const word = f.word
  const name = safeFileName(r.number || r.id, r.id)
  const updated = typeof r.updated_at === 'number' ? r.updated_at : null
  const files: PackFile[] = []
  if (f.pack.files === 'pdf') {
    const key = r.invitations?.find((i) => typeof i?.key === 'string')?.key
    if (key === undefined) unreachable.push(`${label(f, r)}: it has no invitation, so no PDF can be downloaded`)
    else {
      const at = (ext: string, e: boolean): PackFile => ({
        file: `${word}/${name}.${ext}`,
        request: routes.downloadRequest(f, key, e),
        expect: e ? 'xml' : 'pdf',
        label: label(f, r),
        updated,
        record: r.id,
      })
      files.push(at('pdf', false))
      if (eInvoice) files.push(at('xml', true))
    }
  }
  if (f.pack.files === 'attachments') {
    for (const doc of r.documents ?? []) {
      if (typeof doc?.id !== 'string') continue
      files.push({
        file: `${word}/${name}/${safeFileName(`${doc.id}_${doc.name ?? 'file'}`, doc.id)}`,
        request: routes.downloadRequest(family('documents'), doc.id),
        expect: 'any',
        label: `${label(f, r)}, document ${doc.id}`,
        updated,
        record: r.id,
      })
    }
  }
  return files
}

export async function writeLedger(
  client: HttpClient,
  dir: string,
  f: PackFamily,
  period: {from: string; to: string},
  eInvoice: boolean,
  methods: () => Promise<ReadonlyMap<string, string>>,
  currencies: LedgerCurrencies,
): Promise<Ledger> {
  const file = `${f.word}.csv`
  const ledger = {file, records: 0, files: [] as PackFile[], unreachable: [] as string[]}
  const rows: Array<Record<string, unknown>> = []
  const named = f.pack.ledger === 'paid' ? await methods() : new Map<string, string>()
  const {fetchPage, options} = clientPaging(client)
  await fetchPages(
    periodRequest(f, period.from, period.to),
    {
      ...options,
      startPage: 1,
      cap: NO_CAP,
      onRecords: async (records) => {
        ledger.records += records.length
        for (const r of records as PackRecord[]) ledger.files.push(...filesOf(f, r, eInvoice, ledger.unreachable))
        const page = records as Array<Record<string, unknown>>
        await currencies.prepare(page)
        rows.push(...page.map((r) => ledgerRecord(f, r, named, currencies.of(r))))
      },
    },
    fetchPage,
  )
  const columns = ledgerColumns(f, rows)
  const precisionOfCode = (code: unknown) => currencies.precisionOfCode(code)
  const all = [...rows, ...totalRows(rows, columns, isMoneyColumn, precisionOfCode)]
  const precisionOf = (row: unknown) => precisionOfCode((row as {currency?: unknown} | null)?.currency)
  const csv = csvWriter({columns, codes: f.codes, precisionOf})
  const written = await writeFileHashed(join(dir, file), true, async (write) => {
    await write(Buffer.from([...csv.rows(all), ...csv.end()].join('')))
  })
  return {...ledger, ...written, columns, rows: all, precisionOf}
}
