/** The one error path's pieces: what an error becomes (toCliError), and how it is reported on stderr. */
import {Errors} from '@oclif/core'

import {errorLabel} from '../output/color.js'
import {CliError, ExitCode} from '../errors.js'
import {type Credentials, scrubSecrets} from '../http/headers.js'
import {formatsInArgv} from '../output/formats/index.js'
import {writeErr} from '../output/write.js'
import {parseErrorMessage, type ParseContext} from './parse-errors.js'
import {escapeControls} from '../output/terminal.js'

/** The error on stderr: one line (each detail on its own), then the JSON document when `json`. */
export function reportError(
  error: CliError,
  json: boolean,
  secrets: Pick<Credentials, 'token' | 'password'> = {},
): void {
  const scrub = (text: string): string => scrubSecrets(text, secrets)
  writeErr(
    scrub([`${errorLabel()} ${oneLine(error.message)}`, ...error.details.map((d) => `  ${oneLine(d)}`)].join('\n')),
  )
  if (json) writeErr(scrub(JSON.stringify(error.toDocument())))
}

/**
 * Whether raw arguments (flags not parsed yet) ask for an error document: `--output json`, `-o json`,
 * `--output=json`, `-ojson`.
 */
export function argvAsksForJson(argv: readonly string[]): boolean {
  return formatsInArgv(argv).some((f) => f.errorDocument)
}

/**
 * Ends the command with an exit code and nothing more printed. Not oclif's ExitError: a plugin
 * may run with another copy of @oclif/core, whose handler would not recognise that class and
 * print it; every copy honours `skipOclifErrorHandling`.
 */
export function silentExit(code: number): Error {
  return Object.assign(new Error(`EEXIT: ${code}`), {code: 'EEXIT', oclif: {exit: code}, skipOclifErrorHandling: true})
}

/**
 * Control characters (an upstream message may hold newlines or terminal escapes) shown escaped: one line stays
 * one line.
 */
const ESCAPES: Record<string, string> = {'\n': '\\n', '\r': '\\r', '\t': '\\t'}
const oneLine = (text: string): string => escapeControls(text.replaceAll(/[\n\r\t]/g, (c) => ESCAPES[c]))

/** Any error → a CliError: oclif's parse errors are usage errors (exit 2), anything else unexpected (exit 1). */
export function toCliError(error: Error & {oclif?: {exit?: number}}, context?: ParseContext): CliError {
  if (error instanceof CliError) return error
  if (error instanceof Errors.CLIError)
    return new CliError(parseErrorMessage(error, context), ExitCode.usage, {cause: error})
  return new CliError(`unexpected error: ${error.message} (run again with --debug for details)`, ExitCode.upstream, {
    cause: error,
  })
}

/** With --debug: the stack of what went wrong (a CliError's cause; none for an error the CLI itself raised). */
export function writeDebugStack(error: Error, secrets: Pick<Credentials, 'token' | 'password'>): void {
  if (error instanceof CliError && error.cause === undefined) return
  const origin = error instanceof CliError && error.cause instanceof Error ? error.cause : error
  writeErr(scrubSecrets(String(origin.stack), secrets))
}
