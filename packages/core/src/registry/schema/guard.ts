/** The payload check on the write path. The checker and the server's field tables load only here. */
import {warningLabel} from '../../output/color.js'
import {usageError} from '../../errors.js'
import {writeErr} from '../../output/write.js'

/**
 * Warns about names the server does not know (stderr) and refuses what the server's rules
 * certainly refuse (exit 2, nothing sent); `verb` create also refuses a missing required field.
 */
export async function validateWritePayload(word: string, body: unknown, verb?: 'create' | 'update'): Promise<void> {
  const {checkPayload} = await import('./check.js')
  const {warnings, errors} = await checkPayload(word, body, verb)
  for (const warning of warnings) writeErr(`${warningLabel()} ${warning}`)
  if (errors.length > 0) throw usageError(`${word} payload: ${errors.join('; ')} (--no-validate sends it unchecked)`)
}
