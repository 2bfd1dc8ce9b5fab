/**
 * The stand-in's request rules, from the same server facts the CLI reads (registry/server): a
 * create without a field the server requires, or a value a rule of its request refuses, answers
 * 422 in the server's error shape, `{"message": "The given data was invalid.", "errors": {...}}`
 * with Laravel's wording per rule.
 */
import {fieldTypes, names, requiredFields, serverFacts} from '../../packages/core/src/registry/server/facts.js'
import {ruleTakes} from '../../packages/core/src/registry/schema/value-rules.js'
import type {ServerType} from '../../packages/core/src/registry/server/types.js'
import {invalid} from './server-reply.js'
import {CLIENT_DOCUMENTS} from './server-store.js'
import {isBlank, type Rec} from './server-values.js'

/** Laravel's message per rule, `:attribute` being the field with spaces for underscores. */
const MESSAGES: Partial<Record<ServerType, string>> = {
  iid: 'The :attribute field must be an integer.',
  int: 'The :attribute field must be an integer.',
  num: 'The :attribute field must be a number.',
  bool: 'The :attribute field must be true or false.',
  date: 'The :attribute field must be a valid date.',
  email: 'The :attribute field must be a valid email address.',
  url: 'The :attribute field must be a valid URL.',
  str: 'The :attribute field must be a string.',
  obj: 'The :attribute field must be an array.',
  objs: 'The :attribute field must be an array.',
  strs: 'The :attribute field must be an array.',
}

const attribute = (name: string) => name.replaceAll('_', ' ')

/** Throws the server's 422 when the body breaks a rule of the family's store (or update) request. */
export function validate(segment: string, fields: Rec, creating: boolean): void {
  const word = segment.replaceAll('_', '-')
  const errors: Rec = {}
  const required = creating ? requiredFields(word, 'create') : []
  if (creating && CLIENT_DOCUMENTS.has(segment) && !required.includes('client_id')) required.push('client_id')
  for (const name of required) if (isBlank(fields[name])) errors[name] = [`The ${attribute(name)} field is required.`]
  if (segment === 'clients' && 'contacts' in fields && !Array.isArray(fields.contacts)) {
    // A plain string, not a list: the real server answers this one that way too.
    errors.contacts = 'The contacts must be an array.'
  }
  const facts = serverFacts(word)
  const types = fieldTypes(facts?.fields)
  for (const name of names(facts?.strict)) {
    const type = types.get(name)
    const message = type && MESSAGES[type]
    if (!message || errors[name] || isBlank(fields[name])) continue
    if (!ruleTakes(type, fields[name])) errors[name] = [message.replace(':attribute', attribute(name))]
  }
  if (Object.keys(errors).length > 0) throw invalid(errors)
}
