/**
 * Which columns each ledger of the pack has, and what of a record it keeps (pure). Invoices and credits: the
 * document, net, a column per tax rate, tax and gross, then what is still owed; payments: the payment, its reference,
 * method and the documents it paid; any other family (expenses): its list columns.
 */
import type {PackFamily} from './parts.js'
import {documentRow, paymentRow, taxColumns} from './ledger-rows.js'

type Rec = Record<string, unknown>

const DOCUMENT = ['id', 'number', 'client.display_name', 'date', 'due_date', 'status_id', 'net']
const DOCUMENT_END = ['tax', 'gross', 'balance']
const PAYMENT = [
  'id',
  'number',
  'client.display_name',
  'date',
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
  return [...(f.columns ?? [])]
}

/** A record as its ledger keeps it: the row's figures, and only the fields (and relations) its columns read. */
export function ledgerRecord(f: PackFamily, record: Rec, methods: ReadonlyMap<string, string>): Rec {
  const {ledger} = f.pack
  const row = ledger === 'tax' ? documentRow(record) : ledger === 'paid' ? paymentRow(record, methods) : record
  const kept = new Set([...DOCUMENT, ...DOCUMENT_END, ...PAYMENT, ...(f.columns ?? [])].map((c) => c.split('.')[0]))
  return Object.fromEntries(Object.entries(row).filter(([k]) => kept.has(k) || k.startsWith('tax ')))
}
