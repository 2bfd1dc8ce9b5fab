/**
 * Which currency each ledger row is in, as the server settles it: a payment's or an expense's own `currency_id`;
 * else its client's (Client::getSetting: the client's own settings, else its group's, else the company's). The codes
 * and decimals are the statics'. A ledger totals each currency on its own: amounts in two currencies are never added.
 */
import {
  currencyId,
  type HttpClient,
  readStatics,
  type StaticCurrency,
  staticsCurrencies,
} from '@invoicing-cli/core/internal'

import {listRequest, readAll} from '../read-all.js'

type Rec = Record<string, unknown>

export interface RowCurrency {
  /** The currency's code (`USD`), or `currency ID` when the statics do not hold it. */
  code: string
  /** Its decimals (2 when the statics do not say). */
  precision: number
}

const settingsOf = (r: unknown): Rec => {
  const s = r !== null && typeof r === 'object' ? (r as Rec).settings : undefined
  return s !== null && typeof s === 'object' ? (s as Rec) : {}
}

/** The group whose currency a record's client takes, when its own settings name none. */
function groupOf(record: Rec): string | undefined {
  const client = record.client as Rec | undefined
  if (!client || currencyId(record.currency_id) || currencyId(settingsOf(client).currency_id)) return undefined
  const group = client.group_settings_id
  return typeof group === 'string' && group !== '' ? group : undefined
}

/** The currency id of one record: its own, its client's, the client's group's, else the company's. */
export function rowCurrencyId(
  record: Rec,
  company: string | undefined,
  groups: ReadonlyMap<string, string | undefined>,
): string | undefined {
  const group = groupOf(record)
  return (
    currencyId(record.currency_id) ??
    currencyId(settingsOf(record.client).currency_id) ??
    (group === undefined ? undefined : groups.get(group)) ??
    company
  )
}

/**
 * The currencies of a pack's rows: `prepare` reads what a page of records needs (the statics once; the groups once,
 * when a client takes its currency from its group), then `of` answers for each record of it.
 */
export class LedgerCurrencies {
  private table?: Map<string, StaticCurrency>
  private byCode = new Map<string, number>()
  private groups = new Map<string, string | undefined>()
  private groupsRead = false

  constructor(
    private readonly client: HttpClient,
    private readonly company: string | undefined,
  ) {}

  async prepare(records: readonly Rec[]): Promise<void> {
    if (!this.table) {
      this.table = staticsCurrencies(await readStatics(this.client))
      for (const c of this.table.values()) if (!this.byCode.has(c.code)) this.byCode.set(c.code, c.precision ?? 2)
    }
    if (!this.groupsRead && records.some((r) => groupOf(r) !== undefined)) {
      this.groupsRead = true
      const all = await readAll(this.client, listRequest('group_settings', 'group-settings', []))
      for (const g of all) if (typeof g.id === 'string') this.groups.set(g.id, currencyId(settingsOf(g).currency_id))
    }
  }

  of(record: Rec): RowCurrency {
    const id = rowCurrencyId(record, this.company, this.groups)
    if (id === undefined) return {code: '', precision: 2}
    const known = this.table?.get(id)
    return {code: known?.code ?? `currency ${id}`, precision: known?.precision ?? 2}
  }

  /** The decimals of a currency by its code, as the rows name it. */
  precisionOfCode(code: unknown): number {
    return this.byCode.get(String(code)) ?? 2
  }
}
