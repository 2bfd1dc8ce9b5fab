/**
 * The rows of the accountant's ledgers (pure): invoices and credits with net, tax per rate and gross; payments with
 * their reference, method and the documents they paid; a total row per ledger. The figures are the server's: gross is
 * the document's amount, tax its total_taxes, net the difference; the taxes per rate share total_taxes out by the
 * lines' (and the document's) rates, so they add up to it in the smallest unit of the document's currency (a cent,
 * a yen). A ledger has a total row per currency (ledger-currency.ts): amounts in two currencies are never added.
 */

type Rec = Record<string, unknown>

const num = (v: unknown): number => (typeof v === 'number' ? v : Number.parseFloat(String(v ?? 0))) || 0
/** `n` to `precision` decimals (2: cents; 0: yen). */
const rounded = (n: number, precision: number): number => {
  const unit = 10 ** precision
  return Math.round(n * unit) / unit
}

/**
 * A tax's column name: `tax GST 10%`, `tax VAT 10,5%`. No dot: a column with one would be read as a path into the row.
 */
const taxLabel = (name: unknown, rate: number): string =>
  `tax ${
    String(name ?? '')
      .replaceAll('.', '')
      .trim() || 'rate'
  } ${String(rate).replace('.', ',')}%`

/** The rates a line or a document names (tax_name1..3, tax_rate1..3), without the zero ones. */
function ratesOf(r: Rec): Array<{label: string; rate: number}> {
  const rates = []
  for (const i of [1, 2, 3]) {
    const rate = num(r[`tax_rate${i}`])
    if (rate !== 0) rates.push({label: taxLabel(r[`tax_name${i}`], rate), rate})
  }
  return rates
}

/** A line's net (after its discount) when the server did not say (its line_total). */
function lineNet(item: Rec): number {
  if (item.line_total !== undefined) return num(item.line_total)
  const gross = num(item.quantity ?? 1) * num(item.cost)
  return gross - (item.is_amount_discount ? num(item.discount) : (gross * num(item.discount)) / 100)
}

/** A line's tax: the server's tax_amount, else its rates on its net (inclusive taxes are inside the net). */
function lineTax(item: Rec, inclusive: boolean): number {
  if (item.tax_amount !== undefined) return num(item.tax_amount)
  const net = lineNet(item)
  return ratesOf(item).reduce((sum, {rate}) => sum + (inclusive ? net - net / (1 + rate / 100) : (net * rate) / 100), 0)
}

/** The tax of each rate of one document, adding up to its total_taxes (what no rate explains is `tax other`). */
export function taxesByRate(doc: Rec, precision = 2): Map<string, number> {
  const out = new Map<string, number>()
  const add = (label: string, amount: number) => out.set(label, (out.get(label) ?? 0) + amount)
  const share = (rates: Array<{label: string; rate: number}>, amount: number) => {
    const sum = rates.reduce((s, r) => s + r.rate, 0)
    for (const r of rates) add(r.label, (amount * r.rate) / sum)
  }
  const inclusive = doc.uses_inclusive_taxes === true
  let lines = 0
  for (const item of Array.isArray(doc.line_items) ? (doc.line_items as Rec[]) : []) {
    if (!item || typeof item !== 'object') continue
    const rates = ratesOf(item)
    const tax = lineTax(item, inclusive)
    if (rates.length === 0 || tax === 0) continue
    share(rates, tax)
    lines += tax
  }
  // What the lines leave of total_taxes: the document's own rates, else unexplained.
  const rest = num(doc.total_taxes) - lines
  if (Math.abs(rest) >= 0.5 / 10 ** precision) {
    const rates = ratesOf(doc)
    if (rates.length > 0) share(rates, rest)
    else add('tax other', rest)
  }
  return roundedToTotal(out, num(doc.total_taxes), precision)
}

/** Each amount to the currency's unit, the last one taking the rounding, so that they add up to `total`. */
function roundedToTotal(amounts: Map<string, number>, total: number, precision: number): Map<string, number> {
  const entries = [...amounts.entries()].map(([k, v]) => [k, rounded(v, precision)] as [string, number])
  if (entries.length > 0) {
    const drift = rounded(total - entries.reduce((s, [, v]) => s + v, 0), precision)
    entries.at(-1)![1] = rounded(entries.at(-1)![1] + drift, precision)
  }
  return new Map(entries)
}

/** An invoice's or credit's ledger row: its own columns, then net, each rate's tax, the tax and gross. */
export function documentRow(doc: Rec, precision = 2): Rec {
  const gross = num(doc.amount)
  const tax = num(doc.total_taxes)
  return {...doc, net: rounded(gross - tax, precision), ...Object.fromEntries(taxesByRate(doc, precision)), tax, gross}
}

/** The documents a payment paid, by number (`0001, credit 0002`): its paymentables, named by the included records. */
export function paidDocuments(payment: Rec): string {
  const numbers = new Map<string, string>()
  for (const [relation, prefix] of [
    ['invoices', ''],
    ['credits', 'credit '],
  ] as const)
    for (const d of Array.isArray(payment[relation]) ? (payment[relation] as Rec[]) : [])
      if (d && typeof d.id === 'string') numbers.set(d.id, `${prefix}${String(d.number || d.id)}`)
  const paid = (Array.isArray(payment.paymentables) ? (payment.paymentables as Rec[]) : []).map((p) => {
    const id = String(p?.invoice_id ?? p?.credit_id ?? '')
    return numbers.get(id) ?? (p?.credit_id === undefined ? id : `credit ${id}`)
  })
  return [...new Set(paid.filter(Boolean))].join(', ')
}

/** A payment's ledger row: its method by name (statics' payment types) and the documents it paid. */
export function paymentRow(payment: Rec, methods: ReadonlyMap<string, string>): Rec {
  const type = String(payment.type_id ?? '')
  return {...payment, method: methods.get(type) ?? type, paid: paidDocuments(payment)}
}

/**
 * The total rows, one per currency the rows are in (their `currency` cell), in the order they first appear: the sum
 * of each money column to that currency's decimals, the first cell `Total`, every other blank. No rows: one total.
 */
export function totalRows(
  rows: readonly Rec[],
  columns: readonly string[],
  money: (column: string) => boolean,
  precisionOf: (code: unknown) => number,
): Rec[] {
  const codes = rows.length === 0 ? [''] : [...new Set(rows.map((r) => r.currency ?? ''))]
  return codes.map((code) => {
    const mine = rows.filter((r) => (r.currency ?? '') === code)
    const total: Rec = {[columns[0]]: 'Total', ...(code === '' ? {} : {currency: code})}
    for (const c of columns.slice(1))
      if (money(c))
        total[c] = rounded(
          mine.reduce((s, r) => s + num(r[c]), 0),
          precisionOf(code),
        )
    return total
  })
}

/** The tax columns the rows have, in the order they first appear. */
export const taxColumns = (rows: readonly Rec[]): string[] => [
  ...new Set(rows.flatMap((r) => Object.keys(r).filter((k) => k.startsWith('tax ')))),
]
