/**
 * Checks a write payload against the family's field table with ajv: unknown fields are warnings
 * (with the nearest known name), wrong JSON types are errors. Loaded only on the write path.
 */
import {family} from '../registry.js'
import {nearest} from '../../suggest.js'
import {elementTable, familyTable, type FieldTable, type FieldType} from './field-table.js'

const JSON_TYPES: Record<FieldType, string[]> = {
  s: ['string'],
  n: ['number'],
  i: ['integer'],
  b: ['boolean'],
  o: ['object'],
  sn: ['string', 'number'],
  ls: ['array'],
}

type Schema = {type: string[]; properties?: Record<string, Schema>; additionalProperties?: boolean; items?: Schema}

// FACTS.md: status_id, country_id, currency_id and type_id are strings, inside an object field
// (`settings.currency_id`) as at the top; the rest of such an object is the server's to check.
const STRING_IDS = ['status_id', 'country_id', 'currency_id', 'type_id']
const OBJECT_FIELD: Schema = {
  type: ['object', 'null'],
  properties: Object.fromEntries(STRING_IDS.map((id) => [id, {type: ['string', 'null']}])),
}

/**
 * The JSON Schema of a table. null passes everywhere: the upstream takes it as "no value", and
 * `--field key=null` is how a user clears a field. Unknown fields fail additionalProperties, which
 * is how they are found (and reported as warnings, never errors).
 */
export function jsonSchema(table: FieldTable): Schema {
  const properties: Record<string, Schema> = {}
  for (const [name, type] of table.fields) {
    if (typeof type !== 'string')
      properties[name] = {type: ['array', 'null'], items: jsonSchema(elementTable(type.list))}
    else if (type === 'o') properties[name] = OBJECT_FIELD
    else
      properties[name] =
        type === 'ls' ? {type: ['array', 'null'], items: {type: ['string']}} : {type: [...JSON_TYPES[type], 'null']}
  }
  return {type: ['object'], properties, additionalProperties: false}
}

export interface PayloadProblems {
  warnings: string[]
  errors: string[]
}

/** What ajv reports, reduced to what the messages need. */
export interface SchemaError {
  instancePath: string
  keyword: string
  params: {type?: string | string[]; additionalProperty?: string}
}

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
}

/** The value a user gave, as an error message names it: `the string "12"`, `a list`. */
function describeValue(value: unknown): string {
  if (value === null || typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 20 ? `${value.slice(0, 19)}…` : value)}`
  return `the number ${value}`
}

const segments = (instancePath: string): string[] =>
  instancePath
    ? instancePath
        .slice(1)
        .split('/')
        .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    : []

function valueAt(body: unknown, path: string[]): unknown {
  let node = body
  for (const seg of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[seg] : undefined
  return node
}

/** The table that describes the object at `path` (the family's, or a list element's). */
function tableAt(root: FieldTable, path: string[]): FieldTable {
  let table = root
  for (const seg of path) {
    const type = table.fields.get(seg)
    if (type && typeof type !== 'string') table = elementTable(type.list)
  }
  return table
}

/** Turns ajv's errors into messages: the dotted path of the --field grammar, plain words. */
export function describeProblems(root: FieldTable, body: unknown, errors: readonly SchemaError[]): PayloadProblems {
  const warnings = new Set<string>()
  const reported = new Set<string>()
  const problems: PayloadProblems = {warnings: [], errors: []}
  for (const error of errors) {
    const path = segments(error.instancePath)
    if (error.keyword === 'additionalProperties' && error.params.additionalProperty !== undefined) {
      const name = error.params.additionalProperty
      // One warning per misspelled key, not one per line item that repeats it.
      const key = [...path.filter((s) => !/^\d+$/.test(s)), name].join('.')
      if (reported.has(key)) continue
      reported.add(key)
      const table = tableAt(root, path)
      const suggestion = nearest(name, table.fields.keys())
      const where = [...path, name].join('.')
      warnings.add(
        suggestion
          ? `${where} is not ${table.label} field; did you mean ${suggestion}?`
          : `${where} is not ${table.label} field the CLI knows; it is sent as given`,
      )
    } else if (error.keyword === 'type') {
      const wanted = [error.params.type ?? []].flat().filter((t) => t !== 'null')
      const expected = wanted.map((t) => TYPE_NAMES[t] ?? t).join(' or ')
      problems.errors.push(`${path.join('.')} must be ${expected}, not ${describeValue(valueAt(body, path))}`)
    }
  }
  problems.warnings = [...warnings]
  return problems
}

type Validate = ((data: unknown) => boolean) & {errors?: readonly SchemaError[] | null}

const compiled = new Map<string, Validate>()

async function validatorFor(word: string, table: FieldTable): Promise<Validate> {
  let validate = compiled.get(word)
  if (!validate) {
    const {Ajv} = await import('ajv')
    // The schema is built from the typed table: checking it against the meta-schema (and optimising
    // code that runs once) would only double the compile time on every write.
    validate = new Ajv({allErrors: true, strict: false, validateSchema: false, code: {optimize: false}}).compile(
      jsonSchema(table),
    ) as Validate
    compiled.set(word, validate)
  }
  return validate
}

/** Checks a payload against the field table of the family `word` names. */
export async function checkPayload(word: string, body: unknown): Promise<PayloadProblems> {
  const table = familyTable(family(word))
  const validate = await validatorFor(word, table)
  if (validate(body)) return {warnings: [], errors: []}
  return describeProblems(table, body, validate.errors ?? [])
}
