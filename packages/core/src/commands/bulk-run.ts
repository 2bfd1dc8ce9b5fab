/**
 * Runs a bulk plan: the records by id, or those a list query selects; then the bulk requests, a batch at a time,
 * each sent once. One batch prints its answer as it came; several print their records as one list. The ids no
 * answer holds were not found upstream: named, and the exit is 5 once the rest is printed.
 */
import {CliError, ExitCode} from '../errors.js'
import {type HttpResponse, parseJsonBody} from '../http/client.js'
import type {ListSink} from '../output/list-sinks.js'
import {dataOf} from '../output/records.js'
import {writeErr} from '../output/write.js'
import {counted, missingIds, selectedIds, uniqueIds, type Selection} from '../plan/bulk.js'
import type {BulkPlan, SendPlan} from '../plan/plans.js'
import type {RequestSpec} from '../plan/request.js'

/** What the bulk run needs of the executor and the printer. */
interface BulkIO {
  select(selection: Selection): Promise<unknown[]>
  /** The policy, for every batch before the first goes. */
  check(requests: readonly RequestSpec[]): Promise<void>
  send(request: RequestSpec): Promise<HttpResponse>
  print(res: HttpResponse, plan: SendPlan): Promise<unknown>
  sink(): Promise<ListSink>
}

/** The records of an answer that is a list (a message such as "No Invoices Found" holds none). */
const listed = (answer: unknown): unknown[] => {
  const data = dataOf(answer)
  return Array.isArray(data) ? data : []
}

/** The ids no answer holds, as the one error line (exit 5: what was printed is right, but not everything asked). */
export function skippedError(
  plan: BulkPlan,
  ids: readonly string[],
  answers: readonly unknown[],
): CliError | undefined {
  if (!plan.checked) return undefined
  const missing = missingIds(ids, answers)
  if (missing.length === 0) return undefined
  const one = missing.length === 1
  return new CliError(
    `the server found no ${one ? plan.noun : plan.word} with the id${one ? '' : 's'} ${missing.join(', ')} and ` +
      `skipped ${one ? 'it' : 'them'} (${missing.length} of ${ids.length} ids); ` +
      `${missing.length === ids.length ? 'nothing was changed' : 'the others were acted on'}`,
    ExitCode.incomplete,
  )
}

/**
 * What a failed batch leaves behind, however it failed (an error status, a dropped connection, a 200 that is no
 * JSON): the batches answered and the records they acted on, the failed one (its records may or may not have been
 * acted on), and those never sent.
 */
export function batchesLine(plan: BulkPlan, answers: readonly unknown[], failed: number, total: number): string {
  const done = answers.reduce((n: number, a) => n + listed(a).length, 0)
  const answered =
    failed === 0
      ? 'no batch was answered'
      : `batch${failed > 1 ? `es 1-${failed}` : ' 1'} answered ` + `(${counted(done, plan.noun, plan.word)} acted on)`
  const rest = total - failed - 1
  const after =
    rest === 0
      ? ''
      : `; the ${rest === 1 ? 'batch' : `${rest} batches`} after it ${rest === 1 ? 'was' : 'were'} not sent`
  return (
    `bulk: ${total} batches: ${answered}; batch ${failed + 1} failed, its records may or may not have been ` +
    `acted on${after}`
  )
}

/** Runs the plan; returns the answers of the bulk requests, in order. */
export async function runBulk(plan: BulkPlan, io: BulkIO): Promise<{ids: string[]; answers: unknown[]}> {
  const ids = plan.ids ? uniqueIds(plan.ids) : selectedIds(await io.select(plan.selection!))
  // A selection that matched nothing changed nothing: no success (exit 5).
  if (ids.length === 0)
    throw new CliError(`no ${plan.word} match the filters: nothing was changed`, ExitCode.incomplete)
  const requests = plan.requests(ids)
  await io.check(requests)
  if (requests.length === 1) {
    const res = await io.send(requests[0])
    const answer = parseJsonBody(res, requests[0])
    await io.print(res, {kind: 'send', request: requests[0], expect: 'json'})
    return {ids, answers: [answer]}
  }
  const answers: unknown[] = []
  const sink = await io.sink()
  for (const [i, request] of requests.entries()) {
    try {
      const answer = parseJsonBody(await io.send(request), request)
      answers.push(answer)
      await sink.add(listed(answer))
    } catch (error) {
      writeErr(batchesLine(plan, answers, i, requests.length))
      throw error
    }
  }
  await sink.finish({})
  return {ids, answers}
}
