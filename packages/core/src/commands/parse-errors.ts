/**
 * oclif's parse errors, reworded as one plain line: no terminal escapes, no "See more help",
 * the missing argument named, and an unknown flag answered with the nearest one the command has,
 * or, with none near, the flags it has.
 */
import {stripEscapes} from '../output/color.js'
import {nearest} from '../suggest.js'

/** What a command tells about itself for these messages. */
export interface ParseContext {
  /** `invoices list` */
  command: string
  /** Its flag names, without dashes. */
  flags: readonly string[]
  /** The global ones among them (every command has them): named after its own when no flag is near. */
  globalFlags?: readonly string[]
  /** A better answer for an unknown flag (a guided flag this family lacks), if the command has one. */
  unknownFlag?: (flag: string) => string | undefined
}

/** A command's context: its words, and its flags, its own first (so that a list of them reads that way). */
export function commandParseContext(
  bin: string,
  id: string | undefined,
  command: {flags?: Record<string, {hidden?: boolean}>; baseFlags?: object},
): ParseContext {
  const global = Object.keys(command.baseFlags ?? {})
  return {
    command: `${bin} ${id?.replaceAll(':', ' ') ?? ''}`.trim(),
    flags: [...new Set([...Object.keys(command.flags ?? {}), ...global])].filter((f) => !command.flags?.[f]?.hidden),
    globalFlags: global,
  }
}

type OclifParseError = Error & {args?: Array<{name?: string}>; flags?: string[]}

/** The sentence for an unknown flag: the command's own hint, else the nearest flag it has, else the flags it has. */
export function unknownFlagMessage(raw: string, ctx: ParseContext): string {
  const name = raw.replace(/^-+/, '').split('=')[0]
  const own = ctx.unknownFlag?.(name)
  if (own) return own
  const match = nearest(name, ctx.flags)
  return `${raw.split('=')[0]} is not a flag of ${ctx.command}; ${match ? `did you mean --${match}?` : flagList(ctx)}`
}

/**
 * What flags a command has: its own (`its flags: --page, --all, and the global ones`), or, where it has only global
 * ones, those.
 */
function flagList(ctx: ParseContext): string {
  const global = new Set(ctx.globalFlags ?? [])
  const own = ctx.flags.filter((f) => !global.has(f))
  const shown = own.length > 0 ? own : ctx.flags
  if (shown.length === 0) return 'it takes no flags'
  const andGlobal = own.length > 0 && global.size > 0 ? ', and the global ones' : ''
  return `its flags: ${shown.map((f) => `--${f}`).join(', ')}${andGlobal}`
}
export function parseErrorMessage(error: OclifParseError, ctx?: ParseContext): string {
  const text = stripEscapes(error.message)
  if (ctx && Array.isArray(error.flags) && /^Nonexistent flags?:/.test(text)) {
    return `${error.flags.map((f) => unknownFlagMessage(f, ctx)).join('; ')} (see --help)`
  }
  if (Array.isArray(error.args) && /^Missing \d+ required args?/.test(text)) {
    const names = error.args.map((a) => a.name).filter(Boolean)
    const multiple = /Note: (.*) allows? multiple values/.exec(text)?.[1]
    const note = multiple
      ? `; ${multiple} take${multiple.includes(',') ? '' : 's'} several values, so give the argument ` +
        `before ${multiple.includes(',') ? 'them' : 'it'}`
      : ''
    return `missing required argument${names.length === 1 ? '' : 's'} ${names.join(', ')}${note} (see --help)`
  }
  const message = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^(See more help with|The following errors? occurred)/.test(l))
    .map((l) => l.replace(/^Missing required flag (\w[\w-]*)$/, 'missing required flag --$1'))
    .join('; ')
  return `${message} (see --help)`
}
