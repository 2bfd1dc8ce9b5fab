/**
 * The save stage (--save-plan FILE): the plan's exact requests, worked out as the executor would (an edit's record
 * read and its write built, a selection's records listed), each target record's `updated_at` read, the policy asked,
 * and the file written. Nothing is sent.
 */
import {usageError} from '../errors.js'
import {writeErr} from '../output/write.js'
import {scrubSecrets} from '../http/headers.js'
import {selectedIds, type Selection, uniqueIds} from '../plan/bulk.js'
import type {RemotePlan} from '../plan/plans.js'
import type {RequestSpec} from '../plan/request.js'
import type {ChangeContext} from './change.js'
import type {JsonObject} from './hooks.js'
import {
  PLAN_FORMAT,
  type PlanTarget,
  type SavedPlan,
  type SavedRequest,
  savedRequest,
  sealPlan,
  writePlan,
} from './plan-file.js'
import {enforcePolicy} from './policy.js'
import {policyInput} from './policy-input.js'
import {readTargets} from './targets.js'

/** The reads planning may make (GETs: they change nothing). */
export interface PlanReader {
  read(request: RequestSpec): Promise<JsonObject>
  select(selection: Selection): Promise<unknown[]>
}

const unsaveable = (why: string) =>
  usageError(`--save-plan: ${why}, so it cannot be saved as a plan; --dry-run shows what it would send`)

/** The requests a plan sends, as they will go; the records read to build them, by path. */
export async function concreteRequests(
  plan: RemotePlan,
  reader: PlanReader,
): Promise<{requests: SavedRequest[]; read: Map<string, JsonObject>}> {
  const read = new Map<string, JsonObject>()
  switch (plan.kind) {
    case 'send':
      return {requests: [savedRequest(plan.request, plan.fallback)], read}
    case 'edit': {
      const record = await reader.read(plan.read)
      read.set(plan.read.path, record)
      const {request, warnings} = plan.write(record)
      for (const w of warnings) writeErr(w)
      return {requests: [savedRequest(request)], read}
    }
    case 'bulk': {
      const ids = plan.ids ? uniqueIds(plan.ids) : selectedIds(await reader.select(plan.selection!))
      if (ids.length === 0) throw usageError(`no ${plan.word} match the filters: there is nothing to save`)
      return {requests: plan.requests(ids).map((r) => savedRequest(r)), read}
    }
    case 'series':
      return {requests: plan.requests.map((r) => savedRequest(r)), read}
    case 'chain':
    case 'poll':
      throw unsaveable('what it sends second depends on the answer to its first request')
    case 'download':
    case 'list':
      throw unsaveable('it changes no records')
  }
}

export interface SaveInput {
  file: string
  context: ChangeContext
  command: string
  reader: PlanReader
  secrets: {token?: string; password?: string}
}

export async function saveChange(plan: RemotePlan, input: SaveInput): Promise<SavedPlan> {
  const {requests, read} = await concreteRequests(plan, input.reader)
  if (plan.kind === 'send' && !plan.request.changes) throw unsaveable('it changes no records')
  const ctx = input.context
  await enforcePolicy(policyInput(ctx, requests, true), input.reader.read, requests)
  const targets: PlanTarget[] = await readTargets(requests, read, input.reader.read)
  const saved = await sealPlan({
    format: PLAN_FORMAT,
    created_at: new Date().toISOString(),
    profile: ctx.profile,
    base_url: ctx.baseUrl,
    source: ctx.source,
    family: ctx.family,
    verb: ctx.verb,
    command: scrubSecrets(input.command, input.secrets),
    requests,
    targets,
  })
  await writePlan(input.file, saved)
  const n = requests.length
  if (input.file !== '-')
    writeErr(
      `saved the plan to ${input.file}: ${n} request${n === 1 ? '' : 's'}, ${targets.length} record` +
        `${targets.length === 1 ? '' : 's'} to check; nothing was sent. Review it with ` +
        `"cli plan show ${input.file}", send it with "cli apply ${input.file} --yes"`,
    )
  return saved
}
