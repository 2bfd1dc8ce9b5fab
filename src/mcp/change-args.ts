/**
 * plan_change's arguments as the command line of `cli FAMILY VERB`: the record, the records of a bulk action, the
 * action, the payload (--data) and any other flag of that command by name. Flags the server sets itself, and those
 * that reach local files or another server, are not the agent's to give.
 */
import {ArgumentsError} from './arguments.js'
import {nearest} from '@invoicing-cli/core/internal'

/**
 * Flags set by the server (--save-plan, --output: the plan is saved and printed as JSON), or that read or write local
 * files, or change where the request goes and how (the profile's own server, its token).
 */
const RESERVED = new Set([
  'save-plan',
  'yes',
  'dry-run',
  'output',
  'output-file',
  'data-file',
  'stdin',
  'file',
  'profile',
  'base-url',
  'insecure',
  'debug',
  'verbose',
  'columns',
  'query',
  'quiet',
  'timeout',
  'retries',
])

/** Flags plan_change's own arguments give. */
const ARGUMENTS = new Set(['id', 'action', 'data'])

type FlagDefs = Record<string, {type?: string; multiple?: boolean}>

/** `--name=value`: one word to the parser, whatever the value holds. */
const flag = (name: string, value: unknown): string => `--${name}=${String(value)}`

/** The command line after `cli FAMILY VERB` (the command's flags: `command.flags`). */
export function changeArgv(command: {flags?: FlagDefs}, args: Record<string, unknown>): string[] {
  const argv: string[] = []
  if (args.record !== undefined) {
    const record = String(args.record)
    if (record.startsWith('-')) throw new ArgumentsError(`record ${JSON.stringify(record)} cannot start with "-"`)
    argv.push(record)
  }
  for (const id of (args.records as string[] | undefined) ?? []) argv.push(flag('id', id))
  if (args.action !== undefined) argv.push(flag('action', args.action))
  if (args.data !== undefined) argv.push(flag('data', JSON.stringify(args.data)))
  const known = Object.keys(command.flags ?? {}).filter((n) => !RESERVED.has(n) && !ARGUMENTS.has(n))
  for (const [name, value] of Object.entries((args.options as Record<string, unknown> | undefined) ?? {})) {
    const def = command.flags?.[name]
    if (!def || !known.includes(name)) {
      const near = nearest(name, known)
      const why = RESERVED.has(name)
        ? "is not an agent's to give: the server sets it, or it reaches local files or another server"
        : ARGUMENTS.has(name)
          ? 'has an argument of its own (record, records, action, data)'
          : `is not an option this command takes${near ? `: did you mean ${near}?` : ''}`
      throw new ArgumentsError(`options.${name} ${why}`)
    }
    if (def.type === 'boolean') {
      if (value !== true && value !== false) throw new ArgumentsError(`options.${name} is a switch: true or false`)
      if (value) argv.push(`--${name}`)
      continue
    }
    const values = Array.isArray(value) ? value : [value]
    if (values.length > 1 && !def.multiple) throw new ArgumentsError(`options.${name} takes one value`)
    for (const v of values) argv.push(flag(name, typeof v === 'object' ? JSON.stringify(v) : v))
  }
  return argv
}
