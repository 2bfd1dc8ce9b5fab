/**
 * Which families `cli backup` saves, and how each is listed. The registry says which are left out and why (an entry's
 * noBackup: credentials, or records that are not the company's own); the server facts say what a list takes.
 */
import {
  ALL_PER_PAGE,
  FAMILIES,
  type Family,
  listFilters,
  names,
  type RequestSpec,
  routes,
  serverFacts,
} from '@invoicing-cli/core/internal'

/** Every state a record can be in: the server lists each only when asked (FACTS.md, QueryFilters::status). */
const ALL_STATES = 'active,archived,deleted'

export interface BackupFamily {
  family: Family
  /**
   * Its records carry an id, so a later run fetches only what changed since the cursor (every list route takes
   * `updated_at`, on or after a Unix time) and merges them by id; without one (the company ledger) it is fetched whole.
   */
  merges: boolean
}

/** The families backed up, in the registry's order: those with a list route that the registry does not leave out. */
export function backupFamilies(): BackupFamily[] {
  return FAMILIES.filter((f) => f.verbs.has('list') && f.noBackup === undefined).map((family) => ({
    family,
    merges: names(serverFacts(family.word)?.answer).includes('id'),
  }))
}

/** The families left out, with the reason. */
export const skippedFamilies = (): Record<string, string> =>
  Object.fromEntries(FAMILIES.filter((f) => f.noBackup !== undefined).map((f) => [f.word, f.noBackup!]))

/**
 * The listing of a family: every state where the list takes `status`, in a stable order (id|asc) where it takes
 * `sort`, and only the records changed on or after `since` when given.
 */
export function backupRequest(f: Family, since?: number): RequestSpec {
  const known = listFilters(f.word)
  const filters: string[] = []
  if (known.has('status')) filters.push(`status=${ALL_STATES}`)
  if (since !== undefined) filters.push(`updated_at=${since}`)
  return routes.listRequest(f, {perPage: ALL_PER_PAGE, sort: known.has('sort') ? 'id|asc' : undefined, filters})
}
