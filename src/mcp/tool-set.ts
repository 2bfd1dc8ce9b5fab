/**
 * The MCP server's tools as data: each tool's name, the toolset it belongs to, what it says of itself and its
 * annotations (part of the contract: read tools, plan_change and undo_plan are read-only; apply_plan is destructive),
 * and which of them a server offers once --toolsets, --families, --read-only and the profile's policy have narrowed
 * the set. No SDK here: `cli mcp tools` prints these without loading it.
 */
import {FAMILIES, nearest, shown, usageError} from '@invoicing-cli/core/internal'

export const TOOLSETS = ['read', 'plan', 'apply', 'month-end'] as const
export type Toolset = (typeof TOOLSETS)[number]

/** The verbs plan_change plans: those the change pipeline saves (upload needs a local file: not an agent's). */
export const CHANGE_VERBS = ['create', 'update', 'delete', 'action', 'bulk'] as const

export const TOOL_NAMES = [
  'describe',
  'list_records',
  'show_record',
  'history',
  'reconcile_preview',
  'failed_emails',
  'plan_change',
  'apply_plan',
  'undo_plan',
] as const
export type ToolName = (typeof TOOL_NAMES)[number]

/** MCP's tool annotations (hints to the client: what the tool may do). */
export interface ToolAnnotations {
  title: string
  readOnlyHint: boolean
  destructiveHint?: boolean
  idempotentHint?: boolean
  openWorldHint?: boolean
}

export interface ToolInfo {
  name: ToolName
  toolset: Toolset
  description: string
  annotations: ToolAnnotations
}

const read = (title: string): ToolAnnotations => ({title, readOnlyHint: true, openWorldHint: true})

const INFO: Record<ToolName, Omit<ToolInfo, 'name'>> = {
  describe: {
    toolset: 'read',
    description:
      'What this server can reach: without a family, the families with their verbs; with one, its verbs, ' +
      'actions, list filters (with their values), the fields create and update take (with their types), the ' +
      'fields a create needs, and how records are found by number or name. Sends nothing.',
    annotations: {title: 'Describe families', readOnlyHint: true, openWorldHint: false},
  },
  list_records: {
    toolset: 'read',
    description:
      "Lists a family's records (the server's JSON, unchanged): one page of 20 unless per_page, page or limit say " +
      'otherwise. Lists include archived and deleted records unless status narrows them. Filters are the ' +
      "server's own (describe lists each family's); an unknown filter or value is refused.",
    annotations: read('List records'),
  },
  show_record: {
    toolset: 'read',
    description:
      'One record by its id, or by what people know of it: its number (invoice 0001), a client or vendor name, ' +
      'number or contact e-mail, a product key. A key naming no record, or several, is an error naming them.',
    annotations: read('Show a record'),
  },
  history: {
    toolset: 'read',
    description:
      'The journal of changes sent with this profile (by a person, `cli apply`, or this server), newest last.',
    annotations: {title: 'Change history', readOnlyHint: true, openWorldHint: false},
  },
  reconcile_preview: {
    toolset: 'month-end',
    description:
      "The bank's unmatched deposits against the open invoices, each with the invoices it pays: certain, " +
      'ambiguous or none (as `cli reconcile` without --yes). Changes nothing.',
    annotations: read('Reconcile preview'),
  },
  failed_emails: {
    toolset: 'month-end',
    description:
      'The e-mails that bounced, drew a spam complaint or failed, newest first, with the record and client each ' +
      'was about (as `cli emails failed`). Changes nothing.',
    annotations: read('Failed e-mails'),
  },
  plan_change: {
    toolset: 'plan',
    description:
      'Plans a change and sends nothing: the exact requests, a one-line summary, the policy verdict and a plan_id. ' +
      'Show the plan to the person; apply_plan sends it (or they run `cli apply FILE --yes`).',
    annotations: {title: 'Plan a change', readOnlyHint: true, openWorldHint: true},
  },
  apply_plan: {
    toolset: 'apply',
    description:
      'Sends a plan made by plan_change or undo_plan, once, after checking that none of its records changed since ' +
      '(a stale plan is refused, nothing sent) and that the profile policy allows it. Journaled.',
    annotations: {title: 'Apply a plan', readOnlyHint: false, destructiveHint: true, openWorldHint: true},
  },
  undo_plan: {
    toolset: 'plan',
    description: 'Plans the change that undoes a journal entry (from history) and sends nothing: apply_plan sends it.',
    annotations: {title: 'Plan an undo', readOnlyHint: true, openWorldHint: true},
  },
}

export const toolInfo = (name: ToolName): ToolInfo => ({name, ...INFO[name]})

/** What narrows the tool set: the flags of `cli mcp serve` and `cli mcp tools`, and the profile's policy. */
export interface Selection {
  toolsets: readonly Toolset[]
  /** The families tools may name (every family when not narrowed). */
  families: readonly string[]
  /** --read-only, a read_only policy, or agent_apply: false: no apply_plan. */
  noApply: boolean
}

/** The tools a server with this selection offers, in the contract's order. */
export const selectedTools = (s: Selection): ToolInfo[] =>
  TOOL_NAMES.map(toolInfo).filter((t) => s.toolsets.includes(t.toolset) && !(s.noApply && t.name === 'apply_plan'))

/** A comma-separated flag value's items, each one of `known` (else exit 2 naming the nearest). */
function listOf<T extends string>(flag: string, value: string, known: readonly T[]): T[] {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (items.length === 0) throw usageError(`--${flag} needs at least one of ${known.join(', ')}`)
  for (const item of items) {
    if ((known as readonly string[]).includes(item)) continue
    const near = nearest(item, known)
    throw usageError(
      `--${flag} ${shown(item)} is not one of ${known.length > 8 ? `the ${flag}` : known.join(', ')}` +
        (near ? `: did you mean ${near}?` : ''),
    )
  }
  return [...new Set(items)] as T[]
}

/** --toolsets and --families as the flags give them (every toolset and family when absent). */
export function narrowing(flags: {toolsets?: string; families?: string}): {toolsets: Toolset[]; families: string[]} {
  const words = FAMILIES.map((f) => f.word)
  return {
    toolsets: flags.toolsets === undefined ? [...TOOLSETS] : listOf('toolsets', flags.toolsets, TOOLSETS),
    families: flags.families === undefined ? words : listOf('families', flags.families, words),
  }
}
