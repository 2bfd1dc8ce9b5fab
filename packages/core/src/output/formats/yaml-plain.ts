/**
 * The yaml library's text for the common record, written directly: the library builds a node tree per record and
 * writes ≈3–5 MB/s (an 80 MB list took half a minute), this ≈5× faster. It writes only what it is sure the library
 * writes the same way (packages/core/test/yaml-plain.test.ts compares the two on generated and server-shaped
 * records): maps, lists of scalars or maps, numbers, booleans, null, and strings of printable ASCII (plain where the
 * library leaves them plain, else quoted as the library quotes them). Anything else (a line break, a character past
 * ASCII, a list in a list, an unusual key or number) gives undefined, and the caller asks the library for the whole
 * value.
 */
import type {Schema} from 'yaml'

/** A string the library writes plain: printable ASCII, from a letter, with no `:` or `#`, not ending in a space. */
const PLAIN = /^[A-Za-z](?:[ -"$-9;-~]*[!-"$-9;-~])?$/
/** A string of printable ASCII: the library writes it on one line, plain or quoted. */
const ONE_LINE = /^[ -~]*$/
/**
 * One no YAML writer can leave plain (a space at either end, `: ` or ` #` inside), which the library double-quotes;
 * with no `"` (it would single-quote) or `\` (escaped) there is nothing to change between the quotes.
 */
const DOUBLE = /^[ !#-[\]-~]*$/
const UNPLAIN = /^ | $|: | #/
/** A key the library writes bare, unless a tag of the schema reads it (a long one it would not). */
const KEY = /^[A-Za-z_][A-Za-z0-9_]{0,199}$/

/** The library's text of one string as a map's value (`k: `) or a list's item (`- `). */
export type Quote = (text: string, item: boolean) => string

/** The text the library would write for `value` as a document, each line after `indent`; else undefined. */
export type PlainYaml = (value: unknown, indent?: string) => string | undefined

export function plainYaml(schema: Schema, quote: Quote): PlainYaml {
  const STR = 'tag:yaml.org,2002:str'
  const tags = [...schema.tags, ...(schema.compat ?? [])].filter((t) => t.default && t.tag !== STR && t.test)
  // A plain string another tag would read as a number, a date, a boolean or null is quoted by the library.
  const typed = (s: string): boolean => tags.some((t) => t.test!.test(s))
  const bare = (s: string): boolean => PLAIN.test(s) && !typed(s)

  /** A scalar's text, or undefined. */
  function scalar(v: unknown, item: boolean): string | undefined {
    if (v === null) return 'null'
    if (typeof v === 'boolean') return v ? 'true' : 'false'
    if (typeof v === 'number') {
      const n = String(v)
      return Number.isFinite(v) && !Object.is(v, -0) && !n.includes('e') ? n : undefined
    }
    if (typeof v !== 'string') return undefined
    if (bare(v)) return v
    if (UNPLAIN.test(v) && DOUBLE.test(v)) return `"${v}"`
    if (!ONE_LINE.test(v)) return undefined
    const q = quote(v, item)
    return q.includes('\n') ? undefined : q
  }

  const isMap = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype

  /** A map's lines at `indent`, the first without it (it follows `- ` or starts the document). */
  function map(value: Record<string, unknown>, indent: string, out: string[]): boolean {
    let first = true
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue
      if (!KEY.test(key) || typed(key)) return false
      const v = value[key]
      out.push(first ? `${key}:` : `${indent}${key}:`)
      first = false
      if (!entry(v, indent, false, out)) return false
    }
    return !first
  }

  /** What follows `key:` or `-`: ` scalar`, ` []`, ` {}`, or a nested block on the next lines. */
  function entry(v: unknown, indent: string, item: boolean, out: string[]): boolean {
    if (Array.isArray(v)) {
      if (v.length === 0) return out.push(' []\n') > 0
      // A list in a map is indented under its key; a list in a list is left to the library.
      if (item) return false
      out.push('\n')
      return list(v, `${indent}  `, out)
    }
    if (isMap(v)) {
      if (Object.keys(v).length === 0) return out.push(' {}\n') > 0
      if (item) {
        out.push(' ')
        return map(v, `${indent}  `, out)
      }
      out.push(`\n${indent}  `)
      return map(v, `${indent}  `, out)
    }
    const text = scalar(v, item)
    if (text === undefined) return false
    out.push(` ${text}\n`)
    return true
  }

  /** A non-empty list's items at `indent`. */
  function list(value: unknown[], indent: string, out: string[]): boolean {
    for (const v of value) {
      out.push(`${indent}-`)
      if (!entry(v, indent, true, out)) return false
    }
    return true
  }

  return (value, indent = '') => {
    const out: string[] = []
    if (Array.isArray(value)) return value.length > 0 && list(value, indent, out) ? out.join('') : undefined
    if (isMap(value)) return out.push(indent) && map(value, indent, out) ? out.join('') : undefined
    return undefined
  }
}
