/** The command a mistyped one most likely meant, with the words typed after it kept. */
import {nearest} from '@invoicing-cli/core/internal'

/**
 * oclif hands over everything typed before the flags as one id (`invoices:shw:VolejRejNm`): the
 * longest leading part close to a known id is the typo, the rest are its arguments. A part that
 * is already a known id (a topic typed right) suggests nothing.
 */
export function suggestCommand(id: string, known: readonly string[]): string | undefined {
  const words = id.split(':')
  for (let n = words.length; n > 0; n--) {
    const typed = words.slice(0, n).join(':')
    if (known.includes(typed)) return undefined
    // Only ids of as many words: `invoics:delete:I1` must not match `invoices:delete` by dropping the id.
    const match = nearest(
      typed,
      known.filter((k) => k.split(':').length === n),
    )
    if (match) return [match, ...words.slice(n)].join(':')
  }
  return undefined
}

/**
 * `invoices statics`, `clients auth login`: a top-level command (or topic) takes no family word,
 * so the suggestion drops it and keeps the words after; `invoices help list` is `help invoices
 * list`. The family word may itself be mistyped (`invoice statics`).
 */
export function topLevelAfterFamily(
  words: readonly string[],
  known: readonly string[],
  families: readonly string[],
): string[] | undefined {
  const [first, second, ...rest] = words
  if (second === undefined || families.includes(second) || !known.includes(second)) return undefined
  const family = families.includes(first) ? first : nearest(first, families)
  if (!family) return undefined
  return second === 'help' ? ['help', family, ...rest] : [second, ...rest]
}

/** Words as a POSIX shell would need them typed: quoted when they hold anything but plain characters. */
export function shellWords(words: readonly string[]): string {
  return words.map((w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replaceAll("'", `'\\''`)}'`)).join(' ')
}
