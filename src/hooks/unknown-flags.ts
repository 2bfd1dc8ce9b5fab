import type {Command, Hook} from '@oclif/core'

type Flags = Record<string, {char?: string; type?: string; allowNo?: boolean} | undefined>

/** The first `--name` of argv (before `--`) that is none of the flags, or undefined. */
export function unknownLongFlag(argv: readonly string[], flags: Flags): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]
    if (token === '--') return undefined
    if (!token.startsWith('--')) continue
    const name = token.slice(2).split('=')[0]
    const flag = flags[name] ?? (name.startsWith('no-') ? flags[name.slice(3)] : undefined)
    if (flag === undefined && !['help', 'version'].includes(name)) return token
    // A value given apart (`--tag next`) is no flag, whatever it looks like.
    if (flag?.type === 'option' && !token.includes('=')) i++
  }
  return undefined
}

/**
 * An unknown flag on a command oclif's own plugins bring (help, plugins, autocomplete) gets the answer the CLI's
 * commands give (parse-errors.ts): the nearest flag, else the flags it has, in one line, exit 2. The CLI's commands
 * answer it themselves. This runs before every command oclif runs, so it stays tiny.
 */
export const prerun: Hook.Prerun = async function ({Command: command, argv, config}) {
  if (typeof (command.prototype as {parseContext?: unknown}).parseContext === 'function') return
  const flags: Flags = {...(command as Command.Class).baseFlags, ...command.flags}
  const unknown = unknownLongFlag(argv, flags)
  if (unknown === undefined) return
  const {CliError, ExitCode, reportError, unknownFlagMessage} = await import('@invoicing-cli/core/internal')
  const names = Object.keys(flags).filter((name) => !(flags[name] as {hidden?: boolean} | undefined)?.hidden)
  const message = unknownFlagMessage(unknown, {
    command: `${config.bin} ${command.id.replaceAll(':', ' ')}`,
    flags: names,
  })
  reportError(new CliError(`${message} (see --help)`, ExitCode.usage), false)
  this.exit(ExitCode.usage)
}
