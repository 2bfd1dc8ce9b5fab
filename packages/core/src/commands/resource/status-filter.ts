/**
 * `--status active,archived`: the upstream's `status` list filter, checked here (it ignores names it does not know).
 */
import {shown, usageError} from '../../errors.js'
import {nearest} from '../../suggest.js'

export const RECORD_STATES = ['active', 'archived', 'deleted'] as const

/** The --filter list with `status=...` added for --status, or unchanged without it. */
export function withStatusFilter(status: string | undefined, filters: readonly string[] = []): string[] {
  if (status === undefined) return [...filters]
  for (const state of status.split(',')) {
    if ((RECORD_STATES as readonly string[]).includes(state)) continue
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
