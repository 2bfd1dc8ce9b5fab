/**
 * A profile's policy: the changes it may make, saved in the profile (`cli profile policy NAME ...`). A local
 * guardrail, checked before any change is saved or sent (evaluate.ts); the hard limit is a server token of a user
 * with only view permissions. A policy the file holds but this version cannot read is an error, never ignored.
 */
import {CliError, ExitCode} from '../errors.js'
import {parsePattern} from './patterns.js'

export interface Policy {
  /** No change at all, by any road. */
  read_only?: boolean
  /** Only changes one of these `family:verb` patterns names (absent: any). */
  allow?: string[]
  /** No change any of these patterns names. */
  deny?: string[]
  /** The largest amount one change may move. */
  max_amount?: number
  /** Changes only through `cli apply` of a saved plan. */
  require_plan?: boolean
  /** false: the MCP server may plan changes but not apply them. */
  agent_apply?: boolean
}

/** The rules, by the names refusals and `--show` print. */
export const RULES = ['read_only', 'allow', 'deny', 'max_amount', 'require_plan', 'agent_apply'] as const
export type Rule = (typeof RULES)[number]

const invalid = (profile: string, why: string): CliError =>
  new CliError(
    `the policy of profile "${profile}" in the config file is not valid (${why}): set it again with ` +
      `"cli profile policy ${profile} ..." or remove it with "cli profile policy ${profile} --clear"`,
    ExitCode.usage,
  )

/** The saved policy of a profile, checked (exit 2 when the file holds one this version cannot read). */
export function readPolicy(profile: string, raw: unknown): Policy {
  if (raw === undefined || raw === null) return {}
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalid(profile, 'not an object')
  const saved = raw as Record<string, unknown>
  const unknown = Object.keys(saved).filter((k) => !(RULES as readonly string[]).includes(k))
  if (unknown.length > 0) throw invalid(profile, `unknown rule ${unknown[0]}`)
  for (const flag of ['read_only', 'require_plan', 'agent_apply'] as const)
    if (saved[flag] !== undefined && typeof saved[flag] !== 'boolean') throw invalid(profile, `${flag} not true/false`)
  const max = saved.max_amount
  if (max !== undefined && !(typeof max === 'number' && Number.isFinite(max) && max >= 0))
    throw invalid(profile, 'max_amount not a number of 0 or more')
  for (const list of ['allow', 'deny'] as const) {
    const patterns = saved[list]
    if (patterns === undefined) continue
    if (!Array.isArray(patterns) || !patterns.every((p) => typeof p === 'string'))
      throw invalid(profile, `${list} not a list of family:verb patterns`)
    try {
      patterns.forEach((p) => parsePattern(p))
    } catch (error) {
      throw invalid(profile, (error as Error).message)
    }
  }
  return saved as Policy
}

/** Whether a policy sets anything. */
export const isEmptyPolicy = (p: Policy): boolean =>
  RULES.every((r) => p[r] === undefined || (r === 'agent_apply' && p[r] === true))

/** The policy as people read it, one rule a line (`--show`, `auth status`). */
export function describePolicy(p: Policy): string[] {
  if (isEmptyPolicy(p)) return ['none: any change the token allows (no local guardrail)']
  const lines: string[] = []
  if (p.read_only) lines.push('read_only: no change by any road')
  if (p.allow) lines.push(`allow: only ${p.allow.join(', ') || '(nothing)'}`)
  if (p.deny?.length) lines.push(`deny: ${p.deny.join(', ')}`)
  if (p.max_amount !== undefined) lines.push(`max_amount: ${p.max_amount} at most a change`)
  if (p.require_plan) lines.push('require_plan: changes only through "cli apply" of a saved plan')
  if (p.agent_apply === false) lines.push('agent_apply: false (the MCP server may plan, not apply)')
  return lines
}

/**
 * Whether the MCP server may apply changes for a profile with this policy: not when the profile is read-only or
 * its policy says `agent_apply: false`. (It may still plan them; other rules are checked change by change.)
 */
export const agentMayApply = (p: Policy): boolean => !p.read_only && p.agent_apply !== false

/**
 * For the MCP server: whether the saved profile's policy lets it apply changes (read_only and agent_apply: false
 * do not). A policy the file holds but this version cannot read is exit 2, as everywhere.
 */
export const mcpMayApply = (profile: string, saved: {policy?: unknown} | undefined): boolean =>
  agentMayApply(readPolicy(profile, saved?.policy))
