/**
 * The policy stage: every change is put to it before anything is saved (--save-plan) or sent, whatever started it (a
 * command, apply, undo, a plugin's command, `cli api`, a runner's non-GET request, the MCP server). A refusal throws a
 * CliError with exit 3 (ExitCode.guardrail), and nothing is saved or sent. A dry run sends nothing and is not asked.
 */
import type {ChangeSource} from './change.js'

/** One request of the change, as it will be sent. */
export interface PolicyRequest {
  method: string
  path: string
  query: Array<[string, string]>
  body?: unknown
}

/** What the policy is asked about: who, where, what, and the exact requests. */
export interface PolicyInput {
  /** The profile whose token sends it (`default` when none is saved). */
  profile: string
  /** The server root the requests go to. */
  baseUrl: string
  source: ChangeSource
  /** The family word (`invoices`), or the command's first word (`api`, `reconcile`). */
  family: string
  /** The verb (`update`, `bulk`, `action`), or the rest of the command's words. */
  verb: string
  requests: PolicyRequest[]
  /** The money the change moves, where a body says it (a payment's or a refund's `amount`). */
  amount?: number
  /** The change is being saved as a plan (--save-plan), not sent. */
  saving: boolean
}

/** Allows every change: issue 35 fills in the rules. */
export function enforcePolicy(_change: PolicyInput): void {}
