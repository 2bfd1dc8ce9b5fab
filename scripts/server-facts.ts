// `npx tsx scripts/server-facts.ts <server checkout>`, or `... --git <git dir> [--ref <ref>]` to read a
// commit of a clone without a work tree: reads the Invoice Ninja server's own source (app/Models,
// app/Http/Requests, app/Transformers, app/Filters, app/DataMapper/InvoiceItem.php, and the table
// columns of database/schema and database/migrations) and writes what it knows of each family's
// fields and filters to packages/core/src/registry/server/*.ts, as our own data: names, types,
// required-ness, value sets. `--check` writes nothing and fails when the committed tables differ.
// Judgement calls a regex-level reading cannot make are in server-facts/overrides.ts, the filters'
// meanings in server-facts/meanings.ts; what it could only guess is listed on stderr.
import {execFileSync} from 'node:child_process'
import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {basename, dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'

import {SERVER_TYPES, type ServerFields, type ServerType} from '../packages/core/src/registry/server/types.js'
import {emitFile, type Value} from './server-facts/emit.js'
import {LIST_PARAMS, MEANINGS, SORT_MEANING, VALUES} from './server-facts/meanings.js'
import {OVERRIDES} from './server-facts/overrides.js'
import {
  answerType,
  filterConstants,
  php,
  readBase,
  readController,
  readFilters,
  readInvoiceItem,
  readModel,
  readRequest,
  readSchema,
  readTransformer,
  tableOf,
  type Column,
  type Filter,
  type List,
  type Read,
  type Request,
  type Rule,
  type Schema,
  type Transformer,
} from './server-facts/read.js'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const OUT = join(ROOT, 'packages', 'core', 'src', 'registry', 'server')

type Group = 'banking' | 'catalog' | 'documents' | 'logs' | 'money' | 'parties' | 'recurring' | 'settings'

/** Each family of the CLI: its command word, the server's controller for it, the file it goes in. */
const FAMILIES: ReadonlyArray<[word: string, controller: string, group: Group]> = [
  ['designs', 'Design', 'catalog'],
  ['documents', 'Document', 'catalog'],
  ['products', 'Product', 'catalog'],
  ['projects', 'Project', 'catalog'],
  ['subscriptions', 'Subscription', 'catalog'],
  ['task-statuses', 'TaskStatus', 'catalog'],
  ['tasks', 'Task', 'catalog'],
  ['credits', 'Credit', 'documents'],
  ['invoices', 'Invoice', 'documents'],
  ['purchase-orders', 'PurchaseOrder', 'documents'],
  ['quotes', 'Quote', 'documents'],
  ['recurring-invoices', 'RecurringInvoice', 'recurring'],
  ['recurring-quotes', 'RecurringQuote', 'recurring'],
  ['activities', 'Activity', 'logs'],
  ['company-ledger', 'CompanyLedger', 'logs'],
  ['system-logs', 'SystemLog', 'logs'],
  ['bank-integrations', 'BankIntegration', 'banking'],
  ['bank-transaction-rules', 'BankTransactionRule', 'banking'],
  ['bank-transactions', 'BankTransaction', 'banking'],
  ['company-gateways', 'CompanyGateway', 'banking'],
  ['expense-categories', 'ExpenseCategory', 'money'],
  ['expenses', 'Expense', 'money'],
  ['payment-terms', 'PaymentTerm', 'money'],
  ['payments', 'Payment', 'money'],
  ['recurring-expenses', 'RecurringExpense', 'money'],
  ['tax-rates', 'TaxRate', 'money'],
  ['client-gateway-tokens', 'ClientGatewayToken', 'parties'],
  ['clients', 'Client', 'parties'],
  ['group-settings', 'GroupSetting', 'parties'],
  ['users', 'User', 'parties'],
  ['vendors', 'Vendor', 'parties'],
  ['companies', 'Company', 'settings'],
  ['task-schedulers', 'TaskScheduler', 'settings'],
  ['tokens', 'Token', 'settings'],
  ['webhooks', 'Webhook', 'settings'],
]

const GROUP_TITLES: Record<Group, string> = {
  banking: 'Banking and gateways: bank integrations, bank transactions and their rules, company gateways',
  catalog: 'What is sold and worked on: designs, documents, products, projects, subscriptions, tasks',
  documents: 'Documents sent to a party: invoices, quotes, credits, purchase orders',
  logs: 'Read-only logs: activities, the company ledger, system logs',
  money: 'Money in and out: payments, expenses, recurring expenses, their categories, terms and tax rates',
  parties: 'The people and companies records are for: clients, vendors, users, their groups and tokens',
  recurring: 'Documents sent on a schedule: recurring invoices and recurring quotes',
  settings: "The account's own settings: companies, scheduled tasks, API tokens, webhooks",
}

/**
 * Fields kept out whatever the source says: uploads, which go through multipart forms, never JSON.
 * `documents` and `file` are the upload fields of every request, whatever their rule says.
 */
const isUpload = (name: string, rule: Rule | undefined) =>
  name === 'documents' || name === 'file' || (rule?.tokens.some((t) => t === 'file' || t.startsWith('mimes:')) ?? false)

/** Notes on what was only guessed, printed at the end. */
const guesses: string[] = []
const usedOverrides = new Set<string>()

function override(key: string) {
  const o = OVERRIDES[key]
  if (o) usedOverrides.add(key)
  return o
}

// ---- types --------------------------------------------------------------------------------------

const has = (tokens: readonly string[], word: string) => tokens.some((t) => t === word || t.startsWith(`${word}:`))

/** The type a field's rule words give, or `array` when they say only that it is one, or undefined. */
function ruleType(
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
const TYPE_WORDS: Partial<Record<ServerType, readonly string[]>> = {
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
function enforced(tokens: readonly string[], type: ServerType): boolean {
  return (TYPE_WORDS[type] ?? []).some((word) => has(tokens, word))
}

/** The type a model cast gives, or `array`, or undefined. */
function castType(cast: string | undefined, name: string): ServerType | 'array' | undefined {
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

interface Context {
  word: string
  rules: Map<string, Rule>
  decoded: Set<string>
  casts: Map<string, string>
  transformer?: Transformer
  /** The columns of the family's table. */
  columns: Map<string, Column>
}

/** The type a database column gives, or `array` for JSON, or undefined. */
function columnType(column: Column | undefined, name: string): ServerType | 'array' | undefined {
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
function fieldType(ctx: Context, name: string, path = name): ServerType {
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
function inferType(ctx: Context, name: string, path: string): {type: ServerType; guess?: string} {
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
function byType(types: Map<string, ServerType>): ServerFields {
  const out: ServerFields = {}
  for (const t of SERVER_TYPES) {
    const names = [...types].filter(([, type]) => type === t).map(([n]) => n)
    if (names.length > 0) out[t] = names.sort().join(' ')
  }
  return out
}

// ---- one family ---------------------------------------------------------------------------------

interface Shared {
  read: Read
  base: ReturnType<typeof readBase>
  constants: Map<string, string>
  schema: Schema
}

/** A model's table: its name, its columns, and the values of its enum columns. */
function tableFacts(shared: Shared, model: string) {
  const name = tableOf(shared.read, model)
  const columns = shared.schema.tables.get(name)
  if (!columns) throw new Error(`${model}: no table ${name} in the schema`)
  const enums = new Map(
    [...shared.schema.enums].filter(([k]) => k.startsWith(`${name}.`)).map(([k, v]) => [k.slice(name.length + 1), v]),
  )
  return {name, columns, enums}
}

function family(shared: Shared, word: string, controller: string): Record<string, Value> {
  const {read} = shared
  const c = readController(read, controller)
  if (!c.model || !c.transformer) throw new Error(`${controller}Controller: no model or transformer named`)
  const model = readModel(read, c.model)
  const transformer = readTransformer(read, c.transformer)
  const store = c.store ? readRequest(read, c.store, shared.base) : undefined
  const update = c.update ? readRequest(read, c.update, shared.base) : undefined
  const out: Record<string, Value> = {}
  const table = tableFacts(shared, c.model)
  if (store || update) Object.assign(out, writable(word, model, transformer, table, store, update))
  out.answer = [...transformer.keys.keys(), ...transformer.defaults.filter((d) => !transformer.keys.has(d))].join(' ')
  if (transformer.includes.length > 0) out.includes = transformer.includes.join(' ')
  if (c.filters) {
    out.filters = filters(shared, word, c.filters)
    out.generic = generic(table.columns, Object.keys(out.filters)).join(' ')
  }
  return out
}

function writable(
  word: string,
  model: ReturnType<typeof readModel>,
  transformer: Transformer,
  table: ReturnType<typeof tableFacts>,
  store: Request | undefined,
  update: Request | undefined,
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
  const out: Record<string, Value> = {fields: byType(types)}
  const strict = [...types].filter(([name, type]) => enforced(rules.get(name)?.tokens ?? [], type)).map(([n]) => n)
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
function filters(shared: Shared, word: string, path: string): Record<string, Value> {
  return Object.fromEntries(
    readFilters(shared.read, path, shared.constants).map((f) => [f.name, filterFact(shared, f, word)]),
  )
}

/** One filter as the tables give it; `word` picks a family's own meaning where it has one. */
function filterFact(shared: Shared, f: Filter, word?: string): Record<string, string> {
  let means = f.name === 'sort' ? SORT_MEANING[f.checksColumn ? 'checked' : 'unchecked'] : undefined
  means ??= (word && MEANINGS[`${word}:${f.name}`]) || MEANINGS[f.name]
  if (means === undefined)
    throw new Error(`${word ?? 'QueryFilters'}: no meaning for the filter ${f.name} (meanings.ts)`)
  const fact: Record<string, string> = {means}
  const values = VALUES[f.name] ?? (f.splits ? operators(shared).join(' ') : f.values.join(' '))
  if (values) fact.values = values
  if (f.search.length > 0) fact.search = f.search.join(' ')
  return fact
}

/** The operators QueryFilters' split() knows (`lt`, `gte`, ...). */
function operators(shared: Shared): string[] {
  return [...php(shared.read, 'app/Filters/QueryFilters.php').matchAll(/case\s+'(\w+)':/g)].map((m) => m[1])
}

/**
 * The generic filters that act on the family's records: each reads columns (`client_id`, `date`,
 * `is_deleted`, ...) that its table must have, else it is ignored or fails.
 */
function generic(columns: Map<string, Column>, own: readonly string[]): string[] {
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

function genericFilters(shared: Shared): Record<string, Value> {
  const all = readFilters(shared.read, 'app/Filters/QueryFilters.php', shared.constants)
  return Object.fromEntries(all.map((f) => [f.name, filterFact(shared, f)]))
}

function elements(shared: Shared): Record<string, Value> {
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

// ---- main ---------------------------------------------------------------------------------------

function source(positionals: string[], git?: string, ref = 'HEAD'): {read: Read; list: List; label: string} {
  if (git) {
    const run = (args: string[]) => execFileSync('git', ['-C', git, ...args], {encoding: 'utf8', maxBuffer: 1 << 26})
    const read: Read = (path) => {
      try {
        return run(['show', `${ref}:${path}`])
      } catch {
        return undefined
      }
    }
    const list: List = (dir) =>
      run(['ls-tree', '--name-only', ref, `${dir}/`])
        .split('\n')
        .filter(Boolean)
        .map((path) => basename(path))
    return {read, list, label: `${ref} of ${git}`}
  }
  const dir = positionals[0]
  if (!dir || !existsSync(join(dir, 'app'))) {
    throw new Error('usage: tsx scripts/server-facts.ts <server checkout> | --git <git dir> [--ref <ref>] [--check]')
  }
  const read: Read = (path) => (existsSync(join(dir, path)) ? readFileSync(join(dir, path), 'utf8') : undefined)
  const list: List = (sub) => (existsSync(join(dir, sub)) ? readdirSync(join(dir, sub)) : [])
  return {read, list, label: dir}
}

function main() {
  const {values: opts, positionals} = parseArgs({
    allowPositionals: true,
    options: {git: {type: 'string'}, ref: {type: 'string'}, check: {type: 'boolean'}},
  })
  const {read, list, label} = source(positionals, opts.git, opts.ref)
  const version = read('VERSION.txt')?.trim()
  if (!version) throw new Error(`${label}: no VERSION.txt`)
  const shared: Shared = {read, base: readBase(read), constants: filterConstants(read), schema: readSchema(read, list)}
  const files = new Map<string, string>()

  const groups = new Map<Group, Record<string, Value>>()
  for (const [word, controller, group] of FAMILIES) {
    groups.set(group, {...groups.get(group), [word]: family(shared, word, controller)})
  }
  for (const [group, data] of groups) {
    const name = `${group.toUpperCase()}_FACTS`
    files.set(
      `${group}.ts`,
      emitFile(version, GROUP_TITLES[group], ['FamilyFacts'], [[name, 'Record<string, FamilyFacts>', data]]),
    )
  }
  files.set(
    'common.ts',
    emitFile(
      version,
      'The filters every filter class has, the list parameters, and the items of list fields',
      ['ElementFacts', 'FilterFact'],
      [
        ['SERVER_VERSION', undefined, version],
        ['GENERIC_FILTERS', 'Record<string, FilterFact>', genericFilters(shared)],
        [
          'LIST_PARAMS',
          'Record<string, FilterFact>',
          Object.fromEntries(Object.entries(LIST_PARAMS).map(([k, means]) => [k, {means}])),
        ],
        ['ELEMENT_FACTS', 'Record<string, ElementFacts>', elements(shared)],
      ],
    ),
  )

  for (const key of Object.keys(OVERRIDES)) if (!usedOverrides.has(key)) guesses.push(`override not used: ${key}`)
  for (const g of guesses) process.stderr.write(`${g}\n`)

  let stale = 0
  for (const [file, text] of files) {
    const path = join(OUT, file)
    const now = existsSync(path) ? readFileSync(path, 'utf8') : undefined
    if (now === text) continue
    stale++
    if (opts.check) process.stderr.write(`${file}: differs from what ${label} gives\n`)
    else writeFileSync(path, text)
  }
  process.stderr.write(
    `server ${version} (${label}): ${files.size} files, ${stale} ${opts.check ? 'differ' : 'written'}\n`,
  )
  if (opts.check && stale > 0) process.exitCode = 1
}

main()
