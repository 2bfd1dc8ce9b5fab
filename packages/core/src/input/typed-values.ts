/** Checks every value a user typed (flags and arguments) for what no value may hold. */
import {usageError} from '../errors.js'

// C0 and C1 control characters except tab and newline, which multi-line text (notes, JSON) may hold;
// single-line values (ids, URLs, sort, ...) refuse those by their own rules. A carriage return is
// refused too: in a header-like value (an e-mail subject) CR LF starts a new header. JSON text read
// from a file or stdin is not a flag value and may keep CRLF line ends.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/

/** Refuses control characters and text that was not valid UTF-8 (Node decodes such bytes to U+FFFD). */
export function checkText(value: string, what: string): void {
  const control = CONTROL.exec(value)
  if (control) {
    const code = control[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')
    throw usageError(`${what} contains a control character (U+${code}): remove it`)
  }
  if (value.includes('\uFFFD')) throw usageError(`${what} is not valid UTF-8 text`)
}

export function checkInputValues(flags: Record<string, unknown>, args: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(flags)) {
    for (const v of [value].flat()) if (typeof v === 'string') checkText(v, `--${name}`)
  }
  for (const [name, value] of Object.entries(args))
    if (typeof value === 'string') checkText(value, name.replaceAll('_', ' '))
}

/**
 * A secret the HTTP layer can send as a header: printable ASCII (a password may hold spaces). Never shows the value.
 */
export function checkSecret(value: string, name: string, spaces = false): void {
  if (!(spaces ? /^[\x20-\x7E]+$/ : /^[\x21-\x7E]+$/).test(value)) {
    throw usageError(
      `${name} holds characters that cannot be sent in a header (${spaces ? '' : 'spaces, '}control characters ` +
        'or non-ASCII): check it',
    )
  }
}
