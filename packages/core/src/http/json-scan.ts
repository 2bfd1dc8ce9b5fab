/**
 * Parsing a large JSON answer without ever holding it as one string. `JSON.parse(bytes.toString())`
 * needs the bytes, a string as large, and the value at once (over 3× the answer). Here the
 * top-level object and a list's `data` array are walked over the bytes, and each member or record
 * is parsed alone from its own small slice: the peak is the bytes plus the value. Every slice goes
 * through JSON.parse, and the walk checks the separators between them, so what is accepted is
 * exactly what JSON.parse accepts.
 */

const WS = new Set([0x20, 0x09, 0x0a, 0x0d])
const [QUOTE, BACKSLASH, COMMA, COLON] = [0x22, 0x5c, 0x2c, 0x3a]
const [OPEN_OBJ, CLOSE_OBJ, OPEN_ARR, CLOSE_ARR] = [0x7b, 0x7d, 0x5b, 0x5d]

class NotJson extends Error {}

/** Answers up to this size are parsed with one JSON.parse. */
const WHOLE_MAX = 1 << 20

const skipWs = (buf: Uint8Array, i: number): number => {
  while (WS.has(buf[i])) i++
  return i
}

function stringEnd(buf: Uint8Array, i: number): number {
  for (i++; i < buf.length; i++) {
    if (buf[i] === BACKSLASH) i++
    else if (buf[i] === QUOTE) return i + 1
  }
  throw new NotJson()
}

/** Just past the value starting at `i`: brackets and strings are followed, JSON.parse checks the slice itself. */
function valueEnd(buf: Uint8Array, i: number): number {
  const first = buf[i]
  if (first === QUOTE) return stringEnd(buf, i)
  if (first !== OPEN_OBJ && first !== OPEN_ARR) {
    while (i < buf.length && !WS.has(buf[i]) && buf[i] !== COMMA && buf[i] !== CLOSE_OBJ && buf[i] !== CLOSE_ARR) i++
    return i
  }
  let depth = 0
  for (; i < buf.length; i++) {
    const c = buf[i]
    if (c === QUOTE) i = stringEnd(buf, i) - 1
    else if (c === OPEN_OBJ || c === OPEN_ARR) depth++
    else if ((c === CLOSE_OBJ || c === CLOSE_ARR) && --depth === 0) return i + 1
  }
  throw new NotJson()
}

const parseSlice = (buf: Buffer, from: number, to: number): unknown => JSON.parse(buf.toString('utf8', from, to))

/** The items of the array starting at `i` ('['), each parsed alone; returns them and the index past ']'. */
function parseArray(buf: Buffer, i: number, keep: boolean): [unknown[], number] {
  const items: unknown[] = []
  i = skipWs(buf, i + 1)
  if (buf[i] === CLOSE_ARR) return [items, i + 1]
  for (;;) {
    const end = valueEnd(buf, i)
    const item = parseSlice(buf, i, end)
    if (keep) items.push(item)
    i = skipWs(buf, end)
    if (buf[i] === CLOSE_ARR) return [items, i + 1]
    if (buf[i] !== COMMA) throw new NotJson()
    i = skipWs(buf, i + 1)
  }
}

/**
 * JSON.parse for a whole answer, by pieces (see above). With `keep` false it only checks the
 * answer is JSON and returns undefined (`--output json` prints the bytes themselves). Throws a
 * SyntaxError for anything JSON.parse would refuse.
 */
export function parseJsonBytes(buf: Buffer, keep = true): unknown {
  try {
    // A small answer is parsed whole: its string and value are small too, and JSON.parse is many times faster than
    // the walk (every command's answer, and each call of the MCP server, reads one).
    if (buf.length <= WHOLE_MAX) return keep ? JSON.parse(buf.toString('utf8')) : void JSON.parse(buf.toString('utf8'))
    let i = skipWs(buf, 0)
    if (buf[i] !== OPEN_OBJ) return keep ? JSON.parse(buf.toString('utf8')) : void JSON.parse(buf.toString('utf8'))
    const result: Record<string, unknown> = {}
    i = skipWs(buf, i + 1)
    if (buf[i] === CLOSE_OBJ) i++
    else {
      for (;;) {
        if (buf[i] !== QUOTE) throw new NotJson()
        const keyEnd = stringEnd(buf, i)
        const key = parseSlice(buf, i, keyEnd) as string
        i = skipWs(buf, keyEnd)
        if (buf[i] !== COLON) throw new NotJson()
        i = skipWs(buf, i + 1)
        let value: unknown
        if (buf[i] === OPEN_ARR) [value, i] = parseArray(buf, i, keep)
        else {
          const end = valueEnd(buf, i)
          value = parseSlice(buf, i, end)
          i = end
        }
        // As JSON.parse does: an own property, even for "__proto__" (never the prototype).
        if (keep) Object.defineProperty(result, key, {value, enumerable: true, writable: true, configurable: true})
        i = skipWs(buf, i)
        if (buf[i] === CLOSE_OBJ) {
          i++
          break
        }
        if (buf[i] !== COMMA) throw new NotJson()
        i = skipWs(buf, i + 1)
      }
    }
    if (skipWs(buf, i) !== buf.length) throw new NotJson()
    return keep ? result : undefined
  } catch (error) {
    if (error instanceof NotJson || error instanceof SyntaxError) throw new SyntaxError('not JSON')
    throw error
  }
}
