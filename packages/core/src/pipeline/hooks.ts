/**
 * Where the executor meets the change pipeline (types only, so the executor does not load it): before the requests
 * of a change go, the policy; around each request that changes records, the journal.
 */
import type {HttpResponse} from '../http/body.js'
import type {Json, RequestSpec} from '../plan/request.js'

export type JsonObject = {[key: string]: Json}

/** How a request ended: its answer, or the error it failed with (no status: it may have taken effect). */
export type Sent = {res: HttpResponse} | {error: unknown}

export interface ChangeHooks {
  /** The policy, for requests about to go (a refusal throws, exit 3). */
  check(requests: readonly RequestSpec[]): void
  /**
   * Right before a request that changes records is sent: reads what the journal keeps of the record (an update's or a
   * delete's record as it is, unless `known`), and returns what records the outcome.
   */
  sending(
    request: RequestSpec,
    read: (request: RequestSpec) => Promise<JsonObject>,
    known?: JsonObject,
  ): Promise<(sent: Sent) => Promise<void>>
}
