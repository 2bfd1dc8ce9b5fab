/**
 * One family's facts (its writable fields, required fields, value sets, items, answer, filters),
 * the generic filters and the element tables. Part of scripts/server-facts.ts.
 */
import type {ServerFields, ServerType} from '../../packages/core/src/registry/server/types.js'
import {type Value} from './emit.js'
import {MEANINGS, NAMES_RECORD, SORT_MEANING, VALUES} from './meanings.js'
import {OVERRIDES} from './overrides.js'
import {byType, castType, type Context, enforced, fieldType, guesses, isUpload, override} from './types.js'
import {
  php,
  readBase,
  readController,
  readInvoiceItem,
  readModel,
  readRequest,
  readTransformer,
  type Read,
  type Request,
  type Rule,
  type Transformer,
} from './read.js'
import {readFilters, type Filter} from './read-filters.js'
import {savedThroughCalculator} from './read-totals.js'
import {tableOf, type Column, type Schema} from './read-schema.js'

// ---- one family ---------------------------------------------------------------------------------

export interface Shared {
  read: Read
  base: ReturnType<typeof readBase>
  constants: Map<string, string>
  schema: Schema
  /** What a document's calculator sets on every save (read-totals.ts). */
  calculated: Set<string>
}

/** A model's table: its name, its columns, and the values of its enum columns. */
export function tableFacts(shared: Shared, model: string) {
  const name = tableOf(shared.read, model)
  const columns = shared.schema.tables.get(name)
  if (!columns) throw new Error(`${model}: no table ${name} in the schema`)
  const enums = new Map(
    [...shared.schema.enums].filter(([k]) => k.startsWith(`${name}.`)).map(([k, v]) => [k.slice(name.length + 1), v]),
  )
  return {name, columns, enums}
}

export function family(shared: Shared, word: string, controller: string): Record<string, Value> {
  const {read} = shared
  const c = readController(read, controller)
  if (!c.model || !c.transformer) throw new Error(`${controller}Controller: no model or transformer named`)
  const model = readModel(read, c.model)
  const transformer = readTransformer(read, c.transformer)
  const store = c.store ? readRequest(read, c.store, shared.base) : undefined
  const update = c.update ? readRequest(read, c.update, shared.base) : undefined
  const out: Record<string, Value> = {}
  const table = tableFacts(shared, c.model)
  const calculated = savedThroughCalculator(read, c.model) ? shared.calculated : new Set<string>()
  if (store || update) Object.assign(out, writable(word, model, transformer, table, store, update, calculated))
  out.answer = [...transformer.keys.keys(), ...transformer.defaults.filter((d) => !transformer.keys.has(d))].join(' ')
  if (transformer.includes.length > 0) out.includes = transformer.includes.join(' ')
  if (c.filters) {
    out.filters = filters(shared, word, c.filters)
    out.generic = generic(table.columns, Object.keys(out.filters)).join(' ')
  } else if (c.indexReads.length > 0) {
    out.filters = Object.fromEntries(
      c.indexReads.map((name) => {
        const means = MEANINGS[`${word}:${name}`]
        if (means === undefined) throw new Error(`${controller}Controller: no meaning for ${name} (meanings.ts)`)
        return [name, {means}]
      }),
    )
  }
  return out
}

export function writable(
  word: string,
  model: ReturnType<typeof readModel>,
  transformer: Transformer,
  table: ReturnType<typeof tableFacts>,
  store: Request | undefined,
  update: Request | undefined,
  calculated: ReadonlySet<string> = new Set(),
): Record<string, Value> {
  // Rules of both requests together; a key's words are those of either (the store's first).
  const rules = new Map<string, Rule>()
  for (const r of [store, update]) {
    for (const [k, rule] of r?.rules ?? []) {
      const seen = rules.get(k)
      rules.set(k, seen ? {tokens: [...seen.tokens, ...rule.tokens], always: seen.always || rule.always} : rule)
    }
  }
  const decoded = new Set([...(store?.decoded ?? []), ...(update?.decoded ?? [])])
  const {columns} = table
  const ctx: Context = {word, rules, decoded, casts: model.casts, transformer, columns}
  // The base request's generic rules (assigned_user_id, ...) type a field of the family, never add one.
  const own = (k: string) => (store?.own.has(k) ?? false) || (update?.own.has(k) ?? false)
  const ruled = [...rules.keys()].filter(own).map((k) => k.split('.')[0])
  const names = new Set([...model.fillable, ...ruled])
  // Keys the request reads into others before validation (`country_code`): fields as sent, strings.
  const prepared = [...(store?.prepared ?? []), ...(update?.prepared ?? [])].filter((k) => !names.has(k))
  for (const key of Object.keys(OVERRIDES)) {
    const [w, field] = key.split(':')
    if (w === word && OVERRIDES[key].add && !field.includes('.')) names.add(field)
  }
  const types = new Map<string, ServerType>()
  for (const name of names) {
    if (isUpload(name, rules.get(name))) continue
    // Filling an attribute the table lacks makes the save fail: the field is not one to send.
    if (model.fillable.includes(name) && !columns.has(name) && !rules.has(name)) {
      guesses.push(`${word}: ${name} is fillable but ${table.name} has no such column: left out`)
      continue
    }
    if (override(`${word}:${name}`)?.drop) continue
    types.set(name, fieldType(ctx, name))
  }
  for (const name of prepared) if (!override(`${word}:${name}`)?.drop && !types.has(name)) types.set(name, 'str')
  const out: Record<string, Value> = {fields: byType(types)}
  const converted = new Set([...(store?.converted ?? []), ...(update?.converted ?? [])])
  const strict = [...types]
    .filter(([name, type]) => !converted.has(name) && enforced(rules.get(name)?.tokens ?? [], type))
    .map(([n]) => n)
  if (strict.length > 0) out.strict = strict.sort().join(' ')

  const required = (r: Request | undefined) =>
    [...(r?.rules ?? [])]
      .filter(([k, rule]) => types.has(k) && rule.always && rule.tokens.includes('required') && !r?.defaulted.has(k))
      .map(([k]) => k)
      .sort()
      .join(' ')
  const req: Record<string, string> = {}
  if (required(store)) req.create = required(store)
  if (required(update)) req.update = required(update)
  if (Object.keys(req).length > 0) out.required = req

  const fixed = [...(update?.rules ?? [])]
    .filter(([k, r]) => types.has(k) && r.tokens.includes('fixed'))
    .map(([k]) => k)
  if (fixed.length > 0) out.fixed = fixed.sort().join(' ')

  // What the request sets aside however it is sent (a new document's amount is zeroed, then worked out).
  const aside = (r: Request | undefined, verb: 'create' | 'update') =>
    [...(r?.setAside ?? []), ...[...types.keys()].filter((k) => override(`${word}:${k}`)?.aside === verb)]
      .filter((k) => types.has(k))
      .sort()
      .join(' ')
  const ignored: Record<string, string> = {}
  if (aside(store, 'create')) ignored.create = aside(store, 'create')
  if (aside(update, 'update')) ignored.update = aside(update, 'update')
  if (Object.keys(ignored).length > 0) out.ignored = ignored
  const keptWith = new Map([...(store?.keptWith ?? []), ...(update?.keptWith ?? [])].filter(([k]) => types.has(k)))
  if (keptWith.size > 0) out.keptWith = Object.fromEntries([...keptWith].sort())
  // What an update sets anew when the request leaves it out (a product's quantity: 1), unless it is set aside anyway.
  const refilled = [...(update?.refilled ?? [])].filter((k) => types.has(k) && !update?.setAside.has(k)).sort()
  if (refilled.length > 0) out.refilled = {update: refilled.join(' ')}
  // What every save works out itself, after the rules: a document's amount, from its lines.
  const worked = [...calculated].filter((k) => types.has(k)).sort()
  if (worked.length > 0) out.calculated = worked.join(' ')

  const values: Record<string, string> = {}
  for (const [k, set] of table.enums) if (types.has(k)) values[k] = set.join(' ')
  for (const [k, rule] of rules) {
    const set = rule.tokens.find((t) => t.startsWith('in:') && t.length > 3)
    const top = k.split('.')[0]
    if (set && types.has(top) && !k.includes('*')) values[k] = set.slice(3).split(',').join(' ')
  }
  if (Object.keys(values).length > 0) out.values = values

  const items: Record<string, string | ServerFields> = {}
  for (const [name, type] of types) {
    if (name === 'line_items') items[name] = 'line_item'
    else if (name === 'contacts') items[name] = `${table.name.replace(/s$/, '')}_contact`
    else if (type === 'obj' || type === 'objs') {
      const prefix = type === 'objs' ? `${name}.*.` : `${name}.`
      const keys = new Set([...rules.keys()].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length)))
      for (const key of Object.keys(OVERRIDES)) {
        if (key.startsWith(`${word}:${name}.`) && OVERRIDES[key].add) keys.add(key.slice(word.length + name.length + 2))
      }
      const inner = new Map<string, ServerType>()
      for (const k of keys) if (!k.includes('.') && !k.includes('*')) inner.set(k, fieldType(ctx, k, `${prefix}${k}`))
      if (inner.size > 0) items[name] = byType(inner)
    }
  }
  if (Object.keys(items).length > 0) out.items = items
  return out
}

/** The family's own filters: meaning, known values, searched columns. */
export function filters(shared: Shared, word: string, path: string): Record<string, Value> {
  return Object.fromEntries(
    readFilters(shared.read, path, shared.constants).map((f) => [f.name, filterFact(shared, f, word)]),
  )
}

/** One filter as the tables give it; `word` picks a family's own meaning where it has one. */
export function filterFact(shared: Shared, f: Filter, word?: string): Record<string, string> {
  let means = f.name === 'sort' ? SORT_MEANING[f.checksColumn ? 'checked' : 'unchecked'] : undefined
  means ??= (word && MEANINGS[`${word}:${f.name}`]) || MEANINGS[f.name]
  if (means === undefined)
    throw new Error(`${word ?? 'QueryFilters'}: no meaning for the filter ${f.name} (meanings.ts)`)
  const fact: Record<string, string> = {means}
  const values = VALUES[f.name] ?? (f.splits ? operators(shared).join(' ') : f.values.join(' '))
  if (values) fact.values = values
  if (f.search.length > 0) fact.search = f.search.join(' ')
  const record = (word && NAMES_RECORD[`${word}:${f.name}`]) ?? NAMES_RECORD[f.name]
  if (record) fact.record = record === 'itself' && word ? word : record
  return fact
}

/** The operators QueryFilters' split() knows (`lt`, `gte`, ...). */
export function operators(shared: Shared): string[] {
  return [...php(shared.read, 'app/Filters/QueryFilters.php').matchAll(/case\s+'(\w+)':/g)].map((m) => m[1])
}

/**
 * The generic filters that act on the family's records: each reads columns (`client_id`, `date`,
 * `is_deleted`, ...) that its table must have, else it is ignored or fails.
 */
export function generic(columns: Map<string, Column>, own: readonly string[]): string[] {
  const needs: Record<string, string[]> = {
    status: ['deleted_at', 'is_deleted'],
    created_at: ['created_at'],
    updated_at: ['updated_at'],
    is_deleted: ['is_deleted'],
    with_trashed: ['is_deleted'],
    with: ['id'],
    client_id: ['client_id'],
    filter_deleted_clients: ['client_id'],
    without_deleted_clients: ['client_id'],
    vendor_id: ['vendor_id'],
    without_deleted_vendors: ['vendor_id'],
    date_range: ['date'],
    due_date_range: ['due_date'],
  }
  return Object.keys(needs).filter((f) => !own.includes(f) && needs[f].every((c) => columns.has(c)))
}

// ---- the generic filters and the element tables -------------------------------------------------

export function genericFilters(shared: Shared): Record<string, Value> {
  const all = readFilters(shared.read, 'app/Filters/QueryFilters.php', shared.constants)
  return Object.fromEntries(all.map((f) => [f.name, filterFact(shared, f)]))
}

export function elements(shared: Shared): Record<string, Value> {
  const {read, base} = shared
  const item = new Map<string, ServerType>()
  for (const [name, cast] of readInvoiceItem(read)) {
    const o = override(`line_item:${name}`)
    // Casts say what a value is kept as; a string cast on an `_id` here is that and nothing more.
    const type = o?.type ?? castType(cast, name) ?? (cast === 'string' ? 'str' : undefined)
    if (type === undefined || type === 'array') throw new Error(`InvoiceItem: no type for ${name}`)
    item.set(name, type)
  }
  const contact = (kind: string, controller: string, modelName: string) => {
    const c = readController(read, controller)
    const model = readModel(read, modelName)
    const transformer = readTransformer(read, `${modelName}Transformer`)
    const rules = new Map<string, Rule>()
    const decoded = new Set<string>()
    for (const path of [c.store, c.update]) {
      if (!path) continue
      const r = readRequest(read, path, base)
      for (const [k, rule] of r.rules) if (k.startsWith('contacts.*.')) rules.set(k.slice(11), rule)
    }
    const {columns} = tableFacts(shared, modelName)
    const ctx: Context = {word: kind, rules, decoded, casts: model.casts, transformer, columns}
    const names = new Set([...model.fillable, ...rules.keys()])
    for (const key of Object.keys(OVERRIDES))
      if (key.startsWith(`${kind}:`) && OVERRIDES[key].add) names.add(key.slice(kind.length + 1))
    const types = new Map<string, ServerType>()
    for (const n of names) if (!override(`${kind}:${n}`)?.drop) types.set(n, fieldType(ctx, n))
    const strict = [...types].filter(([n, type]) => enforced(rules.get(n)?.tokens ?? [], type)).map(([n]) => n)
    const out: Record<string, Value> = {fields: byType(types)}
    if (strict.length > 0) out.strict = strict.sort().join(' ')
    return {...out, answer: [...transformer.keys.keys()].join(' ')}
  }
  return {
    line_item: {fields: byType(item)},
    client_contact: contact('client_contact', 'Client', 'ClientContact'),
    vendor_contact: contact('vendor_contact', 'Vendor', 'VendorContact'),
  }
}
