/**
 * Runs a poll plan (a result the server makes in the background): the start request, then its poll until it
 * answers, waiting longer between checks, past a 429 with the upstream's wait, up to the plan's deadline.
 */
import {setTimeout as sleep} from 'node:timers/promises'

import {CliError, ExitCode} from '../errors.js'
import {type HttpResponse, isSuccess, parseJsonBody} from '../http/client.js'
import {seconds} from '../http/retry.js'
import {answerError} from '../http/upstream-error.js'
import {stderrProgress} from '../output/progress.js'
import {writeErr} from '../output/write.js'
import type {PollPlan, SendPlan} from '../plan/plans.js'
import type {RequestSpec} from '../plan/request.js'

/** What the poll needs of the executor and the printer. */
export interface PollIO {
  /** The start request, as the executor sends any (the pipeline, an error for an answer that is not a success). */
  send(request: RequestSpec): Promise<HttpResponse>
  /** A check: the answer whatever its status (a pending one is not an error). */
  check(request: RequestSpec): Promise<HttpResponse>
  answer(res: HttpResponse, plan: SendPlan): Promise<unknown>
}

export async function runPoll(plan: PollPlan, io: PollIO): Promise<unknown> {
  const poll = plan.poll(parseJsonBody(await io.send(plan.start)))
  const deadline = Date.now() + plan.timeoutMs
  let delay = plan.intervalMs
  const progress = stderrProgress()
  try {
    for (;;) {
      const res = await io.check(poll)
      if (isSuccess(res.status)) {
        progress.done()
        return await io.answer(res, {kind: 'send', request: poll, expect: plan.expect})
      }
      if (res.status !== plan.pending && res.status !== 429) throw answerError(res, poll)
      if (res.status === 429) {
        progress.done()
        writeErr(`rate limited by the upstream: waiting ${seconds(plan.rateLimitedMs)} before polling again`)
        delay = Math.max(delay, plan.rateLimitedMs)
      }
      if (Date.now() + delay > deadline) throw new CliError(plan.expired(poll), ExitCode.upstream)
      progress.update(`waiting for the result… next check in ${Math.round(delay / 1000)}s`)
      await sleep(delay)
      delay = Math.min(delay * 1.5, plan.maxIntervalMs)
    }
  } finally {
    progress.done()
  }
}
