/**
 * What each read tool runs: the CLI command it is (`list_records` is `cli FAMILY list`), its arguments turned into
 * that command's flags, always with --output json. The command's answer is the tool's result; its error line is the
 * tool's error. Arguments have been checked against the tool's schema (arguments.ts) before they get here.
 */
import {ArgumentsError} from './arguments.js'
import type {ToolName} from './tool-set.js'

export type Args = Record<string, unknown>

/** A command line the MCP server runs in-process: the command id and its argv. */
export interface CommandLine {
  id: string
  argv: string[]
}

/** `--flag=value` for a value the agent gave (one word to the parser, whatever it holds). */
const flag = (name: string, value: unknown): string[] => (value === undefined ? [] : [`--${name}=${String(value)}`])

/** A positional argument: one the parser would take for a flag is refused, as the CLI would not read it as a record. */
function positional(value: string, what: string): string {
  if (value.startsWith('-')) throw new ArgumentsError(`${what} ${JSON.stringify(value)} cannot start with "-"`)
  return value
}

/** The command line of a read tool that runs a CLI command. */
export function commandLine(name: ToolName, args: Args): CommandLine | undefined {
  switch (name) {
    case 'list_records': {
      const filters = Object.entries((args.filters as Record<string, unknown> | undefined) ?? {})
      return {
        id: `${args.family}:list`,
        argv: [
          ...filters.flatMap(([k, v]) => flag('filter', `${k}=${String(v)}`)),
          ...flag('status', (args.status as string[] | undefined)?.join(',')),
          ...flag('sort', args.sort),
          ...flag('page', args.page),
          ...flag('per-page', args.per_page),
          ...flag('limit', args.limit),
          ...flag('include', args.include),
        ],
      }
    }
    case 'show_record':
      return {
        id: `${args.family}:show`,
        argv: [positional(String(args.record), 'record'), ...flag('include', args.include)],
      }
    case 'reconcile_preview':
      return {
        id: 'reconcile',
        argv: [
          ...flag('since', args.since),
          ...((args.bank_accounts as string[] | undefined) ?? []).flatMap((a) => flag('bank-account', a)),
        ],
      }
    case 'failed_emails':
      return {id: 'emails:failed', argv: flag('since', args.since)}
    case 'history':
      return {
        id: 'history',
        argv: [...flag('since', args.since), ...flag('family', args.family), ...flag('limit', args.limit)],
      }
    default:
      return undefined
  }
}
