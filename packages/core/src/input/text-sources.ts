/** Text the user hands in: standard input, UTF-8 files, and one JSON object (--data, --data-file, --stdin). */
import {usageError} from '../errors.js'
import {checkJsonText} from './json-limits.js'
import type {Json} from '../plan/request.js'

export function parseJsonObject(text: string, source: string): {[key: string]: Json} {
  if (text.trim() === '') throw usageError(`${source} is empty: give one JSON object`)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw usageError(`${source} is not valid JSON (${(error as Error).message}): give one JSON object`)
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw usageError(
      `${source} must be a JSON object ({...}), ` +
        `got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
    )
  }
  checkJsonText(text, source)
  return value as {[key: string]: Json}
}

/** Text from bytes that must be UTF-8 (a leading byte-order mark is dropped); anything else is refused, not mangled. */
export function decodeUtf8(bytes: Uint8Array, source: string): string {
  try {
    return new TextDecoder('utf-8', {fatal: true}).decode(bytes)
  } catch {
    throw usageError(`${source} is not valid UTF-8 text: save it as UTF-8`)
  }
}

/** All of standard input as UTF-8 text; with `maxBytes`, reading stops there (`cli auth login </dev/zero` must end). */
export async function readAllStdin(
  source = 'standard input',
  maxBytes = Number.POSITIVE_INFINITY,
  tooLong?: string,
): Promise<string> {
  const tooLarge = () => usageError(tooLong ?? `${source} is longer than ${maxBytes} bytes`)
  if (stdinRead) {
    if (stdinRead.length > maxBytes) throw tooLarge()
    return decodeUtf8(stdinRead, source)
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length
    if (size > maxBytes) throw tooLarge()
    chunks.push(chunk as Buffer)
  }
  stdinRead = Buffer.concat(chunks)
  return decodeUtf8(stdinRead, source)
}

/**
 * Standard input once read whole: it can be read only once, and a command that plans again (a record id that turned
 * out to be a key) must see the same input.
 */
let stdinRead: Buffer | undefined
