/**
 * `--filter NAME=VALUE` as the server knows it (registry/server): the server ignores a filter name
 * it does not know, and a value outside a filter's known set, and answers every record; piped into
 * a bulk action, a typo would select everything. So both are refused here (exit 2, nothing sent),
 * naming the nearest filter or the values; `--no-validate` sends anything. One exception: a list
 * that only reads sends an unknown value of a comma-separated set (`client_status=sentX`), which
 * the server's own tests send, with a warning that the server ignores it (docs/decisions.md); printed
 * as ids (`-o ids`, records selected for a change), it is refused.
 */
import {shown, usageError} from '../../errors.js'
import {warningLabel} from '../../output/color.js'
import {writeErr} from '../../output/write.js'
import {nearest} from '../../suggest.js'
import {listFilters, names, type FilterFact} from '../../registry/server/facts.js'

/** List parameters that have flags of their own: not shown among the filters. */
const OWN_FLAGS = new Set(['page', 'per_page', 'include', 'sort'])

/** The filters a family's list takes, with what they mean, as --help lists them. */
export function shownFilters(word: string): Array<[name: string, fact: FilterFact]> {
  return [...listFilters(word)].filter(([name]) => !OWN_FLAGS.has(name)).sort(([a], [b]) => a.localeCompare(b))
}

/** The filters section of a list command's --help: one line a filter, its values where it knows a set. */
export function filterHelp(word: string, escape = true): string {
  const filters = shownFilters(word)
  if (filters.length === 0) return 'The server knows no filters for this list: --filter is refused.'
  const lines = filters.map(([name, fact]) => {
    const known = fact.values && !fact.means.includes(':<operator>') ? names(fact.values) : []
    const listed = known.every((v) => fact.means.includes(v))
    return `- ${name}: ${fact.means}${listed ? '' : `. Values: ${known.join(', ')}`}`
  })
  return [
    `Filters the server knows (--filter NAME=VALUE; any other name or value is refused${
      escape
        ? ', --no-validate sends it; an unknown value of a comma-separated set is sent with a warning ' +
          '(refused with -o ids)'
        : ''
    }):`,
    ...lines,
  ].join('\n')
}

/** A name as messages show it: bare when it is a plain name, else quoted. */
const named = (name: string) => (/^\w+$/.test(name) ? name : shown(name))

/** Whether a value is one the filter acts on; undefined when it is, else what it takes. */
function valueProblem(fact: FilterFact, value: string): string | undefined {
  if (!fact.values) return undefined
  const known = names(fact.values)
  if (fact.means.includes(':<operator>')) {
    const [amount, operator, ...rest] = value.split(':')
    if (rest.length === 0 && /^-?\d+(\.\d+)?$/.test(amount) && known.includes(operator ?? '')) return undefined
    return `an amount, a colon and one of ${known.join(', ')} (e.g. 1000:gt)`
  }
  // A value the filter reads with a meaning of its own (`template=false`): nothing to refuse.
  if (fact.means.includes('anything else')) return undefined
  const parts = fact.means.includes('comma-separated') ? value.split(',') : [value]
  const wrong = parts.find((part) => !known.includes(part))
  if (wrong === undefined) return undefined
  const near = nearest(wrong, known)
  const takes = `${fact.means.includes('comma-separated') ? 'comma-separated values of' : 'one of'} ${known.join(', ')}`
  return near ? `${takes}; did you mean ${near}?` : takes
}

/**
 * What the filtered list is for: `read`, a list that only shows records (it has --no-validate and sends an unknown
 * value of a set with a warning); `select`, a list printed as ids (`-o ids`), which selects records for a change
 * piped after it, so an unknown value is refused as a bulk's is, --no-validate sending it anyway; `bulk`, the records a
 * change acts on (no --no-validate: a filter the server ignores would select every record for the change).
 */
export type FilterUse = 'read' | 'select' | 'bulk'

/** Refuses a --filter whose name or value the family's list does not know (the server would ignore it). */
export function checkFilters(
  word: string,
  filters: readonly string[],
  statusFlag = false,
  use: FilterUse = 'read',
): void {
  const known = listFilters(word)
  if (statusFlag && !known.has('status'))
    throw usageError(
      `--status: ${word} lists have no status filter (the server would ignore it and answer every record)`,
    )
  for (const raw of filters) {
    const eq = raw.indexOf('=')
    if (eq <= 0) continue // routes.ts says what the form must be
    const name = raw.slice(0, eq)
    const value = raw.slice(eq + 1)
    const fact = known.get(name)
    if (!fact) {
      if (OWN_FLAGS.has(name)) continue // routes.ts names the flag
      const near = nearest(
        name,
        shownFilters(word).map(([n]) => n),
      )
      throw usageError(
        `--filter ${named(name)} is not a filter of ${word} lists${near ? `: did you mean ${near}?` : ''} (the ` +
          `server ignores unknown filters and would answer every record; cli ${word} list --help lists them)`,
      )
    }
    const problem = valueProblem(fact, value)
    if (!problem) continue
    const what = `--filter ${named(name)}=${shown(value)} is not a value the server acts on: ${name} takes ${problem}`
    const set = fact.means.includes('comma-separated')
    if (use === 'read' && set)
      writeErr(`${warningLabel()} ${what}; the server ignores the values it does not know (sent as given)`)
    else if (use === 'select' && set)
      throw usageError(
        `${what} (-o ids selects records for a change, and the server ignores the values it does not know; ` +
          '--no-validate sends it anyway)',
      )
    else throw usageError(what + (use === 'bulk' ? '' : ' (--no-validate sends it anyway)'))
  }
}
