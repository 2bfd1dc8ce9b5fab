/**
 * The one check of a change against its profile's policy: pure, so every road (a command, apply, undo, the MCP
 * server, `cli api`, a runner, a plugin's command) reaches the same answer. A refusal names its rule; the caller
 * throws it (exit 3) before anything is saved or sent.
 */
import {changeAmount, movesMoney} from './amounts.js'
import {patternMatches} from './patterns.js'
import type {Policy, Rule} from './policy.js'

/** What the check needs to know of a change. */
export interface PolicyChange {
  profile: string
  /** Where the change started. */
  source: 'cli' | 'apply' | 'undo' | 'mcp' | 'api' | 'runner' | 'plugin'
  /** `invoices`, and `create` (a command's verb or operation); for `cli api` and the runners, read from the path. */
  family?: string
  verb?: string
  /** The bulk action or action it carries (`archive`, `mark_paid`): patterns may name it too. */
  action?: string
  requests: ReadonlyArray<{method: string; path: string; body?: unknown}>
  /** The amount it moves, when the caller knows it (a target's balance): else read from the requests' bodies. */
  amount?: number
  /** `save`: written to a plan file, nothing sent (require_plan lets that through); `send` (the default). */
  stage?: 'save' | 'send'
  /** Sent from a saved plan (`cli apply`, the MCP server's apply): what require_plan asks for. */
  fromPlan?: boolean
}

export interface Refusal {
  rule: Rule
  message: string
}

/** `family:verb` (and `family:action`) names of the change, from the caller or its first request's path. */
export function changeNames(change: PolicyChange): {family: string; verbs: string[]} {
  const raw = rawAction(change.requests[0])
  const family = change.family ?? raw.family
  const verbs = [change.verb ?? raw.verb, change.action].filter((v): v is string => Boolean(v))
  return {family, verbs: [...new Set(verbs)]}
}

/** A raw request as family and verb: POST /api/v1/invoices is invoices:create, PUT …/invoices/ID invoices:update. */
export function rawAction(request: {method: string; path: string} | undefined): {family: string; verb: string} {
  const parts = (request?.path ?? '')
    .split('?')[0]
    .replace(/^\/?api\/v1\/?/, '')
    .split('/')
    .filter(Boolean)
  const family = (parts[0] ?? '').replaceAll('_', '-')
  const method = (request?.method ?? 'POST').toUpperCase()
  if (parts[1] === 'bulk') return {family, verb: 'bulk'}
  if (parts.length >= 3) return {family, verb: parts[2]}
  if (parts.length === 2 && method === 'DELETE') return {family, verb: 'delete'}
  if (parts.length === 2 && (method === 'PUT' || method === 'PATCH')) return {family, verb: 'update'}
  if (parts.length === 1 && method === 'POST') return {family, verb: 'create'}
  // POST /payments/refund, /bank_transactions/match: the operation's name.
  if (parts.length === 2 && method === 'POST') return {family, verb: parts[1]}
  return {family, verb: method.toLowerCase()}
}

const who = (c: PolicyChange): string => `the policy of profile "${c.profile}"`

/** The first rule of the policy that refuses the change, or undefined when it may go. */
export function policyRefusal(policy: Policy, change: PolicyChange): Refusal | undefined {
  const {family, verbs} = changeNames(change)
  const named = `${family}:${verbs[0] ?? 'change'}`
  const nothing = change.stage === 'save' ? 'nothing was saved' : 'nothing was sent'
  const refuse = (rule: Rule, why: string): Refusal => ({
    rule,
    message: `${who(change)} refuses ${named} (rule ${rule}): ${why}; ${nothing}`,
  })
  if (policy.read_only) return refuse('read_only', 'the profile is read-only')
  if (change.source === 'mcp' && change.stage !== 'save' && policy.agent_apply === false)
    return refuse('agent_apply', 'the MCP server may plan changes for this profile, not apply them')
  const denied = policy.deny?.find((p) => verbs.some((v) => patternMatches(p, family, v)))
  if (denied) return refuse('deny', `it is denied by ${denied}`)
  if (policy.allow && !policy.allow.some((p) => verbs.some((v) => patternMatches(p, family, v))))
    return refuse('allow', `only ${policy.allow.join(', ') || '(nothing)'} may be changed`)
  if (policy.max_amount !== undefined) {
    const amount = change.amount ?? changeAmount(change.requests)
    if (amount === undefined && movesMoney(verbs))
      return refuse(
        'max_amount',
        `the amount it moves is not known, and the profile allows at most ${policy.max_amount}`,
      )
    if (amount !== undefined && amount > policy.max_amount)
      return refuse(
        'max_amount',
        `it moves ${Math.round(amount * 100) / 100}, more than the ${policy.max_amount} the profile allows`,
      )
  }
  if (policy.require_plan && change.stage !== 'save' && !change.fromPlan && change.source !== 'apply')
    return refuse(
      'require_plan',
      'changes go only through "cli apply" of a saved plan: save one with --save-plan FILE, then apply it',
    )
  return undefined
}
