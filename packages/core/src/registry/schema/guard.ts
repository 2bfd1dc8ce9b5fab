/** The payload check on the write path. The checker, the field table and ajv load only here. */
import {warningLabel} from '../../output/color.js'
import {usageError} from '../../errors.js'
import {writeErr} from '../../output/write.js'

/** Warns about unknown fields (stderr) and refuses wrong JSON types (exit 2, nothing sent). */
export async function validateWritePayload(word: string, body: unknown): Promise<void> {
  const {checkPayload} = await import('./check.js')
  const {warnings, errors} = await checkPayload(word, body)
  for (const warning of warnings) writeErr(`${warningLabel()} ${warning}`)
  if (errors.length > 0) throw usageError(`${word} payload: ${errors.join('; ')} (--no-validate sends it unchecked)`)
}
