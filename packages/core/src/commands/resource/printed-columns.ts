/**
 * The columns a table or CSV prints of a family's records, and what the server must be asked for
 * them: a column that names a relation (`client.display_name`) is filled by the server's own
 * `include=client` (the relations each family's answers can embed are server facts, read from
 * its transformers: registry/server). The record's state (active, archived, deleted) is a column
 * of every family whose records can be archived or deleted.
 */
import {RECORD_STATE} from '../../output/cells.js'
import {names, serverFacts} from '../../registry/server/facts.js'
import type {Family} from '../../registry/types.js'

/** Whether the family's records carry archived_at or is_deleted (the server's answer keys). */
function hasState(f: Family): boolean {
  const keys = names(serverFacts(f.word)?.answer)
  return keys.includes('archived_at') || keys.includes('is_deleted')
}

/** The family's columns as tables and CSV print them: the state after the first column where records have one. */
export function familyColumns(f: Family): readonly string[] | undefined {
  if (!f.columns) return undefined
  if (!hasState(f) || f.columns.includes(RECORD_STATE)) return f.columns
  return [f.columns[0], RECORD_STATE, ...f.columns.slice(1)]
}

/** The relations the family's answers can embed (`include=`), as the server's transformers name them. */
export const includableRelations = (f: Family): string[] => names(serverFacts(f.word)?.includes)

/** The relations these columns reach into (`client` for `client.display_name`), in column order. */
export function relationsOf(f: Family, columns: readonly string[] | undefined): string[] {
  const known = new Set(includableRelations(f))
  const wanted = (columns ?? []).filter((c) => c.includes('.')).map((c) => c.split('.')[0])
  return [...new Set(wanted.filter((r) => known.has(r)))]
}

/** `--include` with the relations the printed columns need added (none twice); undefined when there are none. */
export function withRelations(include: string | undefined, relations: readonly string[]): string | undefined {
  const given = include === undefined ? [] : include.split(',').map((r) => r.trim())
  const missing = relations.filter((r) => !given.includes(r))
  if (missing.length === 0) return include
  return [...(include === undefined ? [] : [include]), ...missing].join(',')
}
