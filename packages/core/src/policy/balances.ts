/**
 * The amount a change moves by its targets' balances (an invoice marked paid is paid its balance), read from the
 * server when a policy's max_amount needs it and the requests do not say. Reads only: a GET of each record.
 */
import type {RecordRef, RequestSpec} from '../plan/request.js'
import {showRequest} from '../plan/routes.js'
import {FAMILIES} from '../registry/registry.js'

type Reader = (request: RequestSpec) => Promise<Record<string, unknown>>

/** The sum of the balances of the records the requests name; undefined when one has none (or none is named). */
export async function targetsBalance(
  requests: ReadonlyArray<{record?: RecordRef}>,
  read: Reader,
): Promise<number | undefined> {
  let total = 0
  let counted = 0
  for (const r of requests) {
    const f = FAMILIES.find((x) => x.word === r.record?.family)
    if (!f?.verbs.has('show')) continue
    for (const id of r.record?.ids ?? []) {
      const record = await read(showRequest(f, id))
      const balance = Number(record.balance)
      if (record.balance === undefined || record.balance === null || !Number.isFinite(balance)) return undefined
      total += Math.abs(balance)
      counted++
    }
  }
  return counted > 0 ? total : undefined
}
