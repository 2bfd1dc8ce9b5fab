/**
 * The facts scripts/server-facts.ts reads from one kind of server file each: a model, a form
 * request, a transformer, a filter class, a controller. Names and literal rule words only.
 */
import type {ServerType} from '../../packages/core/src/registry/server/types.js'
import {
  arrayProperty,
  arraySets,
  closing,
  functionBody,
  literal,
  literals,
  publicMethods,
  splitTop,
  stripComments,
  type Assignment,
} from './php.js'

/** Reads a file of the server checkout by its path (`app/Models/Invoice.php`), or undefined. */
export type Read = (path: string) => string | undefined

export function php(read: Read, path: string): string {
  const text = read(path)
  if (text === undefined) throw new Error(`${path}: not in the server checkout`)
  return stripComments(text)
}

// ---- controllers --------------------------------------------------------------------------------

export interface Controller {
  model?: string
  transformer?: string
  /** Paths of the store and update form requests, when they are the family's own. */
  store?: string
  update?: string
  /** The filter class the list route applies, when it has one. */
  filters?: string
}

/** What a resource controller names: its model, transformer, form requests and filter class. */
export function readController(read: Read, name: string): Controller {
  const src = php(read, `app/Http/Controllers/${name}Controller.php`)
  const uses = new Map<string, string>()
  for (const m of src.matchAll(/^use\s+App\\([\w\\]+);/gm)) {
    const parts = m[1].split('\\')
    uses.set(parts[parts.length - 1], `app/${parts.join('/')}.php`)
  }
  const param = (method: string) => new RegExp(`public function ${method}\\((\\w+) \\$`).exec(src)?.[1]
  const request = (method: string) => {
    const cls = param(method)
    return cls && cls !== 'Request' && uses.get(cls)?.startsWith('app/Http/Requests/') ? uses.get(cls) : undefined
  }
  const index = param('index')
  return {
    model: /\$entity_type\s*=\s*(\w+)::class/.exec(src)?.[1],
    transformer: /\$entity_transformer\s*=\s*(\w+)::class/.exec(src)?.[1],
    store: request('store'),
    update: request('update'),
    filters: index?.endsWith('Filters') ? uses.get(index) : undefined,
  }
}

// ---- models -------------------------------------------------------------------------------------

export interface Model {
  fillable: string[]
  /** Attribute casts: `'bool'`, `'object'`, `'date:Y-m-d'`, or `class:Name` for a cast class. */
  casts: Map<string, string>
}

export function readModel(read: Read, name: string): Model {
  const src = php(read, `app/Models/${name}.php`)
  const fillable = (arrayProperty(src, 'fillable') ?? []).map((e) => literal(e.value)).filter(isString)
  const casts = new Map<string, string>()
  for (const e of arrayProperty(src, 'casts') ?? []) {
    if (e.key === undefined) continue
    const cls = /^\\?([\w\\]+)::class$/.exec(e.value)
    casts.set(e.key, cls ? `class:${cls[1].split('\\').pop()}` : (literal(e.value) ?? e.value))
  }
  return {fillable: [...new Set(fillable)], casts}
}

// ---- form requests ------------------------------------------------------------------------------

export interface Rule {
  /** Laravel rule words (`required`, `integer`, `exists:clients,id`, `in:post,put`) and markers of rule objects. */
  tokens: string[]
  /** Set unconditionally in rules() (not inside an if, a loop or a closure). */
  always: boolean
}

export interface Request {
  rules: Map<string, Rule>
  /** Keys the request's own rules name (not the base request's generic ones, which only type a field). */
  own: Set<string>
  /** Attributes the request turns from a hashed id into a number (the last key of each decoded path). */
  decoded: Set<string>
  /** Attributes prepareForValidation() fills in when they are missing, so a required rule never fails. */
  defaulted: Set<string>
}

/** The base request's generic rules (`assigned_user_id`, ...) and what its decodePrimaryKeys() decodes. */
export interface Base {
  rules: Assignment[]
  decoded: Set<string>
}

export function readBase(read: Read): Base {
  const src = php(read, 'app/Http/Requests/Request.php')
  const rules: Assignment[] = []
  for (const m of src.matchAll(/private function (\w+)\(\$rules\)/g)) {
    const body = functionBody(src.slice(m.index), m[1]) ?? ''
    // globalRules() adds these only when the request carries the key: conditional.
    rules.push(...arraySets(body, 'rules').map((a) => ({...a, depth: a.depth + 1})))
  }
  return {rules, decoded: decodedNames(functionBody(src, 'decodePrimaryKeys') ?? '')}
}

export function readRequest(read: Read, path: string, base: Base): Request {
  const src = php(read, path)
  const body = functionBody(src, 'rules') ?? ''
  const sets = arraySets(body, 'rules')
  const own = new Set(sets.map((s) => s.key))
  if (/\$this->globalRules\(/.test(body)) sets.unshift(...base.rules)
  const byKey = new Map<string, Assignment[]>()
  for (const s of sets) byKey.set(s.key, [...(byKey.get(s.key) ?? []), s])
  const rules = new Map<string, Rule>()
  for (const [key, list] of byKey) {
    // PHP keeps the last value set: the last unconditional one, else all the conditional ones together.
    const plain = list.filter((s) => s.depth === 0)
    const chosen = plain.length > 0 ? [plain[plain.length - 1]] : list
    rules.set(key, {tokens: chosen.flatMap((s) => ruleTokens(s.value)), always: plain.length > 0})
  }
  const prepare = functionBody(src, 'prepareForValidation') ?? ''
  const decoded = decodedNames(prepare)
  if (/decodePrimaryKeys\(/.test(prepare)) for (const name of base.decoded) decoded.add(name)
  return {rules, own, decoded, defaulted: defaultedNames(prepare)}
}

/** The last literal key of each path given to decodePrimaryKey(): `$input['invitations'][$k]['id']` is `id`. */
function decodedNames(body: string): Set<string> {
  const names = new Set<string>()
  for (const m of body.matchAll(/decodePrimaryKey\s*\(/g)) {
    const open = m.index + m[0].length - 1
    const arg = body.slice(open + 1, closing(body, open))
    const keys = [...arg.matchAll(/\[\s*'(\w+)'\s*\]/g)]
    if (keys.length > 0) names.add(keys[keys.length - 1][1])
  }
  return names
}

/** Keys that prepareForValidation() sets when the input lacks them (`if (!isset($input['x'])) $input['x'] = ...`). */
function defaultedNames(body: string): Set<string> {
  const names = new Set<string>()
  const missing = [
    /!\s*isset\(\s*\$input\['(\w+)'\]\s*\)/g,
    /!\s*array_key_exists\(\s*'(\w+)'\s*,\s*\$input\s*\)/g,
    /empty\(\s*\$input\['(\w+)'\]\s*\)/g,
  ]
  for (const re of missing) {
    for (const m of body.matchAll(re)) {
      if (new RegExp(`\\$input\\['${m[1]}'\\]\\s*=(?!=)`).test(body)) names.add(m[1])
    }
  }
  return names
}

/** One rule value as words: a `'a|b'` string, a list of strings and rule objects, or one object. */
export function ruleTokens(value: string): string[] {
  const v = value.trim()
  const parts = v.startsWith('[') ? splitTop(v.slice(1, closing(v, 0)), ',') : [v]
  return parts.flatMap((part): string[] => {
    const text = literal(part)
    if (text !== undefined) return text.split('|').map((t) => t.trim())
    const exists = /^Rule::exists\(\s*'(\w+)'\s*(?:,\s*'(\w+)')?/.exec(part)
    if (exists) return [`exists:${exists[1]},${exists[2] ?? ''}`]
    if (/^Rule::in\(\s*\[\s*\$this->/.test(part)) return ['fixed']
    const inList = /^Rule::in\(\s*\[([^\]]*)\]/.exec(part)
    if (inList) return [`in:${literals(inList[1]).join(',')}`]
    if (/^Rule::requiredIf/.test(part)) return ['required_if']
    if (/^Rule::unique/.test(part)) return ['unique']
    if (/^\$this->fileValidation\(/.test(part)) return ['file']
    const object = /^new\s+\\?([\w\\]+)/.exec(part)
    if (object) return [`object:${object[1].split('\\').pop()}`]
    if (/^function\b/.test(part)) return ['closure']
    return []
  })
}

// ---- transformers -------------------------------------------------------------------------------

export interface Transformer {
  /** Answer keys in order, each with the PHP expression that gives it. */
  keys: Map<string, string>
  /** Relations `include=` may name: the default ones first. */
  includes: string[]
  defaults: string[]
}

export function readTransformer(read: Read, name: string): Transformer {
  const src = php(read, `app/Transformers/${name}.php`)
  const body = functionBody(src, 'transform') ?? ''
  const keys = new Map<string, string>()
  for (const s of arraySets(body, 'data')) if (!keys.has(s.key)) keys.set(s.key, s.value)
  const names = (prop: string) => (arrayProperty(src, prop) ?? []).map((e) => literal(e.value)).filter(isString)
  const defaults = names('defaultIncludes')
  return {keys, defaults, includes: [...new Set([...defaults, ...names('availableIncludes')])]}
}

/** What a transformer's expression says of the value's type, when it says it plainly. */
export function answerType(expression: string, key: string): ServerType | undefined {
  const e = expression.trim()
  if (new RegExp(`encodePrimaryKey\\(\\s*\\$\\w+->${key}\\s*\\)`).test(e)) return 'hid'
  if (/^\(float\)/.test(e)) return 'num'
  if (/^\(int\)/.test(e)) return key.endsWith('_id') ? 'iid' : 'int'
  if (/^\(bool\)/.test(e)) return 'bool'
  if (/new\s+\\?stdClass/.test(e)) return 'obj'
  return undefined
}

// ---- filter classes -----------------------------------------------------------------------------

export interface Filter {
  name: string
  /** Literal values the method compares its value with (`in_array('paid', ...)`, `== 'true'`, match arms). */
  values: string[]
  /** For `filter`: the columns it searches, relations as `client.name`. */
  search: string[]
  /** For `sort`: whether it checks the column against the table's columns first. */
  checksColumn: boolean
  /** A non-default `with` column (`product_key`). */
  withProperty?: string
  /** It reads its value as `<value>:<operator>` (QueryFilters' split()). */
  splits: boolean
}

/** Methods of a filter class that are machinery, not filters a query string names. */
const MACHINERY = new Set(['__construct', 'apply', 'filters', 'split', 'clientFilter', 'entityFilter'])

export function readFilters(read: Read, path: string, constants: Map<string, string>): Filter[] {
  const src = php(read, path)
  const withProperty = /\$with_property\s*=\s*'(\w+)'/.exec(src)?.[1]
  return publicMethods(src)
    .filter((m) => !MACHINERY.has(m.name))
    .map(({name, body}) => ({
      name,
      values: name === 'sort' ? [] : filterValues(body, constants),
      search: name === 'filter' ? searched(body) : [],
      checksColumn: /getColumnListing/.test(body),
      withProperty: name === 'with' && withProperty !== 'id' ? withProperty : undefined,
      splits: /\$this->split\(/.test(body),
    }))
}

/** The QueryFilters constants (`STATUS_ACTIVE` → `active`). */
export function filterConstants(read: Read): Map<string, string> {
  const src = php(read, 'app/Filters/QueryFilters.php')
  return new Map([...src.matchAll(/const\s+(\w+)\s*=\s*'([^']*)'/g)].map((m) => [m[1], m[2]]))
}

function filterValues(body: string, constants: Map<string, string>): string[] {
  const found: string[] = []
  // `in_array('paid', $statuses)`, not the check of a column list (`in_array('date', Schema::...)`).
  for (const m of body.matchAll(/in_array\(\s*'([^']+)'\s*,\s*\$\w+\s*\)/g)) found.push(m[1])
  for (const m of body.matchAll(/\$\w+\s*(?:===?|!==?)\s*'([^']+)'/g)) found.push(m[1])
  for (const m of body.matchAll(/(?:self|parent|static)::(\w+)/g)) {
    const value = constants.get(m[1])
    if (value !== undefined) found.push(value)
  }
  for (const m of body.matchAll(/match\s*\(/g)) {
    const open = body.indexOf('{', m.index)
    for (const arm of body.slice(open + 1, closing(body, open)).matchAll(/'([^']+)'\s*=>/g)) found.push(arm[1])
  }
  return [...new Set(found)]
}

/** Columns a `filter` method matches with LIKE, those of a related record as `relation.column`. */
function searched(body: string): string[] {
  const like = /(?:where|orWhere)\(\s*'([\w.]+)'\s*,\s*'like'/gi
  const inner: Array<[number, number]> = []
  const found: string[] = []
  for (const m of body.matchAll(/(?:orWhereHas|whereHas)\(\s*'([\w.]+)'/g)) {
    const open = body.indexOf('{', m.index)
    const close = closing(body, open)
    inner.push([open, close])
    for (const c of body.slice(open, close).matchAll(like)) found.push(`${m[1]}.${c[1]}`)
  }
  for (const c of body.matchAll(like)) {
    if (inner.some(([a, b]) => c.index > a && c.index < b)) continue
    found.push(c[1].replace(/^\w+\./, ''))
  }
  for (const m of body.matchAll(/JSON_EXTRACT\(\s*line_items\s*,\s*'\$\[\*\]\.(\w+)'\s*\)/g))
    found.push(`line_items.${m[1]}`)
  return [...new Set(found)]
}

// ---- the line item ------------------------------------------------------------------------------

/** InvoiceItem's public properties and the cast each gets when a document is saved. */
export function readInvoiceItem(read: Read): Map<string, string> {
  const src = php(read, 'app/DataMapper/InvoiceItem.php')
  const casts = new Map<string, string>()
  for (const e of arrayProperty(src, 'casts') ?? []) if (e.key !== undefined) casts.set(e.key, literal(e.value) ?? '')
  const props = new Map<string, string>()
  for (const m of src.matchAll(/public\s+\$(\w+)\s*=/g)) props.set(m[1], casts.get(m[1]) ?? '')
  return props
}

function isString(v: string | undefined): v is string {
  return v !== undefined
}

// ---- the database schema ------------------------------------------------------------------------

/** The names of the files in a folder of the checkout. */
export type List = (dir: string) => string[]

/** A column's kind as the database keeps it. */
export type Column = 'bool' | 'int' | 'num' | 'date' | 'datetime' | 'str' | 'json' | 'other'

export interface Schema {
  tables: Map<string, Map<string, Column>>
  /** The values of enum columns, by `table.column`. */
  enums: Map<string, string[]>
}

/**
 * Every table's columns: the schema dump (database/schema/mysql-schema.sql) and then the columns
 * that the migrations the dump does not record yet add.
 */
export function readSchema(read: Read, list: List): Schema {
  const tables = new Map<string, Map<string, Column>>()
  const enums = new Map<string, string[]>()
  const table = (name: string) => tables.get(name) ?? tables.set(name, new Map()).get(name)!
  const dump = read('database/schema/mysql-schema.sql') ?? ''
  for (const m of dump.matchAll(/CREATE TABLE `(\w+)` \(([\s\S]*?)\n\)/g)) {
    for (const c of m[2].matchAll(/^\s*`(\w+)` (\w+)(\(\d+|\([^)]*\))?/gm)) {
      table(m[1]).set(c[1], c[2] === 'enum' ? 'str' : sqlColumn(c[2], c[3]))
      if (c[2] === 'enum') enums.set(`${m[1]}.${c[1]}`, literals(c[3]))
    }
  }
  const done = new Set([...dump.matchAll(/VALUES \(\d+,'(\w+)'/g)].map((m) => m[1]))
  for (const file of list('database/migrations').sort()) {
    if (!file.endsWith('.php') || done.has(file.replace(/\.php$/, ''))) continue
    const up = functionBody(php(read, `database/migrations/${file}`), 'up') ?? ''
    for (const s of up.matchAll(/Schema::(?:table|create)\(\s*'(\w+)'/g)) {
      const open = up.indexOf('{', s.index)
      const inner = up.slice(open, closing(up, open))
      for (const c of inner.matchAll(/\$table->(\w+)\(\s*'(\w+)'(?:\s*,\s*\[([^\]]*)\])?/g)) {
        const kind = c[1] === 'enum' ? 'str' : blueprintColumn(c[1])
        if (kind) table(s[1]).set(c[2], kind)
        if (c[1] === 'enum' && c[3]) enums.set(`${s[1]}.${c[2]}`, literals(c[3]))
      }
    }
  }
  return {tables, enums}
}

function sqlColumn(type: string, size: string | undefined): Column {
  if (type === 'tinyint' && size === '(1') return 'bool'
  if (/int$/.test(type)) return 'int'
  if (/^(decimal|double|float)$/.test(type)) return 'num'
  if (type === 'date') return 'date'
  if (type === 'datetime' || type === 'timestamp') return 'datetime'
  if (/^(varchar|char|text|mediumtext|longtext|tinytext)$/.test(type)) return 'str'
  if (type === 'json') return 'json'
  return 'other'
}

function blueprintColumn(method: string): Column | undefined {
  if (method === 'boolean') return 'bool'
  if (/^(unsigned)?(tiny|small|medium|big)?integer$/i.test(method) || method === 'foreignId') return 'int'
  if (/^(decimal|double|float)$/.test(method)) return 'num'
  if (method === 'date') return 'date'
  if (/^(dateTime|timestamp)$/.test(method)) return 'datetime'
  if (/^(string|text|mediumText|longText|char)$/.test(method)) return 'str'
  if (method === 'json') return 'json'
  return undefined
}

/** The table of a model: its `$table`, else its name in snake case, plural. */
export function tableOf(read: Read, model: string): string {
  const src = php(read, `app/Models/${model}.php`)
  const own = /protected\s+\$table\s*=\s*'(\w+)'/.exec(src)?.[1]
  if (own) return own
  const snake = model.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()
  if (/[^aeiou]y$/.test(snake)) return `${snake.slice(0, -1)}ies`
  if (/(s|x|ch|sh)$/.test(snake)) return `${snake}es`
  return `${snake}s`
}
