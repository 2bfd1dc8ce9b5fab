/**
 * The records a saved plan changes and their `updated_at`: read when the plan is saved, read again by `apply`, which
 * sends nothing when one changed (exit 6).
 */
import {CliError} from '../errors.js'
import {family} from '../registry/registry.js'
import {showRequest} from '../plan/routes.js'
import type {Json, RequestSpec} from '../plan/request.js'
import {sha256} from '../hashing.js'
import type {JsonObject} from './hooks.js'
import type {PlanTarget, SavedRequest} from './plan-file.js'

/** The read of one record the request names, where its family has one. */
function targetRead(familyWord: string, id: string): RequestSpec | undefined {
  try {
    return showRequest(family(familyWord), id)
  } catch {
    // A family without a show route (or one the registry does not know): its records cannot be checked.
    return undefined
  }
}

/** The record's content as one hash: the stale check's second witness beside `updated_at`. */
const digest = async (record: JsonObject): Promise<string> =>
  (await sha256()).update(JSON.stringify(record)).digest('hex')

/** Each record the requests change, once, with its `updated_at` as read now (or as read while planning). */
export async function readTargets(
  requests: readonly SavedRequest[],
  read: Map<string, JsonObject>,
  reader: (request: RequestSpec) => Promise<JsonObject>,
): Promise<PlanTarget[]> {
  const targets = new Map<string, PlanTarget>()
  for (const r of requests) {
    for (const id of r.record?.ids ?? []) {
      const spec = targetRead(r.record!.family, id)
      if (!spec || targets.has(spec.path)) continue
      let record = read.get(spec.path)
      if (!record) {
        record = await reader(spec)
        read.set(spec.path, record)
      }
      const updated_at = record.updated_at ?? null
      targets.set(spec.path, {family: r.record!.family, id, path: spec.path, updated_at, sha256: await digest(record)})
    }
  }
  return [...targets.values()]
}

/** What changed of each target since the plan was made: one phrase each (none: all as they were). */
export async function changedTargets(
  targets: readonly PlanTarget[],
  reader: (request: RequestSpec) => Promise<JsonObject>,
  read: Map<string, JsonObject>,
): Promise<string[]> {
  const changed: string[] = []
  for (const t of targets) {
    const spec = targetRead(t.family, t.id)
    if (!spec) continue
    let record: JsonObject
    try {
      record = await reader(spec)
    } catch (error) {
      if (error instanceof CliError && error.status === 404) {
        changed.push(`${t.family} ${t.id} no longer exists`)
        continue
      }
      throw error
    }
    read.set(spec.path, record)
    const now: Json = record.updated_at ?? null
    if (JSON.stringify(now) !== JSON.stringify(t.updated_at))
      changed.push(`${t.family} ${t.id} changed since the plan was made (updated_at ${t.updated_at} → ${now})`)
    else if (t.sha256 !== undefined && t.sha256 !== (await digest(record)))
      changed.push(`${t.family} ${t.id} changed since the plan was made (same updated_at, other content)`)
  }
  return changed
}
