/**
 * @invoicing-cli/core: what a plugin builds on (docs/plugins.md lists each name). A command
 * extends BaseCommand (RecordCommand for a family's records, ChangeCommand for a change to them, or RunnerCommand)
 * and returns a Plan; the base command owns the shared
 * flags, the guardrail, dry runs, sending, output and the one error path. Everything else is in
 * '@invoicing-cli/core/internal', for the CLI alone.
 */
export {
  BaseCommand,
  type ChainPlan,
  type DownloadPlan,
  type EditPlan,
  type FlagValues,
  type ListPlan,
  type LocalPlan,
  type Plan,
  type PollPlan,
  type SendPlan,
} from './commands/base-command.js'
export {RunnerCommand, runnerFlags, type RunnerDefinition, type RunnerInput} from './commands/runner-command.js'
export * as flags from './commands/flags.js'
export {ResourceCommand as RecordCommand} from './commands/resource/verbs.js'
export {ChangeCommand} from './commands/resource/change-command.js'
export type {SummaryWords} from './plan/summary.js'
export type {Printer} from './output/printer.js'
// oclif's argument and flag builders (on the fast path, its stand-in's): a plugin needs no @oclif/core of its own.
export {Args, Flags} from '@oclif/core'
export {CliError, ExitCode, shown, usageError, type ExitCodeValue} from './errors.js'
export {API_PREFIX, apiPath, checkId, pathSegment, type Json, type Method, type RequestSpec} from './plan/request.js'
export {FAMILIES, family, type Family, type Verb} from './registry/registry.js'
export {writeErr, writeOut} from './output/plugin-output.js'
