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
  /** Without a filter class: the parameters the index method reads itself. */
  indexReads: string[]
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
  // An index with no filter class may read parameters itself (`$request->has('rows')`).
  const reads = index?.endsWith('Filters')
    ? []
    : [...(functionBody(src, 'index') ?? '').matchAll(/\$request->has\(\s*'(\w+)'\s*\)/g)].map((m) => m[1])
  return {
    indexReads: [...new Set(reads)],
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
  /** Attributes prepareForValidation() turns into booleans (`toBoolean`): a rule sees a boolean whatever was sent. */
  converted: Set<string>
  /**
   * Keys prepareForValidation() reads into other attributes (`country_code` → `country_id`), or reads to decide what
   * to keep (`update_in_stock_quantity`): the server reads them, though no rule or fillable attribute names them.
   */
  prepared: Set<string>
  /** Keys prepareForValidation() sets aside whatever was sent: removed when present, or set to a constant. */
  setAside: Set<string>
  /** Keys of `setAside` it keeps when another key of the request is true: key → that other key. */
  keptWith: Map<string, string>
  /** Keys it sets when the input lacks them, whatever the record holds (refilledNames). */
  refilled: Set<string>
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
  return {
    rules,
    own,
    decoded,
    defaulted: defaultedNames(prepare),
    converted: new Set([...prepare.matchAll(/\$input\['(\w+)'\]\s*=\s*\$this->toBoolean\(/g)].map((m) => m[1])),
    prepared: new Set([
      ...[...prepare.matchAll(/isset\(\s*\$input\['(\w+)'\]\s*\)/g)].map((m) => m[1]),
      // Read from the request itself: `request()->has('update_in_stock_quantity')`.
      ...[...prepare.matchAll(/(?:request\(\)|\$this)->(?:has|input|boolean|filled)\(\s*'(\w+)'/g)].map((m) => m[1]),
    ]),
    setAside: new Set([...setAsideNames(prepare), ...keptWithNames(prepare).keys()]),
    keptWith: keptWithNames(prepare),
    refilled: refilledNames(prepare),
  }
}

/**
 * Keys prepareForValidation() sets when the input lacks them, the `if` testing their absence first
 * (`if (! isset($input['quantity']))`, `if (! array_key_exists('currency_id', $input) || ...)`) and its block setting
 * them: on an update, a key left out is set anew (a product's quantity to 1, an expense's currency to the company's).
 */
function refilledNames(body: string): Set<string> {
  const names = new Set<string>()
  const absent = /if\s*\(\s*!\s*(?:isset\(\s*\$input\['(\w+)'\]\s*\)|array_key_exists\(\s*'(\w+)'\s*,\s*\$input\s*\))/g
  for (const m of body.matchAll(absent)) {
    const key = m[1] ?? m[2]
    const open = body.indexOf('{', m.index)
    const block = open < 0 ? '' : body.slice(open, closing(body, open) + 1)
    if (new RegExp(`\\$input\\['${key}'\\]\\s*=(?!=)`).test(block)) names.add(key)
  }
  return names
}

/**
 * Keys set aside outside any condition but their own presence: `$input['amount'] = 0;` at the top of the body, or
 * `if (isset($input['amount'])) { unset($input['amount']); }` (array_key_exists alike) there.
 */
function setAsideNames(body: string): Set<string> {
  const names = new Set<string>()
  for (const a of arraySets(body, 'input')) if (a.depth === 0 && /^(?:0|null|''|"")$/.test(a.value)) names.add(a.key)
  const present = (key: string) =>
    `(?:isset\\(\\s*\\$input\\['${key}'\\]\\s*\\)|array_key_exists\\(\\s*'${key}'\\s*,\\s*\\$input\\s*\\))`
  for (const m of body.matchAll(/\bif\s*\(\s*(?:isset\(\s*\$input\['(\w+)'\]|array_key_exists\(\s*'(\w+)')/g)) {
    const key = m[1] ?? m[2]
    const depth = [...body.slice(0, m.index)].reduce((d, c) => d + (c === '{' ? 1 : c === '}' ? -1 : 0), 0)
    const whole = new RegExp(
      `^if\\s*\\(\\s*${present(key)}\\s*\\)\\s*\\{?\\s*unset\\(\\s*\\$input\\['${key}'\\]\\s*\\);`,
    )
    if (depth === 0 && whole.test(body.slice(m.index))) names.add(key)
  }
  return names
}

/**
 * Keys removed unless another key of the request is true: `if (array_key_exists('x', $input) &&
 * request()->has('y') && request()->input('y') == 'true') {} elseif (array_key_exists('x', $input)) {
 * unset($input['x']); }`.
 */
function keptWithNames(body: string): Map<string, string> {
  const kept = new Map<string, string>()
  const pattern = new RegExp(
    [
      String.raw`\bif\s*\(\s*array_key_exists\(\s*'(\w+)'\s*,\s*\$input\s*\)`,
      String.raw`\s*&&\s*request\(\)->has\(\s*'(\w+)'\s*\)\s*&&\s*request\(\)->input\(\s*'\2'\s*\)\s*==\s*'true'\s*\)`,
      String.raw`\s*\{\s*\}\s*elseif\s*\(\s*array_key_exists\(\s*'\1'\s*,\s*\$input\s*\)\s*\)`,
      String.raw`\s*\{\s*unset\(\s*\$input\['\1'\]\s*\);\s*\}`,
    ].join(''),
    'g',
  )
  for (const m of body.matchAll(pattern)) kept.set(m[1], m[2])
  return kept
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
  // Set whatever was sent (`$input['x'] = isset(...) ? ... : 0;` outside any if): never missing.
  for (const a of arraySets(body, 'input')) if (a.depth === 0) names.add(a.key)
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
