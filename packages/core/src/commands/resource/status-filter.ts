/**
 * `--status active,archived`: the upstream's `status` list filter, checked here (it ignores names it does not know).
 */
import {shown, usageError} from '../../errors.js'
import {listFilters, names} from '../../registry/server/facts.js'
import {nearest} from '../../suggest.js'

export const RECORD_STATES = ['active', 'archived', 'deleted'] as const

/**
 * The family's filter that takes this word as a value (`client_status` for `unpaid`): a status word that is not a
 * record state is most often one of those.
 */
function filterTaking(word: string | undefined, value: string): string | undefined {
  if (word === undefined) return undefined
  for (const [name, fact] of listFilters(word)) if (name !== 'status' && names(fact.values).includes(value)) return name
  return undefined
}

/**
 * The --filter list with `status=...` added for --status, or unchanged without it. `family` (its word) names, for a
 * word that is no record state, the filter that takes it.
 */
export function withStatusFilter(
  status: string | undefined,
  filters: readonly string[] = [],
  family?: string,
): string[] {
  if (status === undefined) return [...filters]
  for (const state of status.split(',')) {
    if ((RECORD_STATES as readonly string[]).includes(state)) continue
    const filter = filterTaking(family, state)
    if (filter)
      throw usageError(
        `--status ${shown(state)} is not a record state (${RECORD_STATES.join(', ')}): for the ${state} ones, ` +
          `use --filter ${filter}=${state}`,
      )
    const near = nearest(state, RECORD_STATES)
    throw usageError(
      `--status ${shown(state)} is not a record state${near ? `; did you mean ${near}?` : ''}: ` +
        `use ${RECORD_STATES.join(', ')} (comma-separated for several)`,
    )
  }
  if (filters.some((f) => f.startsWith('status=')))
    throw usageError('--status and --filter status=... both set the status filter: give one')
  return [...filters, `status=${status}`]
}
