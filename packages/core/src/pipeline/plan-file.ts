/**
 * A saved plan (--save-plan FILE): the exact requests a change would send, for each target record the `updated_at`
 * read when planning, the profile and base URL, when, and a SHA-256 of the rest. `cli apply FILE --yes` sends it only
 * when none of that changed (stale-check.ts); an edited file is refused by its hash.
 */
import {readFile} from 'node:fs/promises'

import {CliError, ExitCode, shown, usageError} from '../errors.js'
import {sha256} from '../hashing.js'
import {writeFileAtomically} from '../output/output-file.js'
import type {Json, Method, RecordRef, RequestSpec} from '../plan/request.js'
import type {ChangeSource} from './change.js'

export const PLAN_FORMAT = 'invoicing-cli/plan@1'

/** One request as saved: what `apply` sends, as the command would have. */
export interface SavedRequest {
  method: Method
  path: string
  query: Array<[string, string]>
  body?: Json
  password?: boolean
  record?: RecordRef
  /** Sent once instead when the server answers one of `after` (no such route: nothing happened). */
  fallback?: {request: SavedRequest; after: number[]}
}

/** A record the plan changes, and its `updated_at` when the plan was made (null: the record has none). */
export interface PlanTarget {
  family: string
  id: string
  /** The read that checks it again: `GET path`. */
  path: string
  updated_at: Json
  /**
   * SHA-256 of the record as read: `updated_at` counts whole seconds, so an edit in the same second as the plan's read
   * shows only here. Absent in plans saved before it was kept.
   */
  sha256?: string
}

export interface SavedPlan {
  format: typeof PLAN_FORMAT
  created_at: string
  profile: string
  base_url: string
  source: ChangeSource
  family: string
  verb: string
  /** The command line that made it, as typed (its words, not the token: there is no token flag). */
  command: string
  requests: SavedRequest[]
  targets: PlanTarget[]
  /** SHA-256 of the JSON of every field above, in this order. */
  sha256: string
}

export type UnsealedPlan = Omit<SavedPlan, 'sha256'>

/** The hash of a plan's content: every field but the hash itself, as JSON (node:crypto loaded on first use). */
export async function planHash(plan: UnsealedPlan | SavedPlan): Promise<string> {
  const {sha256: _ignored, ...content} = plan as SavedPlan
  return (await sha256()).update(JSON.stringify(content)).digest('hex')
}

export async function sealPlan(plan: UnsealedPlan): Promise<SavedPlan> {
  return {...plan, sha256: await planHash(plan)}
}

/** A request as saved (multipart bodies are refused before: a file on disk may change before apply). */
export function savedRequest(
  spec: RequestSpec,
  fallback?: {request: RequestSpec; after: readonly number[]},
): SavedRequest {
  if (spec.multipart)
    throw usageError('--save-plan: an upload cannot be saved as a plan (the files may change before it is applied)')
  return {
    method: spec.method,
    path: spec.path,
    query: spec.query,
    ...(spec.body === undefined ? {} : {body: spec.body}),
    ...(spec.password ? {password: true} : {}),
    ...(spec.record ? {record: spec.record} : {}),
    ...(fallback ? {fallback: {request: savedRequest(fallback.request), after: [...fallback.after]}} : {}),
  }
}

/** The request to send again: every saved request changes records. */
export function requestSpec(saved: SavedRequest): RequestSpec {
  return {
    method: saved.method,
    path: saved.path,
    query: saved.query,
    ...(saved.body === undefined ? {} : {body: saved.body}),
    ...(saved.password ? {password: true} : {}),
    ...(saved.record ? {record: saved.record} : {}),
    changes: true,
  }
}

export async function writePlan(file: string, plan: SavedPlan): Promise<void> {
  // Written whole or not at all; `-` is stdout. A file named again is replaced, as a plan is made again.
  await writeFileAtomically(file, true, (write) => write(Buffer.from(`${JSON.stringify(plan, null, 2)}\n`)))
}

const stale = (what: string) =>
  new CliError(`stale plan: ${what}; nothing was sent. Make the plan again`, ExitCode.stale)

/**
 * Reads a plan file: not JSON or not a plan is exit 2; a plan whose content no longer matches its hash is exit 6
 * (`edited` is called instead where the plan is only shown).
 */
export async function readPlan(file: string, edited?: () => void): Promise<SavedPlan> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw usageError(`cannot read the plan file ${shown(file)}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`)
  }
  let plan: SavedPlan
  try {
    plan = JSON.parse(text) as SavedPlan
  } catch {
    throw usageError(`${shown(file)} is not a plan file: it is not JSON`)
  }
  if (plan === null || typeof plan !== 'object' || plan.format !== PLAN_FORMAT || !Array.isArray(plan.requests))
    throw usageError(`${shown(file)} is not a plan file (no "format": "${PLAN_FORMAT}")`)
  if (typeof plan.sha256 !== 'string' || (await planHash(plan)) !== plan.sha256)
    if (edited) edited()
    else throw stale(`${shown(file)} was edited after it was saved (its SHA-256 no longer matches)`)
  return plan
}

export {stale as stalePlanError}
