/**
 * Which columns each ledger of the pack has, and what of a record it keeps (pure). Invoices and credits: the
 * document, its currency, net, a column per tax rate, tax and gross, then what is still owed; payments: the payment,
 * its currency, its reference, method and the documents it paid; any other family (expenses): its list columns, the
 * currency before the first amount.
 */
import {isMoneyColumn} from '@invoicing-cli/core/internal'

import type {PackFamily} from './parts.js'
import type {RowCurrency} from './ledger-currency.js'
import {documentRow, paymentRow, taxColumns} from './ledger-rows.js'

type Rec = Record<string, unknown>

const DOCUMENT = ['id', 'number', 'client.display_name', 'date', 'due_date', 'status_id', 'currency', 'net']
const DOCUMENT_END = ['tax', 'gross', 'balance']
const PAYMENT = [
  'id',
  'number',
  'client.display_name',
  'date',
  'currency',
  'amount',
  'refunded',
  'transaction_reference',
  'method',
  'paid',
  'status_id',
]

/** The ledger's columns: for documents, one per tax rate its rows have. */
export function ledgerColumns(f: PackFamily, rows: readonly Rec[]): string[] {
  if (f.pack.ledger === 'tax') return [...DOCUMENT, ...taxColumns(rows), ...DOCUMENT_END]
  if (f.pack.ledger === 'paid') return PAYMENT
  const own = [...(f.columns ?? [])]
  const at = own.findIndex((c) => isMoneyColumn(c))
  return at < 0 ? [...own, 'currency'] : [...own.slice(0, at), 'currency', ...own.slice(at)]
}

/**
 * A record as its ledger keeps it: the row's figures (to its currency's decimals), its currency's code, and only the
 * fields (and relations) its columns read.
 */
export function ledgerRecord(
  f: PackFamily,
  record: Rec,
  methods: ReadonlyMap<string, string>,
  currency: RowCurrency,
): Rec {
  const {ledger} = f.pack
  const row =
    ledger === 'tax'
      ? documentRow(record, currency.precision)
      : ledger === 'paid'
        ? paymentRow(record, methods)
        : record
  const kept = new Set([...DOCUMENT, ...DOCUMENT_END, ...PAYMENT, ...(f.columns ?? [])].map((c) => c.split('.')[0]))
  const own = Object.entries(row).filter(([k]) => k !== 'currency' && (kept.has(k) || k.startsWith('tax ')))
  return {...Object.fromEntries(own), currency: currency.code}
}
