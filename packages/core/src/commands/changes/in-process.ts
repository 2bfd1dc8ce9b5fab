/**
 * The change pipeline for a caller in this process (the MCP server, issue 36): no process per call. Each function runs
 * the very command a person would, so its flags, its planning, the guardrail, the policy, the stale checks and the
 * journal are the same; only the source the policy and the journal see is the caller's. A refusal or a failure is
 * reported as the command reports it (one line on stderr) and thrown as oclif's exit error, whose `oclif.exit` is the
 * exit code. What a command prints goes to stdout as in the CLI: a caller that speaks on stdout must redirect it.
 */
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {usageError} from '../../errors.js'
import {FAMILIES} from '../../registry/registry.js'
import type {ChangeSource} from '../../pipeline/change.js'
import {journalEntries, type JournalEntry, type JournalFilter} from '../../pipeline/journal.js'
import {readPlan, type SavedPlan} from '../../pipeline/plan-file.js'
import type {BaseCommand} from '../base-command.js'
import {resourceCommands} from '../resource/commands.js'
import Apply from './apply.js'
import Undo from './undo.js'

/** What oclif runs a command with: its Config (or the fast path's), as `Command.run` takes it. */
export type RunConfig = Parameters<typeof BaseCommand.run>[1]
/** A command class as oclif runs it. */
type CommandClass = typeof BaseCommand & {run(argv: string[], config: RunConfig): Promise<unknown>}

/** The same command, its changes said to come from `source`. */
function withSource(command: CommandClass, source: ChangeSource): CommandClass {
  // An abstract class's subclass, made at run time (changeSource is protected: seen as a plain method here).
  const base = command as unknown as new (...args: never[]) => {changeSource(): ChangeSource}
  class Sourced extends base {
    changeSource(): ChangeSource {
      return source
    }
  }
  // oclif reads a command's args and flags as its own properties ({...ctor}): a subclass must carry them itself.
  for (const [key, property] of Object.entries(Object.getOwnPropertyDescriptors(command)))
    if (!['prototype', 'name', 'length'].includes(key)) Object.defineProperty(Sourced, key, property)
  return Sourced as unknown as CommandClass
}

/** The command class of a family's verb (`invoices`, `update`): the one `cli invoices update` runs. */
export function changeCommand(family: string, verb: string): CommandClass {
  const command = (resourceCommands(FAMILIES) as Record<string, unknown>)[`${family}:${verb}`]
  if (!command) throw usageError(`there is no command "${family} ${verb}"`)
  if (!(command as {mutating?: boolean}).mutating) throw usageError(`"${family} ${verb}" changes no records`)
  return command as CommandClass
}

/** Runs a command with --save-plan to a temporary file: the plan it saved (nothing sent). */
async function savedBy(command: CommandClass, argv: string[], config: RunConfig): Promise<SavedPlan> {
  const dir = await mkdtemp(join(tmpdir(), 'cli-plan-'))
  try {
    const file = join(dir, 'plan.json')
    await command.run([...argv, '--save-plan', file], config)
    return await readPlan(file)
  } finally {
    await rm(dir, {recursive: true, force: true})
  }
}

/**
 * plan_change: the saved plan of a change, made by the command's own planning (`argv`: its arguments and flags, as
 * typed after `cli <family> <verb>`), put to the policy; nothing is sent. Write it to a file to apply it.
 */
export function planChange(
  command: CommandClass,
  argv: string[],
  config: RunConfig,
  source: ChangeSource = 'mcp',
): Promise<SavedPlan> {
  return savedBy(withSource(command, source), argv, config)
}

/** apply_plan: `cli apply FILE --yes` (stale checks: exit 6), the changes journaled with `source`. */
export function applyPlan(file: string, config: RunConfig, source: ChangeSource = 'mcp', argv: string[] = []) {
  return withSource(Apply as unknown as CommandClass, source).run([file, '--yes', ...argv], config)
}

/** undo_plan: the undo of a journal entry as a saved plan (`cli undo ENTRY --save-plan`), nothing sent. */
export function planUndo(entry: string, config: RunConfig, source: ChangeSource = 'mcp', force = false) {
  return savedBy(withSource(Undo as unknown as CommandClass, source), [entry, ...(force ? ['--force'] : [])], config)
}

/** history: the journal's entries, newest first. */
export function history(filter: JournalFilter = {}): Promise<JournalEntry[]> {
  return journalEntries(filter)
}
