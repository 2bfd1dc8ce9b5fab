/**
 * The policy stage's answer: a change as the pipeline describes it, put to the profile's policy (evaluate.ts); a
 * refusal is exit 3 (the guardrail's code) naming the rule, thrown before anything is saved or sent.
 */
import {CliError, ExitCode} from '../errors.js'
import {changeAmount, movesMoney} from './amounts.js'
import {type PolicyChange, policyRefusal, rawAction} from './evaluate.js'
import type {Policy} from './policy.js'
import {FAMILIES} from '../registry/registry.js'

/** What the pipeline tells the policy stage of a change (pipeline/policy.ts's PolicyInput, with the policy). */
export interface PipelineChange {
  profile: string
  source: PolicyChange['source']
  /** The family word, or the command's first word (`api`, `reconcile`) where the command is not a family's. */
  family: string
  verb: string
  requests: ReadonlyArray<{method: string; path: string; body?: unknown}>
  amount?: number
  saving: boolean
  /** The change is a saved plan being applied (its SHA-256 known). */
  fromPlan?: boolean
}

/**
 * The roads named by what each request does, not by the command's words: `cli api` and the runners (any route),
 * and undo (its compensating requests: undoing a create is a delete).
 */
const RAW_SOURCES = new Set<PolicyChange['source']>(['api', 'runner', 'undo'])
const FAMILY_WORDS = new Set(FAMILIES.map((f) => f.word))

const bodyAction = (body: unknown): string | undefined => {
  const action = (body as {action?: unknown} | undefined)?.action
  return typeof action === 'string' ? action : undefined
}

/**
 * The change as the evaluator reads it: a family's command by its family and verb (and the action it carries);
 * any other road one change per request, each named by its path and method (POST /api/v1/invoices: invoices:create).
 */
export function policyChanges(change: PipelineChange): PolicyChange[] {
  const base = {
    profile: change.profile,
    source: change.source,
    stage: change.saving ? ('save' as const) : ('send' as const),
    fromPlan: change.fromPlan,
  }
  // Those roads, and any command that is not a family's (a plugin's, reconcile): by what each request does.
  if (RAW_SOURCES.has(change.source) || !FAMILY_WORDS.has(change.family))
    return change.requests.map((r) => {
      const {family, verb} = rawAction(r)
      return {...base, family, verb, action: bodyAction(r.body), requests: [r], amount: change.amount}
    })
  const first = change.requests[0]
  const action =
    change.verb === 'bulk' || change.verb === 'action'
      ? (bodyAction(first?.body) ?? (first && change.verb === 'action' ? rawAction(first).verb : undefined))
      : undefined
  return [{...base, family: change.family, verb: change.verb, action, requests: change.requests, amount: change.amount}]
}

/** Throws the refusal of the first request the policy refuses (exit 3); returns when every one may go. */
export function enforceProfilePolicy(policy: Policy, change: PipelineChange): void {
  for (const c of policyChanges(change)) {
    const refusal = policyRefusal(policy, c)
    if (refusal) throw new CliError(refusal.message, ExitCode.guardrail)
  }
}

/** Whether max_amount needs the balance of the records the change pays: it moves money and no body says how much. */
export function needsTargetBalance(policy: Policy, change: PipelineChange): boolean {
  if (policy.max_amount === undefined || policy.read_only) return false
  return policyChanges(change).some(
    (c) => changeAmount(c.requests) === undefined && movesMoney([c.verb ?? '', c.action ?? '']),
  )
}
