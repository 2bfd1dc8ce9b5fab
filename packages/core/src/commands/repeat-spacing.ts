/**
 * Spaces the changes the server would refuse as repeats (plan/repeat-guard.ts): an alike request goes no sooner than
 * REPEAT_GUARD_MS after the previous one's answer. The marks are the process's own, so the batches of one bulk, the
 * requests of `apply` and `undo`, and the calls of one MCP server are spaced alike; another process is not seen (its
 * refusal says to run the command again).
 */
import {REPEAT_GUARD_MS, repeatKey} from '../plan/repeat-guard.js'
import type {RequestSpec} from '../plan/request.js'

/** When each key's last request was answered (or failed), in ms since the epoch. */
const answered = new Map<string, number>()

/** Sends `request` through `send`, first waiting out the server's guard where an alike request went just before. */
export async function spaced<T>(request: RequestSpec, send: () => Promise<T>): Promise<T> {
  const key = repeatKey(request)
  if (key === undefined) return send()
  const wait = (answered.get(key) ?? Number.NEGATIVE_INFINITY) + REPEAT_GUARD_MS - Date.now()
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  try {
    return await send()
  } finally {
    answered.set(key, Date.now())
  }
}
