/**
 * Runs a series plan (the month-end commands' changes): each request once, in order; the first failure stops the
 * rest, and its error says what was and was not sent.
 */
import {CliError, ExitCode} from '../errors.js'
import {type HttpResponse, parseJsonBody} from '../http/client.js'
import type {LocalPlan, SeriesPlan} from '../plan/plans.js'
import type {RequestSpec} from '../plan/request.js'
import {toCliError} from './error-report.js'

/** What the series needs of the executor and the printer. */
export interface SeriesIO {
  send(request: RequestSpec): Promise<HttpResponse>
  local(plan: LocalPlan): Promise<unknown>
}

export async function runSeries(plan: SeriesPlan, io: SeriesIO): Promise<unknown> {
  const answers: unknown[] = []
  for (const [i, request] of plan.requests.entries()) {
    try {
      answers.push(parseJsonBody(await io.send(request), request))
    } catch (error) {
      const e = toCliError(error as Error)
      const list = (from: number, to: number) =>
        Array.from({length: to - from}, (_, k) => plan.label(from + k)).join('; ') || 'none'
      throw new CliError(`${plan.label(i)}: ${e.message}`, e.exitCode, {
        details: [...e.details, `sent before it: ${list(0, i)}`, `not sent: ${list(i + 1, plan.requests.length)}`],
        status: e.status,
        upstreamErrors: e.upstreamErrors,
        upstreamMessage: e.upstreamMessage,
        cause: e.cause,
      })
    }
  }
  const {result, text, failure} = plan.done(answers)
  await io.local({kind: 'local', result, text, columns: plan.columns})
  if (failure) throw new CliError(failure, ExitCode.upstream)
  return result
}
