/**
 * The fast path's argv parser. It reads the same flag definitions as oclif and returns what
 * oclif's parser would return, or undefined whenever the command line is anything but plainly
 * valid: an unknown or repeated flag, a missing or extra argument, a value oclif would reject,
 * `--`, help. Then oclif parses it and says what is wrong in its own words. The test
 * test/fast-path-parser.test.ts holds this to oclif's parser over generated command lines.
 */

/** The part of an oclif flag definition the parser reads. */
export interface FlagDef {
  type: 'boolean' | 'option'
  kind: 'boolean' | 'string' | 'integer'
  char?: string
  multiple?: boolean
  options?: readonly string[]
  default?: unknown
  required?: boolean
  exclusive?: readonly string[]
  allowNo?: boolean
  min?: number
  max?: number
  [other: string]: unknown
}

export interface ArgDef {
  kind: 'string'
  required?: boolean
  [other: string]: unknown
}

export interface Parsed {
  flags: Record<string, unknown>
  args: Record<string, string | undefined>
}

export function parseArgv(
  argv: readonly string[],
  flags: Record<string, FlagDef>,
  args: Record<string, ArgDef>,
): Parsed | undefined {
  const byChar = new Map(Object.entries(flags).flatMap(([name, f]) => (f.char ? [[f.char, name] as const] : [])))
  const flagName = (token: string): string | undefined => {
    if (token.startsWith('--')) return Object.hasOwn(flags, token.slice(2)) ? token.slice(2) : undefined
    return token.startsWith('-') && token.length >= 2 ? byChar.get(token[1]) : undefined
  }

  const values: Record<string, unknown> = {}
  const positional: string[] = []
  // oclif gives the words after a repeatable flag's value to that flag (`--id a b`), until the next option flag.
  let greedy: string | undefined
  const queue = [...argv]
  while (queue.length > 0) {
    const token = queue.shift()!
    if (token === '-' || !token.startsWith('-')) {
      if (greedy === undefined) positional.push(token)
      else {
        const parsed = flagValue(flags[greedy], token)
        if (parsed === undefined) return undefined
        ;(values[greedy] as unknown[]).push(parsed)
      }
      continue
    }
    // `--no-NAME` of a boolean flag that allows it (oclif's allowNo): false, as oclif gives it.
    const negated =
      token.startsWith('--no-') && !Object.hasOwn(flags, token.slice(2)) ? flags[token.slice(5)] : undefined
    if (negated?.type === 'boolean' && negated.allowNo === true) {
      if (token.slice(5) in values) return undefined
      values[token.slice(5)] = false
      continue
    }
    let name = flagName(token)
    let value: string | undefined
    if (token.startsWith('--')) {
      const eq = token.indexOf('=')
      if (name === undefined && eq > 2) {
        name = flagName(token.slice(0, eq))
        value = token.slice(eq + 1)
        if (name === undefined || flags[name].type === 'boolean') return undefined
      }
    } else if (name !== undefined && token.length > 2) {
      if (flags[name].type === 'boolean') return undefined // -yv: several short flags in one
      value = token.slice(token[2] === '=' ? 3 : 2)
    }
    if (name === undefined) return undefined // unknown flag, --help, --, a negative number
    const def = flags[name]
    if (def.type === 'boolean') {
      if (name in values) return undefined
      values[name] = true
      continue
    }
    if (value === undefined) value = queue.shift()
    if (value === undefined || flagName(value) !== undefined) return undefined
    const parsed = flagValue(def, value)
    if (parsed === undefined) return undefined
    if (def.multiple) {
      values[name] = [...((values[name] as unknown[] | undefined) ?? []), parsed]
      greedy = name
    } else {
      if (name in values) return undefined
      values[name] = parsed
      greedy = undefined
    }
  }

  for (const [name, def] of Object.entries(flags)) {
    if (name in values) {
      if (def.exclusive?.some((other) => other in values)) return undefined
    } else if (def.required) return undefined
    else if (def.default !== undefined) values[name] = def.default
  }

  const argNames = Object.keys(args)
  if (positional.length > argNames.length) return undefined
  const argValues: Record<string, string | undefined> = {}
  for (const [i, name] of argNames.entries()) {
    if (i >= positional.length && args[name].required) return undefined
    if (i < positional.length) argValues[name] = positional[i]
  }
  return {flags: values, args: argValues}
}

/** A flag's value as oclif's builders would make it, or undefined where oclif would refuse it. */
function flagValue(def: FlagDef, value: string): unknown {
  if (def.options && !def.options.includes(value)) return undefined
  if (def.kind !== 'integer') return value
  if (!/^\d+$/.test(value)) return undefined
  const n = Number.parseInt(value, 10)
  if ((def.min !== undefined && n < def.min) || (def.max !== undefined && n > def.max)) return undefined
  return n
}
