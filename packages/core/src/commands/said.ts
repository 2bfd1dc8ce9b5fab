/** The one place the summary line of a change is said (plan/summary.ts builds it): on stderr, unless --quiet. */
import {scrubSecrets} from '../http/headers.js'
import {writeErr} from '../output/write.js'
import type {RemotePlan} from '../plan/plans.js'
import {followRequest, summaryLine} from '../plan/summary.js'
import type {Executor} from './executor.js'
import type {Secrets} from '../output/printer.js'

export async function sayWhatHappened(plan: RemotePlan, executor: Executor, secrets: Secrets): Promise<void> {
  const summary = 'summary' in plan ? plan.summary : undefined
  if (!summary || executor.answers.length === 0) return
  const read = followRequest(summary, executor.answers)
  // The change is done: a read that fails only leaves the line shorter.
  const extra = read ? await executor.readRecord(read).catch(() => undefined) : undefined
  const line = summaryLine(summary, executor.answers, extra)
  if (line) writeErr(scrubSecrets(line, secrets))
}
