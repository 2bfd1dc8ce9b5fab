/** Writing results: stdout holds only the result; everything else goes to stderr. */
import {stdoutFailed} from './closed-stdout.js'
import {clearProgress} from './progress.js'
import {stdoutFacts, writeDirect, writesDirectly} from './std-streams.js'
import {forTerminal} from './terminal.js'

/** Longer texts are written in slices of about this many characters: never one giant buffer. */
const SLICE = 1 << 20

/** Writes to stdout; a terminal gets upstream text with its control characters escaped (terminal.ts). */
export async function writeOut(data: string | Uint8Array): Promise<void> {
  if (typeof data === 'string' && data.length > SLICE) {
    for (let start = 0; start < data.length;) {
      let end = Math.min(start + SLICE, data.length)
      // Never between the two halves of a surrogate pair (each half alone would print as U+FFFD).
      if (end < data.length && /[\uD800-\uDBFF]/.test(data[end - 1])) end--
      await writeOut(data.slice(start, end))
      start = end
    }
    return
  }
  if (writesDirectly()) {
    try {
      writeDirect(data)
    } catch (error) {
      stdoutFailed(error as NodeJS.ErrnoException)
    }
    return
  }
  // On a terminal, a progress line on stderr (the same screen) makes room first.
  if (process.stdout.isTTY) clearProgress(process.stderr)
  if (!process.stdout.write(forTerminal(process.stdout, data)))
    await new Promise((resolve) => process.stdout.once('drain', resolve))
}

/**
 * A JSON answer's bytes as text for stdout, trailing white space trimmed, then a line break; in
 * slices of about 1 MB, each cut just after a comma. A cut there never splits a UTF-8 sequence,
 * nor a secret that holds no comma (in any of its spellings: escapes use no comma either), so
 * each slice can be scrubbed alone. A secret with a comma gets the text in one piece.
 */
export function* jsonTextSlices(bytes: Buffer, secrets: {token?: string; password?: string}): Generator<string> {
  let end = bytes.length
  while (
    end > 0 &&
    (bytes[end - 1] === 0x20 || bytes[end - 1] === 0x0a || bytes[end - 1] === 0x0d || bytes[end - 1] === 0x09)
  )
    end--
  const whole = [secrets.token, secrets.password].some((s) => s?.includes(','))
  for (let start = 0; start < end;) {
    const comma = whole ? -1 : bytes.indexOf(0x2c, Math.min(start + SLICE, end))
    const cut = comma === -1 || comma >= end ? end : comma + 1
    yield bytes.toString('utf8', start, cut)
    start = cut
  }
  yield '\n'
}

export const writeErr = (text: string): void => {
  clearProgress(process.stderr)
  process.stderr.write(forTerminal(process.stderr, text.endsWith('\n') ? text : `${text}\n`))
}

/** JSON for stdout: indented for people on a terminal, one compact line when piped. */
export const jsonText = (value: unknown, stream: {isTTY?: boolean} = stdoutFacts()): string =>
  `${JSON.stringify(value, null, stream.isTTY ? 2 : undefined)}\n`
