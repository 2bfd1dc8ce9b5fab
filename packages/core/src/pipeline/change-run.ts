/**
 * The stage runner of a change being sent: the policy (policy.ts) for every request that is not a plain read, then
 * for each request that changes records the record as it was (updates and deletes), the request, and one journal
 * line (journal.ts) with its outcome. Made by the base command for every command that sends a change: a command,
 * `apply`, `undo`, a plugin's command, `cli api`, a runner.
 */
import {CliError} from '../errors.js'
import {warningLabel} from '../output/color.js'
import {writeErr} from '../output/write.js'
import type {Json, RequestSpec} from '../plan/request.js'
import type {ChangeContext} from './change.js'
import type {ChangeHooks, JsonObject, Sent} from './hooks.js'
import {appendEntry, type JournalEntry, newEntryId, type Outcome, redacted} from './journal.js'
import {enforcePolicy} from './policy.js'
import {amountOf, policyInput} from './policy-input.js'

/** The records of an answer: one record, or a bulk action's list. */
function answerRecords(res: {body: Buffer}): JsonObject[] {
  try {
    const data = (JSON.parse(res.body.toString('utf8')) as {data?: unknown}).data
    const list = Array.isArray(data) ? data : [data]
    return list.filter((r): r is JsonObject => r !== null && typeof r === 'object' && !Array.isArray(r))
  } catch {
    return []
  }
}

/** An update or delete of one record: its path is the record's own, which a GET reads. */
function readsBefore(request: RequestSpec): boolean {
  const ids = request.record?.ids ?? []
  return (
    (request.method === 'PUT' || request.method === 'DELETE') &&
    ids.length === 1 &&
    request.path.endsWith(`/${encodeURIComponent(ids[0])}`)
  )
}

/** The GET of the record an update or a delete names: its path, no query, no body. */
const recordRead = (r: RequestSpec): RequestSpec => ({
  method: 'GET',
  path: r.path,
  query: [],
  changes: false,
  ...(r.password ? {password: true} : {}),
  ...(r.record ? {record: r.record} : {}),
})

function outcomeOf(sent: Sent): Outcome {
  if ('res' in sent) return {status: sent.res.status, ok: sent.res.status >= 200 && sent.res.status < 300}
  const status = sent.error instanceof CliError ? sent.error.status : undefined
  return status === undefined ? {ok: false, note: 'may have taken effect'} : {status, ok: false}
}

export interface ChangeRunOptions {
  context: ChangeContext
  secrets: () => {token?: string; password?: string}
  /** Records already read, by path (apply's stale check): not read again. */
  before?: ReadonlyMap<string, JsonObject>
  env?: NodeJS.ProcessEnv
}

export function changeRun(opts: ChangeRunOptions): ChangeHooks {
  const ctx = opts.context
  return {
    async check(requests, read) {
      await enforcePolicy(policyInput(ctx, requests, false), read, requests)
    },
    async sending(request, read, known) {
      const id = request.record?.ids[0]
      let before = known ?? opts.before?.get(request.path.split('?')[0])
      if (!before && readsBefore(request)) before = await read(recordRead(request))
      return async (sent) => {
        const records = 'res' in sent ? answerRecords(sent.res) : []
        const ids = request.record?.ids.length ? request.record.ids : records.map((r) => String(r.id ?? ''))
        const numbers = [...records, ...(before ? [before] : [])]
          .map((r) => r.number)
          .filter((n): n is string => typeof n === 'string' && n !== '')
        const after = Object.fromEntries(
          records.filter((r) => typeof r.id === 'string').map((r) => [r.id as string, (r.updated_at ?? null) as Json]),
        )
        const entry: JournalEntry = {
          id: await newEntryId(),
          time: new Date().toISOString(),
          profile: ctx.profile,
          host: new URL(ctx.baseUrl).host,
          source: ctx.source,
          family: request.record?.family ?? ctx.family,
          verb: ctx.verb,
          method: request.method,
          path: request.path,
          query: request.query,
          ...(request.body === undefined ? {} : {body: redacted(request.body)}),
          ids,
          numbers: [...new Set(numbers)],
          ...(amountOf([request]) === undefined ? {} : {amount: amountOf([request])}),
          outcome: outcomeOf(sent),
          ...(ctx.planSha256 ? {plan_sha256: ctx.planSha256} : {}),
          ...(before && id ? {before: {[id]: redacted(before) as JsonObject}} : {}),
          ...(Object.keys(after).length > 0 ? {after} : {}),
          ...(ctx.undoes ? {undoes: ctx.undoes} : {}),
        }
        try {
          await appendEntry(entry, opts.secrets(), opts.env)
        } catch (error) {
          // The change went: its outcome is what the command reports. The missing line is said, not hidden.
          writeErr(
            `${warningLabel()} the change was not written to the journal (${(error as Error).message}): ` +
              'cli history and cli undo will not know it',
          )
        }
      }
    },
  }
}
