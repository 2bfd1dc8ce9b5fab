/**
 * A plan sent for real: the executor runs it; when the server refused the request (so nothing changed), the command
 * may know a better plan (`replan`: a record id that turned out to be a number), run once; then the summary line.
 */
import type {HttpClient} from '../http/client.js'
import type {Printer, Secrets} from '../output/printer.js'
import type {RemotePlan} from '../plan/plans.js'
import {Executor} from './executor.js'
import {sayWhatHappened} from './said.js'
import type {ChangeHooks} from '../pipeline/hooks.js'

export interface RemoteRun {
  client: HttpClient
  out: Printer
  secrets: () => Secrets
  replan: (error: unknown) => Promise<RemotePlan | undefined>
  quiet: boolean
  /** The change pipeline (policy, journal), loaded when a request that is not a plain read is about to go. */
  pipeline?: () => Promise<ChangeHooks>
}

export async function runRemote(plan: RemotePlan, run: RemoteRun): Promise<unknown> {
  const executor = new Executor(run.client, run.out, run.secrets, run.pipeline)
  let ran = plan
  const result = await executor.run(plan).catch(async (error: unknown) => {
    const again = await run.replan(error)
    if (!again) throw error
    ran = again
    return executor.run(again)
  })
  const didNothing = await sayWhatHappened(ran, executor, run.secrets(), run.quiet)
  if (executor.unfinished) throw executor.unfinished
  if (didNothing) throw didNothing
  return result
}
