/** What the policy is told of a request (policy.ts): its method, path, query and body; and the money a change moves. */
import type {RequestSpec} from '../plan/request.js'
import type {ChangeContext} from './change.js'
import type {PolicyInput, PolicyRequest} from './policy.js'

export const policyRequest = (r: Pick<RequestSpec, 'method' | 'path' | 'query' | 'body'>): PolicyRequest => ({
  method: r.method,
  path: r.path,
  query: r.query,
  ...(r.body === undefined ? {} : {body: r.body}),
})

/** The `amount` the bodies name (a payment, a refund), summed; none when no body names one. */
export function amountOf(requests: readonly Pick<RequestSpec, 'body'>[]): number | undefined {
  let total: number | undefined
  for (const {body} of requests) {
    const amount = body !== null && typeof body === 'object' && !Array.isArray(body) ? body.amount : undefined
    const n = typeof amount === 'number' ? amount : typeof amount === 'string' ? Number(amount) : Number.NaN
    if (Number.isFinite(n)) total = (total ?? 0) + n
  }
  return total
}

type Asked = Pick<RequestSpec, 'method' | 'path' | 'query' | 'body'>

/** What the policy is asked about a change in this context: its requests, about to be sent or saved. */
export const policyInput = (ctx: ChangeContext, requests: readonly Asked[], saving: boolean): PolicyInput => ({
  profile: ctx.profile,
  baseUrl: ctx.baseUrl,
  source: ctx.source,
  family: ctx.family,
  verb: ctx.verb,
  requests: requests.map(policyRequest),
  amount: amountOf(requests),
  saving,
  fromPlan: Boolean(ctx.planSha256),
  policy: ctx.policy,
})
