/** The flags both `cli mcp serve` and `cli mcp tools` take to narrow the tool set, and the selection they make. */
import {Flags} from '@oclif/core'
import {flags} from '@invoicing-cli/core/internal'

import {narrowing, type Selection, TOOLSETS} from '../../mcp/tool-set.js'

export const selectionFlags = {
  'read-only': Flags.boolean({summary: 'Leave apply_plan out: agents may read and plan, a person applies.'}),
  toolsets: Flags.string({
    summary: `Only these toolsets, comma-separated: ${TOOLSETS.join(', ')} (default: all).`,
  }),
  families: Flags.string({summary: 'Only these families, comma-separated (invoices,clients; default: all).'}),
}

/** The shared flags the MCP commands honour: which profile and server, and how requests are sent. */
export const mcpBaseFlags = {
  profile: flags.baseFlags.profile,
  'base-url': flags.baseFlags['base-url'],
  debug: flags.baseFlags.debug,
  timeout: flags.baseFlags.timeout,
  retries: flags.baseFlags.retries,
  insecure: flags.baseFlags.insecure,
}

/**
 * The selection the flags make, for a profile whose policy may or may not let the server apply (read_only and
 * agent_apply: false do not: core policy/policy.ts, mcpMayApply).
 */
export function selectionOf(f: Record<string, unknown>, policyLetsApply: boolean): Selection {
  return {
    ...narrowing({toolsets: f.toolsets as string | undefined, families: f.families as string | undefined}),
    noApply: Boolean(f['read-only']) || !policyLetsApply,
  }
}

/** The flags each command the server runs gets, as `cli mcp serve` was given them (the token is never a flag). */
export function passedFlags(f: Record<string, unknown>): string[] {
  return ['profile', 'base-url', 'timeout', 'retries', 'insecure'].flatMap((name) =>
    f[name] === undefined || f[name] === false ? [] : f[name] === true ? [`--${name}`] : [`--${name}=${f[name]}`],
  )
}
