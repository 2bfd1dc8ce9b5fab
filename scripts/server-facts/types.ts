/**
 * The types of the server's fields, as its source gives them: rules, casts, answers, table columns
 * and the overrides, with the notes on what was only guessed. Part of scripts/server-facts.ts.
 */
import {SERVER_TYPES, type ServerFields, type ServerType} from '../../packages/core/src/registry/server/types.js'
import {OVERRIDES} from './overrides.js'
import {answerType, type Rule, type Transformer} from './read.js'
import {type Column} from './read-schema.js'

/**
 * Fields kept out whatever the source says: uploads, which go through multipart forms, never JSON.
 * `documents` and `file` are the upload fields of every request, whatever their rule says.
 */
export const isUpload = (name: string, rule: Rule | undefined) =>
  name === 'documents' || name === 'file' || (rule?.tokens.some((t) => t === 'file' || t.startsWith('mimes:')) ?? false)

/** Notes on what was only guessed, printed at the end. */
export const guesses: string[] = []
export const usedOverrides = new Set<string>()

export function override(key: string) {
  const o = OVERRIDES[key]
  if (o) usedOverrides.add(key)
  return o
}

// ---- types --------------------------------------------------------------------------------------

export const has = (tokens: readonly string[], word: string) =>
  tokens.some((t) => t === word || t.startsWith(`${word}:`))

/** The type a field's rule words give, or `array` when they say only that it is one, or undefined. */
export function ruleType(
  tokens: readonly string[],
  name: string,
  decoded: ReadonlySet<string>,
): ServerType | 'array' | undefined {
  const id = name.endsWith('_id')
  if (has(tokens, 'email')) return 'email'
  if (has(tokens, 'url')) return 'url'
  if (has(tokens, 'date') || has(tokens, 'date_format')) return 'date'
  if (has(tokens, 'boolean') || has(tokens, 'bool')) return 'bool'
  if (has(tokens, 'integer') || has(tokens, 'digits_between')) return decoded.has(name) ? 'hid' : id ? 'iid' : 'int'
  if (has(tokens, 'numeric')) return 'num'
  if (has(tokens, 'array')) return 'array'
  const exists = tokens.find((t) => t.startsWith('exists:'))
  if (exists) {
    const column = exists.split(',')[1]
    if (column === 'id' || column === '' || column === undefined) return decoded.has(name) ? 'hid' : 'iid'
    return 'str'
  }
  if (decoded.has(name)) return 'hid'
  if (has(tokens, 'string')) return 'str'
  return undefined
}

/** The rule words that make Laravel refuse a value of another type (a cast only converts). */
export const TYPE_WORDS: Partial<Record<ServerType, readonly string[]>> = {
  email: ['email'],
  url: ['url'],
  date: ['date', 'date_format'],
  bool: ['boolean', 'bool'],
  int: ['integer'],
  iid: ['integer'],
  num: ['numeric', 'integer'],
  str: ['string'],
  obj: ['array'],
  objs: ['array'],
  strs: ['array'],
}

/** Whether a field's rule words enforce the type it was given (a rule, not a cast, says it). */
export function enforced(tokens: readonly string[], type: ServerType): boolean {
  return (TYPE_WORDS[type] ?? []).some((word) => has(tokens, word))
}

/** The type a model cast gives, or `array`, or undefined. */
export function castType(cast: string | undefined, name: string): ServerType | 'array' | undefined {
  if (cast === undefined) return undefined
  const id = name.endsWith('_id')
  if (/^(bool|boolean)$/.test(cast)) return 'bool'
  if (/^(int|integer)$/.test(cast)) return id ? 'iid' : 'int'
  if (/^(float|double|real|decimal)/.test(cast)) return 'num'
  if (/^(date|immutable_date)/.test(cast)) return 'date'
  if (/^(object)$/.test(cast)) return 'obj'
  if (/^(array|json|collection)$/.test(cast)) return 'array'
  if (/^(string|encrypted)$/.test(cast)) return id ? undefined : 'str'
  return undefined
}

export interface Context {
  word: string
  rules: Map<string, Rule>
  decoded: Set<string>
  casts: Map<string, string>
  transformer?: Transformer
  /** The columns of the family's table. */
  columns: Map<string, Column>
}

/** The type a database column gives, or `array` for JSON, or undefined. */
export function columnType(column: Column | undefined, name: string): ServerType | 'array' | undefined {
  if (column === 'int') return name.endsWith('_id') ? 'iid' : 'int'
  if (column === 'datetime') return 'date'
  if (column === 'json') return 'array'
  if (column === 'other') return undefined
  return column
}

/**
 * A field's type: an override, else what the source says. A key of an object or list field is
 * `name` under the rule key `path` (`invitations.*.id`); its override key drops the `*`.
 */
export function fieldType(ctx: Context, name: string, path = name): ServerType {
  const label = path.replace('.*.', '.')
  const o = override(`${ctx.word}:${label}`)
  const read = inferType(ctx, name, path)
  if (!o?.type) {
    if (read.guess) guesses.push(`${ctx.word}: ${label} ${read.guess}`)
    return read.type
  }
  if (o.type === read.type && !read.guess && !o.add)
    guesses.push(`override agrees with the source: ${ctx.word}:${label}`)
  return o.type
}

/**
 * The type the source gives: the rules, decoding, model cast, answer, table column, then the name;
 * `guess` says how it was taken when nothing said it plainly.
 */
export function inferType(ctx: Context, name: string, path: string): {type: ServerType; guess?: string} {
  // Lists of records the repositories save one by one, whatever the model casts them to.
  if (path === name && (name === 'line_items' || name === 'contacts')) return {type: 'objs'}
  const tokens = ctx.rules.get(path)?.tokens ?? []
  let type = ruleType(tokens, name, ctx.decoded)
  if (type === undefined && path === name) {
    const answer = ctx.transformer?.keys.get(name)
    type =
      castType(ctx.casts.get(name), name) ??
      (answer === undefined ? undefined : answerType(answer, name)) ??
      columnType(ctx.columns.get(name), name)
  }
  const nested = [...ctx.rules.keys()].filter((k) => k.startsWith(`${path}.`))
  if (type === undefined && nested.length > 0) type = 'array'
  if (type === 'array') {
    if (nested.some((k) => k.startsWith(`${path}.*.`))) return {type: 'objs'}
    if (nested.includes(`${path}.*`)) return {type: 'strs'}
    if (nested.length > 0) return {type: 'obj'}
    return {type: 'obj', guess: 'is a PHP array or JSON column, taken as an object'}
  }
  if (type !== undefined) return {type}
  if (name.endsWith('_id')) return {type: 'iid', guess: 'is an integer id by its name only'}
  if (path !== name || tokens.some((t) => t.startsWith('in:'))) return {type: 'str'}
  return {type: 'str', guess: 'has no type anywhere, taken as a string'}
}

/** Names grouped by type, each group sorted, as space-separated strings. */
export function byType(types: Map<string, ServerType>): ServerFields {
  const out: ServerFields = {}
  for (const t of SERVER_TYPES) {
    const names = [...types].filter(([, type]) => type === t).map(([n]) => n)
    if (names.length > 0) out[t] = names.sort().join(' ')
  }
  return out
}
