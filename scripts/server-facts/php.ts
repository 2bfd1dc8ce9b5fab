/**
 * Just enough reading of PHP source for scripts/server-facts.ts: comments stripped, a function's
 * body, an array literal's entries, string literals. A regex-level reading, not a parser: it finds
 * what the server's source writes out literally and nothing that is computed.
 */

/** The source without comments; strings are kept as they are. */
export function stripComments(php: string): string {
  let out = ''
  let i = 0
  while (i < php.length) {
    const c = php[i]
    const next = php[i + 1]
    if (c === "'" || c === '"') {
      const end = stringEnd(php, i)
      out += php.slice(i, end)
      i = end
    } else if (c === '/' && next === '/') {
      while (i < php.length && php[i] !== '\n') i++
    } else if (c === '#' && next !== '[') {
      while (i < php.length && php[i] !== '\n') i++
    } else if (c === '/' && next === '*') {
      const end = php.indexOf('*/', i + 2)
      i = end < 0 ? php.length : end + 2
      out += ' '
    } else {
      out += c
      i++
    }
  }
  return out
}

/** The index just past the string literal that opens at `start`. */
function stringEnd(php: string, start: number): number {
  const quote = php[start]
  let i = start + 1
  while (i < php.length && php[i] !== quote) i += php[i] === '\\' ? 2 : 1
  return i + 1
}

/** The index of the bracket that closes the one at `open` (`(`, `[` or `{`), skipping strings. */
export function closing(php: string, open: number): number {
  const pairs: Record<string, string> = {'(': ')', '[': ']', '{': '}'}
  const stack: string[] = []
  let i = open
  while (i < php.length) {
    const c = php[i]
    if (c === "'" || c === '"') {
      i = stringEnd(php, i)
      continue
    }
    if (pairs[c]) stack.push(pairs[c])
    else if (c === ')' || c === ']' || c === '}') {
      stack.pop()
      if (stack.length === 0) return i
    }
    i++
  }
  return php.length
}

/** The body (between the braces) of the first function named `name`, or undefined. */
export function functionBody(php: string, name: string): string | undefined {
  const m = new RegExp(`function\\s+${name}\\s*\\(`).exec(php)
  if (!m) return undefined
  const paren = m.index + m[0].length - 1
  const brace = php.indexOf('{', closing(php, paren))
  return php.slice(brace + 1, closing(php, brace))
}

/** Public methods of a class and their bodies, in source order. */
export function publicMethods(php: string): Array<{name: string; body: string}> {
  const found: Array<{name: string; body: string}> = []
  for (const m of php.matchAll(/public\s+function\s+(\w+)\s*\(/g)) {
    const paren = m.index + m[0].length - 1
    const brace = php.indexOf('{', closing(php, paren))
    found.push({name: m[1], body: php.slice(brace + 1, closing(php, brace))})
  }
  return found
}

/** Split `text` at `sep` where it is outside strings and brackets. */
export function splitTop(text: string, sep: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  let i = 0
  while (i < text.length) {
    const c = text[i]
    if (c === "'" || c === '"') {
      i = stringEnd(text, i)
      continue
    }
    if (c === '(' || c === '[' || c === '{') depth++
    else if (c === ')' || c === ']' || c === '}') depth--
    else if (depth === 0 && text.startsWith(sep, i)) {
      parts.push(text.slice(start, i))
      start = i + sep.length
      i = start
      continue
    }
    i++
  }
  parts.push(text.slice(start))
  return parts.map((p) => p.trim()).filter((p) => p.length > 0)
}

/** The value of a leading single- or double-quoted literal, or undefined. */
export function literal(text: string): string | undefined {
  const m = /^\s*(['"])((?:\\.|(?!\1).)*)\1/s.exec(text)
  return m ? m[2] : undefined
}

/** Every string literal in `text`, in order. */
export function literals(text: string): string[] {
  return [...text.matchAll(/(['"])((?:\\.|(?!\1).)*)\1/gs)].map((m) => m[2])
}

export interface Entry {
  /** The literal key (`'client_id' => ...`), or undefined for a list element. */
  key?: string
  value: string
}

/** Entries of an array literal's text (what is between `[` and `]`). */
export function entries(inner: string): Entry[] {
  return splitTop(inner, ',').map((part) => {
    const arrow = splitTop(part, '=>')
    if (arrow.length === 2) return {key: literal(arrow[0]), value: arrow[1]}
    return {value: part}
  })
}

/** The entries of the array a class property is set to (`protected $fillable = [...]`). */
export function arrayProperty(php: string, name: string): Entry[] | undefined {
  const m = new RegExp(`\\$${name}\\s*=\\s*\\[`).exec(php)
  if (!m) return undefined
  const open = m.index + m[0].length - 1
  return entries(php.slice(open + 1, closing(php, open)))
}

/** An assignment or array entry found in a function body, and how deep in braces it sits. */
export interface Assignment {
  key: string
  value: string
  /** Braces around it inside the body: 0 is unconditional, more is inside an if, a loop or a closure. */
  depth: number
}

/**
 * What a function body sets in the array variable `name`: `$rules['x'] = ...;`, and the entries of
 * `$rules = [...]` and of a returned array literal, each with its brace depth.
 */
export function arraySets(body: string, name: string): Assignment[] {
  const found: Assignment[] = []
  const single = new RegExp(`\\$${name}\\[(['"])(\\w[\\w.*]*)\\1\\]\\s*=(?!=)`, 'y')
  const whole = new RegExp(`(?:\\$${name}\\s*=|return)\\s*\\[`, 'y')
  let depth = 0
  let i = 0
  while (i < body.length) {
    const c = body[i]
    if (c === "'" || c === '"') {
      i = stringEnd(body, i)
      continue
    }
    if (c === '{') depth++
    else if (c === '}') depth--
    single.lastIndex = i
    whole.lastIndex = i
    const one = single.exec(body)
    const all = one ? null : whole.exec(body)
    if (one) {
      const end = statementEnd(body, single.lastIndex)
      found.push({key: one[2], value: body.slice(single.lastIndex, end).trim(), depth})
      i = end
      continue
    }
    if (all) {
      const open = whole.lastIndex - 1
      const close = closing(body, open)
      for (const e of entries(body.slice(open + 1, close))) {
        if (e.key !== undefined) found.push({key: e.key, value: e.value, depth})
      }
      i = close + 1
      continue
    }
    i++
  }
  return found
}

/** The index of the `;` that ends the statement going on at `from`. */
function statementEnd(body: string, from: number): number {
  let i = from
  while (i < body.length) {
    const c = body[i]
    if (c === "'" || c === '"') {
      i = stringEnd(body, i)
      continue
    }
    if (c === '(' || c === '[' || c === '{') {
      i = closing(body, i) + 1
      continue
    }
    if (c === ';') return i
    i++
  }
  return body.length
}
