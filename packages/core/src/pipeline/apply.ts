/**
 * The apply stage (`cli apply FILE --yes`): a saved plan is sent only when it still holds: the same profile and base
 * URL, every target record's `updated_at` as it was when the plan was made (the file's hash is checked as it is read,
 * plan-file.ts). Otherwise exit 6, naming what changed, with nothing sent. Then each request goes once, as the command
 * would have sent it.
 */
import {normalizeBaseUrl} from '../plan/request.js'
import type {RemotePlan} from '../plan/plans.js'
import type {RequestSpec} from '../plan/request.js'
import type {JsonObject} from './hooks.js'
import type {JournalEntry} from './journal.js'
import {requestSpec, type SavedPlan, stalePlanError} from './plan-file.js'
import {changedTargets} from './targets.js'

/** Another profile or server than the plan's: stale (exit 6). */
export function checkPlanHome(plan: SavedPlan, now: {profile: string; baseUrl: string}): void {
  const changed: string[] = []
  if (plan.profile !== now.profile)
    changed.push(`it was made for profile "${plan.profile}", this run uses "${now.profile}"`)
  if (normalizeBaseUrl(plan.base_url) !== normalizeBaseUrl(now.baseUrl))
    changed.push(`it was made for ${plan.base_url}, this run goes to ${normalizeBaseUrl(now.baseUrl)}`)
  if (changed.length > 0) throw stalePlanError(changed.join('; '))
}

/**
 * A plan applied before (the journal holds a change sent from it) is stale: a second apply would send its changes
 * again (a create twice, a payment twice). Only this user's journal is seen.
 */
export function checkNotApplied(plan: SavedPlan, journal: readonly JournalEntry[]): void {
  const sent = journal.find((e) => e.plan_sha256 === plan.sha256)
  if (sent)
    throw stalePlanError(
      `it was applied already (journal entry ${sent.id}, ${sent.time}): applying it again would send it twice`,
    )
}

/** Reads every target again: one that changed or is gone is stale (exit 6). The records read, by path. */
export async function checkPlanTargets(
  plan: SavedPlan,
  read: (request: RequestSpec) => Promise<JsonObject>,
): Promise<Map<string, JsonObject>> {
  const records = new Map<string, JsonObject>()
  const changed = await changedTargets(plan.targets, read, records)
  if (changed.length > 0) throw stalePlanError(changed.join('; '))
  return records
}

const describe = (r: RequestSpec) => `${r.method} ${r.path}`

/** The plan to send: one request (with its fallback), or several in order, each once, the first failure stopping. */
export function appliedPlan(plan: SavedPlan): RemotePlan {
  const requests = plan.requests.map(requestSpec)
  if (requests.length === 1) {
    const fallback = plan.requests[0].fallback
    return {
      kind: 'send',
      request: requests[0],
      expect: 'json',
      ...(fallback
        ? {
            fallback: {
              request: requestSpec(fallback.request),
              after: fallback.after,
              note: (status: number) =>
                `the server answered ${status} (no such route, so nothing happened): sending it once as ` +
                describe(requestSpec(fallback.request)),
            },
          }
        : {}),
    }
  }
  return {
    kind: 'series',
    requests,
    label: (i) => `request ${i + 1} of ${requests.length} (${describe(requests[i])})`,
    done: (answers) => ({
      result: {data: answers},
      text:
        `applied ${answers.length === 1 ? 'the one request' : `${answers.length} requests`} of the plan, ` +
        'each once\n',
    }),
  }
}
