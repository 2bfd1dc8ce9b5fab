/** The payload check on the write path. The checker and the server's field tables load only here. */
import {warningLabel} from '../../output/color.js'
import {CliError, ExitCode, usageError} from '../../errors.js'
import {writeErr} from '../../output/write.js'

/**
 * Warns about names the server does not know (stderr) and refuses what the server's rules
 * certainly refuse (exit 2, nothing sent); `verb` create also refuses a missing required field. With `noopExit`, a
 * payload of nothing but fields the request sets aside (a payment's amount on update) would change nothing: it is not
 * sent (exit 5).
 */
export async function validateWritePayload(
  word: string,
  body: unknown,
  verb?: 'create' | 'update',
  opts: {noopExit?: boolean} = {},
): Promise<void> {
  const {checkPayload} = await import('./check.js')
  const {warnings, errors, onlySetAside} = await checkPayload(word, body, verb)
  for (const warning of warnings) writeErr(`${warningLabel()} ${warning}`)
  if (errors.length > 0) throw usageError(`${word} payload: ${errors.join('; ')} (--no-validate sends it unchecked)`)
  if (opts.noopExit && onlySetAside)
    throw new CliError(
      `nothing to change: the server sets aside ${onlySetAside}, so the update would change nothing; nothing was ` +
        'sent (--no-validate sends it all the same)',
      ExitCode.incomplete,
    )
}
