/**
 * A family's list as a plan, from the list flags (`--all`, `--limit`, `--page`, `--per-page`, `--filter`, `--status`,
 * `--sort`, `--concurrency`): `list` and plugins' own lists build it here, so both page, filter and refuse alike.
 */
import type {ListPlan} from '../../plan/plans.js'
import {listRequest} from '../../plan/routes.js'
import {pagedPerPage} from '../../http/paging-rules.js'
import type {Family} from '../../registry/types.js'
import {filtersWithIds, type RecordIdOf} from './filter-keys.js'
import {checkFilters} from './list-filters.js'
import {withStatusFilter} from './status-filter.js'

/** What the list prints: the columns, and the relations they need (printed-columns.ts). */
export interface Printed {
  columns?: readonly string[]
  include?: string
}

/**
 * The list of `f` the flags ask for. `fixed` filters (`client_id=...`, a plugin's own) come first and are checked as
 * --filter is: a name the family's list does not take is refused (unless --no-validate). Then a record's key given
 * where a filter takes its id is looked up through `recordId` (filter-keys.ts); --no-validate sends every filter as
 * given.
 */
export async function listPlanOf(
  f: Family,
  flags: Record<string, unknown>,
  printed: Printed,
  fixed: readonly string[],
  recordId: RecordIdOf,
): Promise<ListPlan> {
  const status = flags.status as string | undefined
  let filters = withStatusFilter(status, [...fixed, ...((flags.filter as string[] | undefined) ?? [])], f.word)
  // Ids are printed to select records for a change (`| cli FAMILY bulk --stdin`): checked as a bulk's selection.
  if (!flags['no-validate']) {
    checkFilters(f.word, filters, status !== undefined, flags.output === 'ids' ? 'select' : 'read')
    filters = await filtersWithIds(f.word, filters, recordId)
  }
  const all = Boolean(flags.all)
  const limit = flags.limit as number | undefined
  const paged = all || limit !== undefined
  let sort = flags.sort as string | undefined
  // Multi-page listings need a stable order (the upstream guarantees none): id|asc unless --sort.
  if (paged && sort === undefined) sort = 'id|asc'
  const request = listRequest(f, {
    // Several pages: the largest the server gives (or what --limit needs), so the page cap reaches far.
    perPage: (flags['per-page'] as number | undefined) ?? (paged ? pagedPerPage(limit) : undefined),
    page: paged ? undefined : (flags.page as number | undefined),
    sort,
    filters,
    include: printed.include,
  })
  const startPage = (flags.page as number | undefined) ?? 1
  const concurrency = flags.concurrency as number | undefined
  return {kind: 'list', request, paged, startPage, limit, concurrency, columns: printed.columns}
}
