/**
 * A tool call's arguments checked against the tool's input schema (ajv, loaded with the server), refused in one
 * line that names the argument, as a mistyped flag is: the nearest family or filter where one is close.
 */
import {nearest} from '@invoicing-cli/core/internal'
import type {ErrorObject, ValidateFunction} from 'ajv'

import type {JsonSchema} from './schemas.js'

type Ajv = {compile(schema: JsonSchema): ValidateFunction}

/** An argument's place as people say it: `family`, `filters.foo`. */
const where = (path: string): string => path.replace(/^\//, '').replaceAll('/', '.')

function lineOf(e: ErrorObject, schema: JsonSchema): string {
  const at = where(e.instancePath)
  const params = e.params as Record<string, unknown>
  switch (e.keyword) {
    case 'required':
      return `missing argument ${String(params.missingProperty)}`
    case 'additionalProperties': {
      const name = String(params.additionalProperty)
      const near = nearest(name, Object.keys((schema.properties as object | undefined) ?? {}))
      return `unknown argument ${at ? `${at}.` : ''}${name}${near ? `: did you mean ${near}?` : ''}`
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String)
      const near = nearest(String(valueAt(e)), allowed)
      const list = allowed.length > 12 ? '' : `: one of ${allowed.join(', ')}`
      return `${at} ${JSON.stringify(valueAt(e))} is not allowed${near ? `; did you mean ${near}?` : list}`
    }
    case 'propertyNames':
      return `${at}: ${JSON.stringify(params.propertyName)} is not a filter the server knows (describe lists them)`
    default:
      return `${at || 'arguments'} ${e.message ?? 'is not valid'}`
  }
}

const valueAt = (e: ErrorObject): unknown => (e as ErrorObject & {data?: unknown}).data

/** Compiles each tool's schema once; `check` throws the first problem as one line. */
export async function argumentChecker(): Promise<(schema: JsonSchema, args: unknown) => void> {
  const {default: Ajv} = (await import('ajv')) as unknown as {default: new (o: object) => Ajv}
  const ajv = new Ajv({allErrors: false, verbose: true, strict: false})
  const compiled = new Map<JsonSchema, ValidateFunction>()
  return (schema, args) => {
    let validate = compiled.get(schema)
    if (!validate) compiled.set(schema, (validate = ajv.compile(schema)))
    if (validate(args ?? {})) return
    // propertyNames reports the name inside its own error: the one that says which name is the one to show.
    const errors = validate.errors ?? []
    const first = errors.find((e) => e.keyword === 'propertyNames') ?? errors[0]
    throw new ArgumentsError(first ? lineOf(first, schema) : 'invalid arguments')
  }
}

export class ArgumentsError extends Error {}
