/**
 * How much a change moves, for a policy's max_amount, read from the requests it sends: a payment's or refund's
 * `amount`, a document's total from its line items. The total is an upper bound (taxes added, discounts left out):
 * a guardrail may refuse a little early, never let a larger change through. Pure.
 */

/** Operations and actions that move money by the target's balance (the caller passes that balance as the amount). */
const MONEY_VERBS = new Set(['mark_paid', 'refund', 'apply'])

/** Whether a change moves money by its targets' balances: its amount must be known for max_amount to let it through. */
export const movesMoney = (verbs: readonly string[]): boolean => verbs.some((v) => MONEY_VERBS.has(v))

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN
  return Number.isFinite(n) ? n : undefined
}

/** 1 + the sum of the tax rates (percent) an object carries. */
const taxFactor = (o: Record<string, unknown>): number =>
  1 + ['tax_rate1', 'tax_rate2', 'tax_rate3'].reduce((sum, k) => sum + Math.max(0, num(o[k]) ?? 0), 0) / 100

/** A document's total from its line items (quantity × cost, taxes added), or undefined without line items. */
function documentTotal(body: Record<string, unknown>): number | undefined {
  if (!Array.isArray(body.line_items)) return undefined
  const items = body.line_items.filter((i): i is Record<string, unknown> => typeof i === 'object' && i !== null)
  const net = items.reduce((sum, i) => sum + Math.abs((num(i.quantity) ?? 1) * (num(i.cost) ?? 0)) * taxFactor(i), 0)
  return net * taxFactor(body)
}

/** What a payment's body applies to invoices and credits (`invoices: [{invoice_id, amount}]`), or undefined. */
function appliedTotal(body: Record<string, unknown>): number | undefined {
  const parts = [body.invoices, body.credits].flatMap((list) => (Array.isArray(list) ? list : []))
  const amounts = parts.map((p) => num((p as {amount?: unknown} | null)?.amount)).filter((a) => a !== undefined)
  return amounts.length > 0 ? amounts.reduce((sum, a) => sum + Math.abs(a), 0) : undefined
}

/** The largest amount one of the requests moves, or undefined when none says. */
export function changeAmount(requests: ReadonlyArray<{body?: unknown}>): number | undefined {
  let largest: number | undefined
  for (const {body} of requests) {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) continue
    const b = body as Record<string, unknown>
    const amounts = [num(b.amount), documentTotal(b), appliedTotal(b)]
      .filter((a): a is number => a !== undefined)
      .map(Math.abs)
    for (const a of amounts) largest = Math.max(largest ?? 0, a)
  }
  return largest
}
