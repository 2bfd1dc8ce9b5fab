/** The one place the summary line of a change is said (plan/summary.ts builds it): on stderr, unless --quiet. */
import {scrubSecrets} from '../http/headers.js'
import {writeErr} from '../output/write.js'
import type {RemotePlan} from '../plan/plans.js'
import {followRequest, NOBODY_MAILED, summaryLine} from '../plan/summary.js'
import {CliError, ExitCode} from '../errors.js'
import type {Executor} from './executor.js'
import type {Secrets} from '../output/printer.js'

/**
 * Says the line (unless `quiet`), and returns the error of a change that did nothing: an e-mail that reached nobody
 * (exit 5; its read is made even with --quiet, so that a script learns it too).
 */
export async function sayWhatHappened(
  plan: RemotePlan,
  executor: Executor,
  secrets: Secrets,
  quiet = false,
): Promise<CliError | undefined> {
  const summary = 'summary' in plan ? plan.summary : undefined
  if (!summary || executor.answers.length === 0) return undefined
  if (quiet && summary.follow !== 'contacts') return undefined
  const read = followRequest(summary, executor.answers)
  // The change is done: a read that fails only leaves the line shorter.
  const extra = read ? await executor.readRecord(read).catch(() => undefined) : undefined
  const line = summaryLine(summary, executor.answers, extra)
  if (line && !quiet) writeErr(scrubSecrets(line, secrets))
  if (line?.endsWith(NOBODY_MAILED))
    return new CliError(
      'nobody was e-mailed: no contact it goes to has an e-mail address; give one of them an address (cli clients ' +
        'update, cli vendors update) and send it again',
      ExitCode.incomplete,
    )
  return undefined
}
