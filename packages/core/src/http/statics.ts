/**
 * GET /statics (answered without a data wrapper), read once per client: the currency cache (output/statics-cache.ts)
 * and the period pack's payment methods share one read in a run that needs both.
 */
import type {HttpClient} from './client.js'
import {isSuccess, parseJsonBody} from './client.js'
import {answerError} from './upstream-error.js'
import {apiPath, type RequestSpec} from '../plan/request.js'

const STATICS: RequestSpec = {method: 'GET', path: apiPath('statics'), query: [], changes: false}

const reads = new WeakMap<HttpClient, Promise<unknown>>()

/** The statics' answer; a failed read is the upstream's error, for every caller of this client. */
export function readStatics(client: HttpClient): Promise<unknown> {
  let read = reads.get(client)
  if (!read) {
    read = (async () => {
      const res = await client.send(STATICS)
      if (!isSuccess(res.status)) throw answerError(res, STATICS)
      return parseJsonBody(res, STATICS)
    })()
    reads.set(client, read)
  }
  return read
}
