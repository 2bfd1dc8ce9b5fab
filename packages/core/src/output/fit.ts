/**
 * Fitting a table to a terminal's width: narrow columns keep their width, the widest text
 * columns shrink (their cells cut with an ellipsis), and when that is not enough the
 * lowest-priority columns (the rightmost) are left out, rather than rows wrapping.
 */
export const GAP = 2
/** Columns at most this wide are never cut. */
export const NARROW = 12

/** Widths that fit `total`, shrinking only `shrinkable` columns wider than NARROW; undefined when none do. */
export function shrinkToFit(
  natural: readonly number[],
  shrinkable: readonly boolean[],
  total: number,
): number[] | undefined {
  const widths = [...natural]
  let excess = widths.reduce((a, b) => a + b, 0) + GAP * (widths.length - 1) - total
  while (excess > 0) {
    const candidates = widths.map((w, i) => (shrinkable[i] && w > NARROW ? i : -1)).filter((i) => i >= 0)
    if (candidates.length === 0) return undefined
    const widest = candidates.reduce((a, b) => (widths[b] > widths[a] ? b : a))
    const next = Math.max(NARROW, ...candidates.filter((i) => i !== widest).map((i) => widths[i]))
    const step = Math.max(1, Math.min(excess, widths[widest] - next))
    widths[widest] -= step
    excess -= step
  }
  return widths
}

/** How many leading columns to keep, and their widths, for a table `total` characters wide. */
export function fitColumns(
  natural: readonly number[],
  shrinkable: readonly boolean[],
  total: number,
): {keep: number; widths: number[]} {
  for (let keep = natural.length; keep > 1; keep--) {
    const widths = shrinkToFit(natural.slice(0, keep), shrinkable.slice(0, keep), total)
    if (widths) return {keep, widths}
  }
  return {keep: Math.min(1, natural.length), widths: natural.slice(0, 1).map((w) => Math.min(w, total))}
}
