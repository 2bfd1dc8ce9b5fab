/**
 * The change tools, through the change pipeline's in-process calls (core commands/changes/in-process.ts) and nothing
 * else: plan_change is `cli FAMILY VERB ... --save-plan`, undo_plan `cli undo ENTRY --save-plan`, apply_plan
 * `cli apply PLAN --yes`, each with source `mcp` for the policy and the journal. A plan is kept as a plan file under
 * the state folder, named by its plan_id (the start of its SHA-256), so that a person can read it (`cli plan show`)
 * and apply it (`cli apply`) too. A plan that was sent is removed: it is applied once.
 */
import {chmod, mkdir, readFile, rm} from 'node:fs/promises'
import {join} from 'node:path'

import {applyPlan, changeCommand, planChange, planUndo} from '@invoicing-cli/core/changes'
import {
  amountOf,
  CliError,
  enforcePolicy,
  ExitCode,
  fullUrl,
  policyRequest,
  type Policy,
  type SavedPlan,
  stateDir,
  writePlan,
} from '@invoicing-cli/core/internal'

import {ArgumentsError} from './arguments.js'
import type {Args} from './calls.js'
import {changeArgv} from './change-args.js'
import {captured, type CommandConfig, type CommandRun} from './command-run.js'

type Config = Parameters<typeof applyPlan>[1]

export interface ChangeOptions {
  config: CommandConfig
  passFlags: readonly string[]
  /** Whether this server offers apply_plan (else a person applies the plan with `cli apply`). */
  applies: boolean
  /** The families this server may change (--families). */
  families: readonly string[]
  policy: Policy
}

/** A plan of a family the server was not given (--families): refused, nothing sent. */
function checkFamily(plan: Pick<SavedPlan, 'family'>, opts: ChangeOptions): void {
  if (!opts.families.includes(plan.family))
    throw new ArgumentsError(`the plan changes ${plan.family}, which this server was not given (--families)`)
}

const plansDir = (): string => join(stateDir(), 'mcp-plans')
const planFile = (id: string): string => join(plansDir(), `${id}.json`)

/**
 * Whether the profile's policy lets the MCP server send this plan: the verdict plan_change reports. Asked without
 * reading anything (apply_plan asks again as it sends, reading a balance max_amount may need).
 */
async function verdict(plan: SavedPlan, policy: Policy): Promise<{allowed: boolean; why?: string}> {
  try {
    await enforcePolicy({
      profile: plan.profile,
      baseUrl: plan.base_url,
      source: 'mcp',
      family: plan.family,
      verb: plan.verb,
      requests: plan.requests.map(policyRequest),
      amount: amountOf(plan.requests),
      saving: false,
      fromPlan: true,
      policy,
    })
    return {allowed: true}
  } catch (error) {
    if (error instanceof CliError) return {allowed: false, why: error.message}
    throw error
  }
}

/** A saved plan as the agent shows it to the person: the requests, a one-line summary, the verdict, its id. */
async function planAnswer(plan: SavedPlan, opts: ChangeOptions): Promise<unknown> {
  const id = plan.sha256.slice(0, 12)
  await mkdir(plansDir(), {recursive: true, mode: 0o700})
  const file = planFile(id)
  await writePlan(file, plan)
  // Readable by the user alone, as the journal: a plan holds the records' data it sends.
  await chmod(file, 0o600)
  const n = plan.requests.length
  const first = plan.requests[0]
  const checked = plan.targets.map((t) => `${t.family} ${t.id}`)
  const policy = await verdict(plan, opts.policy)
  return {
    plan_id: id,
    summary:
      `${plan.family} ${plan.verb}: ${n === 1 ? `${first.method} ${first.path}` : `${n} requests, each once`}` +
      (checked.length > 0 ? `, if ${checked.join(', ')} did not change meanwhile` : '') +
      '. Nothing was sent.',
    requests: plan.requests.map((r) => ({
      method: r.method,
      url: fullUrl(plan.base_url, r),
      ...(r.body === undefined ? {} : {body: r.body}),
    })),
    checks: plan.targets.map((t) => ({family: t.family, id: t.id, updated_at: t.updated_at})),
    policy: policy.allowed ? 'allowed' : `refused: ${policy.why}`,
    next:
      policy.allowed && opts.applies
        ? `show the person this plan; once they agree, apply_plan {"plan_id": "${id}"}`
        : `a person reviews it with "cli plan show ${file}" and sends it with "cli apply ${file} --yes"`,
    file,
  }
}

/** A run that made a plan: the plan's answer, or its failure as the run reported it. */
async function planned(run: CommandRun<SavedPlan>, opts: ChangeOptions): Promise<CommandRun> {
  if (run.code !== 0 || !run.value) return run
  checkFamily(run.value, opts)
  // The pipeline's note names the temporary file the plan was saved to: the answer names where it is kept.
  const notes = run.stderr.split('\n').filter((line) => !line.startsWith('saved the plan to '))
  return {code: 0, stdout: JSON.stringify(await planAnswer(run.value, opts)), stderr: notes.join('\n')}
}

export async function planChangeTool(args: Args, opts: ChangeOptions): Promise<CommandRun> {
  const family = String(args.family)
  const verb = String(args.verb)
  let command: ReturnType<typeof changeCommand>
  try {
    command = changeCommand(family, verb)
  } catch (error) {
    if (error instanceof CliError) throw new ArgumentsError(error.message)
    throw error
  }
  // oclif names a command run this way by its class otherwise: the journal and the messages need its words.
  command.id = `${family}:${verb}`
  const argv = [...changeArgv(command as unknown as {flags?: never}, args), ...opts.passFlags]
  return planned(await captured(() => planChange(command, argv, opts.config as Config, 'mcp')), opts)
}

export async function undoPlanTool(args: Args, opts: ChangeOptions): Promise<CommandRun> {
  const entry = String(args.entry)
  const run = await captured(() => planUndo(entry, opts.config as Config, 'mcp', args.force === true))
  return planned(run, opts)
}

/** Exit codes after which nothing was sent: the plan may be applied again (once it holds). */
const NOTHING_SENT = new Set<number>([ExitCode.usage, ExitCode.guardrail, ExitCode.auth, ExitCode.stale])

export async function applyPlanTool(args: Args, opts: ChangeOptions): Promise<CommandRun> {
  const id = String(args.plan_id)
  const file = planFile(id)
  const text = await readFile(file, 'utf8').catch(() => undefined)
  if (text === undefined)
    throw new ArgumentsError(
      `no plan ${id}: it was applied already, or never made (plan_change or undo_plan makes one)`,
    )
  // An edited or broken file is cli apply's to refuse (its hash): only its family is read here.
  checkFamily({family: String((JSON.parse(text) as {family?: unknown}).family)}, opts)
  const run = await captured(() => applyPlan(file, opts.config as Config, 'mcp', [...opts.passFlags, '--output=json']))
  if (!NOTHING_SENT.has(run.code)) await rm(file, {force: true})
  return run
}
