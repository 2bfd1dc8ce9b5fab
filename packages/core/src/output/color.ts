/**
 * Colour, decided in one place: only on a terminal, never with NO_COLOR set to anything but "" (https://no-color.org)
 * or TERM=dumb. Everything that colours text (tables, error and warning labels) asks here.
 */
import {stdoutFacts} from './std-streams.js'

export type Tone = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan'

const CODES: Record<Tone, [number, number]> = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  cyan: [36, 39],
}

/** Every sequence paint() writes: the only escape sequences the terminal sanitiser lets through (terminal.ts). */
export const OWN_SEQUENCES: ReadonlySet<string> = new Set(
  Object.values(CODES).flatMap(([open, close]) => [`\u001B[${open}m`, `\u001B[${close}m`]),
)

export function colorEnabled(stream: {isTTY?: boolean} = stdoutFacts(), env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(stream.isTTY) && !env.NO_COLOR && env.TERM !== 'dumb'
}

/** `text` in a tone, or unchanged when colour is off. */
export function paint(text: string, tone: Tone | undefined, on: boolean): string {
  if (!on || !tone || text === '') return text
  const [open, close] = CODES[tone]
  return `\u001B[${open}m${text}\u001B[${close}m`
}

/** Terminal escape sequences (colours, cursor moves) removed: text from elsewhere (oclif's messages) made plain. */
export const stripEscapes = (text: string): string =>
  // eslint-disable-next-line no-control-regex
  text.replaceAll(/\u001B\[[0-?]*[ -/]*[@-~]/g, '')

/** The label of an error line on stderr: red on a terminal. */
export const errorLabel = (stream: {isTTY?: boolean} = process.stderr): string =>
  paint('Error:', 'red', colorEnabled(stream))

/** The label of a warning line on stderr: yellow on a terminal. */
export const warningLabel = (stream: {isTTY?: boolean} = process.stderr): string =>
  paint('Warning:', 'yellow', colorEnabled(stream))
