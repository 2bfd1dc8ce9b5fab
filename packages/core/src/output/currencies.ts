/**
 * Amounts to their currency's precision (JPY 0 decimals, KWD 3): a record's currency is its own (`currency_id`), its
 * client's (`client.settings.currency_id`, a client's `settings.currency_id`), else the company's. The precisions come
 * from the server's statics (statics-cache.ts reads and caches them, with the payment types' names); json, ndjson and
 * yaml never pass through here.
 */
import {CliError} from '../errors.js'
import {DEFAULT_PRECISION, fieldOf, isMoneyColumn} from './cells.js'
import {getPath} from './records.js'

/** What the statics and the company say of currencies, and the statics' names of payment types. */
export interface CurrencyBook {
  /** Decimals by currency id (`"1"` USD 2, `"45"` JPY 0). */
  precisions: Readonly<Record<string, number>>
  /** The company's currency id: what a record without a currency of its own is in. */
  companyCurrency?: string
  /** Payment types' names by id (`"1"` Bank Transfer): a payment's type_id, an expense's payment_type_id. */
  paymentTypes?: Readonly<Record<string, string>>
}

/** The statics' payment types by id (`GET /statics`: `payment_types[]` with id and name). */
export function staticsPaymentTypes(statics: unknown): Record<string, string> {
  const list = (statics as {payment_types?: Array<{id?: unknown; name?: unknown}>} | null)?.payment_types
  const names: Record<string, string> = {}
  for (const t of Array.isArray(list) ? list : [])
    if ((typeof t?.id === 'string' || typeof t?.id === 'number') && typeof t.name === 'string' && t.name !== '')
      names[String(t.id)] = t.name
  return names
}

/** The decimals of a record's amounts. */
export type PrecisionOf = (record: unknown) => number

/** A currency as the statics describe it. */
export interface StaticCurrency {
  /** Its code (`USD`), or `currency ID` when the statics give none. */
  code: string
  /** Its decimals; undefined when the statics give none a currency can have. */
  precision?: number
}

/** The statics' currencies by id (`GET /statics`: `currencies[]` with id, code, precision). */
export function staticsCurrencies(statics: unknown): Map<string, StaticCurrency> {
  const table = new Map<string, StaticCurrency>()
  const list = (statics as {currencies?: Array<{id?: unknown; code?: unknown; precision?: unknown}>} | null)?.currencies
  for (const c of list ?? []) {
    if (c?.id === undefined || c.id === null) continue
    const precision = Number(c.precision)
    table.set(String(c.id), {
      code: typeof c.code === 'string' && c.code !== '' ? c.code : `currency ${String(c.id)}`,
      precision: Number.isInteger(precision) && precision >= 0 && precision <= 10 ? precision : undefined,
    })
  }
  return table
}

/** An id the server uses for "none" (an empty string, 0) is no currency. */
export const currencyId = (value: unknown): string | undefined =>
  (typeof value === 'string' || typeof value === 'number') && String(value) !== '' && String(value) !== '0'
    ? String(value)
    : undefined

/** A record's own currency, or its client's (the included client, or a client's own settings); else undefined. */
export function currencyIdOf(record: unknown): string | undefined {
  return (
    currencyId(getPath(record, 'currency_id')) ??
    currencyId(getPath(record, 'client.settings.currency_id')) ??
    currencyId(getPath(record, 'settings.currency_id'))
  )
}

/**
 * The precision of each record's amounts; a currency the statics do not hold shows DEFAULT_PRECISION decimals, and
 * `note` says so once per currency.
 */
export function precisionsOf(book: CurrencyBook, note: (text: string) => void): PrecisionOf {
  const noted = new Set<string>()
  return (record) => {
    const id = currencyIdOf(record) ?? book.companyCurrency
    if (id === undefined) return DEFAULT_PRECISION
    const precision = book.precisions[id]
    if (precision !== undefined) return precision
    if (!noted.has(id)) {
      noted.add(id)
      note(
        `note: currency ${JSON.stringify(id).slice(0, 40)} is not among the server's currencies: its amounts show ` +
          `${DEFAULT_PRECISION} decimals`,
      )
    }
    return DEFAULT_PRECISION
  }
}

/** Of `fields`, those a rendering shows: among its columns, or (no columns chosen yet) held by a record. */
export function shownFields(
  fields: readonly string[],
  columns: readonly string[] | undefined,
  records: readonly unknown[],
): string[] {
  if (fields.length === 0) return []
  if (columns !== undefined) return fields.filter((f) => columns.some((c) => fieldOf(c) === f))
  return fields.filter((f) => records.some((r) => r !== null && typeof r === 'object' && Object.hasOwn(r, f)))
}

/**
 * Whether a rendering shows amounts: one of its columns holds money, or (no columns chosen yet) a record has a money
 * field of its own. Only then are the currencies read.
 */
export function showsAmounts(columns: readonly string[] | undefined, records: readonly unknown[]): boolean {
  if (columns !== undefined) return columns.some((c) => isMoneyColumn(c))
  return records.some((r) => r !== null && typeof r === 'object' && Object.keys(r).some((k) => isMoneyColumn(k)))
}

/**
 * The decimals of each record's amounts, from the currencies `read` gives (the cached statics). A failed read leaves
 * DEFAULT_PRECISION, said once through `note` with what it leaves (`shown`: what the rendering shows of the statics,
 * amounts and payment types); an interrupt (exit 128 and over) still stops the run.
 */
export async function readPrecisions(
  read: () => Promise<CurrencyBook>,
  note: (text: string) => void,
  shown: {amounts: boolean; paymentTypes: boolean} = {amounts: true, paymentTypes: false},
): Promise<PrecisionOf> {
  try {
    return precisionsOf(await read(), note)
  } catch (error) {
    if (error instanceof CliError && error.exitCode >= 128) throw error
    const why = (error as Error).message.split('\n')[0].slice(0, 120)
    const left = [
      ...(shown.amounts ? [`amounts show ${DEFAULT_PRECISION} decimals`] : []),
      ...(shown.paymentTypes ? ['payment types show their ids'] : []),
    ]
    const what = shown.amounts ? 'the currencies' : "the server's payment types"
    note(`note: ${what} could not be read (${why}): ${left.join(', ')}`)
    return () => DEFAULT_PRECISION
  }
}
