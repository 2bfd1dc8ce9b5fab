/** The reads behind records by key (plan/record-keys.ts): the lookup query and its answer, the id flags to resolve. */
import {asListPage} from '../../http/paging-rules.js'
import {type GuidedFlag} from '../../input/payload.js'
import {candidateColumns, lookupRequest, resolveKey} from '../../plan/record-keys.js'
import type {Json, RequestSpec} from '../../plan/request.js'
import type {Family} from '../../registry/types.js'
import {guidedFlagsFor} from './guided.js'
import {relationsOf, withRelations} from './printed-columns.js'

/** The id of the record `key` names in family `f`: its lookups read through `read` (include= for the candidates). */
export function findRecord(f: Family, key: string, read: (request: RequestSpec) => Promise<unknown>): Promise<string> {
  const include = withRelations(undefined, relationsOf(f, candidateColumns(f)))
  return resolveKey(f, key, async (lookup) => {
    const page = asListPage(await read(lookupRequest(f, lookup, key, include)))
    const total = Number(page.meta?.pagination?.total ?? page.data.length)
    return {records: page.data as Array<{[key: string]: Json}>, total}
  })
}

/** The guided id flags given whose value is still in the body as typed: the keys to look up. */
export function keyedGuidedFlags(f: Family, flags: Record<string, unknown>, body: {[key: string]: Json}): GuidedFlag[] {
  return guidedFlagsFor(f).filter(
    (g) => g.family !== undefined && typeof flags[g.flag] === 'string' && body[g.field] === flags[g.flag],
  )
}
