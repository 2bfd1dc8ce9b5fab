/**
 * The `family:verb` patterns of a policy's allow and deny lists: `payments:create`, `invoices:*`, `*:delete`. A `*`
 * stands for any run of characters within its half; `*` alone is `*:*`. Pure: no registry, no I/O.
 */
import {usageError} from '../errors.js'

const HALF = /^[a-z*][a-z0-9_*-]*$/

/** The pattern as saved (`invoices:*`), checked: exit 2 naming what is wrong. */
export function parsePattern(text: string): string {
  const pattern = text.trim() === '*' ? '*:*' : text.trim()
  const [family, verb, extra] = pattern.split(':')
  if (extra !== undefined || verb === undefined || !HALF.test(family) || !HALF.test(verb))
    throw usageError(
      `policy pattern ${JSON.stringify(text).slice(0, 60)} is not family:verb: write it as payments:create, ` +
        'invoices:* or *:delete (lower case; * for any)',
    )
  return pattern
}

// A checked half holds only letters, digits, `-`, `_` and `*`: nothing else a regular expression reads.
const globRegExp = (half: string): RegExp => new RegExp(`^${half.replaceAll('*', '.*')}$`)

/** Whether a saved pattern names this family and verb (or action). */
export function patternMatches(pattern: string, family: string, verb: string): boolean {
  const [f, v] = pattern.split(':')
  return globRegExp(f).test(family) && globRegExp(v ?? '*').test(verb)
}
