/**
 * What a tool call answers, with no SDK in sight. A call's problem is never thrown: it is a result with isError and
 * the CLI's one line (exit code appended), and no result ever holds the profile's token or password.
 */
import {type Policy, scrubSecrets, stripEscapes} from '@invoicing-cli/core/internal'

import {argumentChecker, ArgumentsError} from './arguments.js'
import {type Args, commandLine} from './calls.js'
import {applyPlanTool, type ChangeOptions, planChangeTool, undoPlanTool} from './changes.js'
import {type CommandConfig, type CommandRun, runCommand} from './command-run.js'
import {describe} from './describe.js'
import {toolList} from './tool-list.js'
import type {Selection} from './tool-set.js'

/** A tools/call result (MCP's CallToolResult, which may carry more keys). */
export interface ToolResult {
  [key: string]: unknown
  content: Array<{type: 'text'; text: string}>
  isError?: boolean
}

export interface ToolboxOptions {
  selection: Selection
  /** What each command run gets: the server command's oclif Config (or the fast path's). */
  config: CommandConfig
  /** Flags every command run gets (--profile, --base-url, network options as `cli mcp serve` was given them). */
  passFlags: readonly string[]
  secrets: () => {token?: string; password?: string}
  /** The profile's policy: plan_change's verdict (apply_plan's check is the pipeline's own). */
  policy: Policy
}

/**
 * The longest answer a result carries: beyond it an agent's context (and MCP clients' 10 MB message limit) would
 * overflow, so it is told to ask for less.
 */
const MAX_RESULT_CHARS = 4_000_000

/** The change tools: through the change pipeline (changes.ts). */
const CHANGES = {plan_change: planChangeTool, apply_plan: applyPlanTool, undo_plan: undoPlanTool}

const text = (t: string): {type: 'text'; text: string} => ({type: 'text', text: t})

export async function toolbox(opts: ToolboxOptions): Promise<{call(name: string, args: unknown): Promise<ToolResult>}> {
  const tools = new Map(toolList(opts.selection).map((t) => [t.name as string, t]))
  const check = await argumentChecker()
  const changes: ChangeOptions = {
    config: opts.config,
    passFlags: opts.passFlags,
    applies: tools.has('apply_plan'),
    families: opts.selection.families,
    policy: opts.policy,
  }
  const scrub = (t: string): string => stripEscapes(scrubSecrets(t, opts.secrets()))
  const failure = (line: string): ToolResult => ({content: [text(scrub(line))], isError: true})

  /** A command's run as a result: its JSON answer and notes, or its error line and exit code. */
  const resultOf = (run: CommandRun): ToolResult => {
    const lines = run.stderr.split('\n').filter((l) => l.trim() !== '')
    // With --output json an error is also a JSON document on stderr: the line says it already.
    const said = lines.filter((l) => !l.startsWith('{"error"'))
    if (run.code !== 0) return failure(`${said.join('\n') || 'Error: the command failed'} (exit ${run.code})`)
    if (run.stdout.length > MAX_RESULT_CHARS)
      return failure(
        `Error: the answer is ${(run.stdout.length / 1e6).toFixed(1)} million characters, more than a tool result ` +
          'should hold: ask for less (filters, per_page, limit) (exit 2)',
      )
    const content = [text(scrub(run.stdout.trimEnd()))]
    if (said.length > 0) content.push(text(scrub(said.join('\n'))))
    return {content}
  }

  return {
    async call(name, args) {
      const tool = tools.get(name)
      if (!tool) return failure(`Error: no tool ${JSON.stringify(name)} on this server (tools/list lists them)`)
      try {
        check(tool.inputSchema, args)
        const given = (args ?? {}) as Args
        if (tool.name === 'describe')
          return {content: [text(JSON.stringify(describe(opts.selection.families, given.family as string)))]}
        const change = CHANGES[tool.name as keyof typeof CHANGES]
        if (change) return resultOf(await change(given, changes))
        const line = commandLine(tool.name, given)
        if (!line) return failure(`Error: ${name} is not available in this build`)
        return resultOf(await runCommand(line.id, [...line.argv, '--output=json', ...opts.passFlags], opts.config))
      } catch (error) {
        if (error instanceof ArgumentsError) return failure(`Error: ${name}: ${error.message} (exit 2)`)
        return failure(`Error: unexpected error: ${(error as Error).message} (exit 1)`)
      }
    },
  }
}
