/**
 * What the Invoice Ninja server itself knows of each family, as read from its source: the fields
 * create and update may carry and the type the server enforces on each, the keys of its answers,
 * its list filters. The tables beside this file are generated (scripts/server-facts.ts); this module
 * gathers them and reads them.
 */
import {BANKING_FACTS} from './banking.js'
import {CATALOG_FACTS} from './catalog.js'
import {ELEMENT_FACTS, GENERIC_FILTERS, LIST_PARAMS} from './common.js'
import {DOCUMENTS_FACTS} from './documents.js'
import {LOGS_FACTS} from './logs.js'
import {MONEY_FACTS} from './money.js'
import {PARTIES_FACTS} from './parties.js'
import {RECURRING_FACTS} from './recurring.js'
import {SETTINGS_FACTS} from './settings.js'
import {
  SERVER_TYPES,
  type ElementFacts,
  type FamilyFacts,
  type FamilyFactsMakers,
  type FilterFact,
  type ServerFields,
  type ServerType,
} from './types.js'

export {ELEMENT_FACTS, GENERIC_FILTERS, LIST_PARAMS, SERVER_VERSION} from './common.js'
export {
  SERVER_TYPES,
  type ElementFacts,
  type FamilyFacts,
  type FilterFact,
  type ServerFields,
  type ServerType,
} from './types.js'

/** Every family's facts, by command word (`purchase-orders`), made when first asked for. */
const MAKERS: FamilyFactsMakers = {
  ...BANKING_FACTS,
  ...CATALOG_FACTS,
  ...DOCUMENTS_FACTS,
  ...LOGS_FACTS,
  ...MONEY_FACTS,
  ...PARTIES_FACTS,
  ...RECURRING_FACTS,
  ...SETTINGS_FACTS,
}
const MADE = new Map<string, FamilyFacts>()

/** Every family's facts, all made (the tests read every table). */
export const allServerFacts = (): Record<string, FamilyFacts> =>
  Object.fromEntries(Object.keys(MAKERS).map((word) => [word, serverFacts(word)!]))

/** What the server knows of the family with this command word, or undefined when the tables lack it. */
export function serverFacts(word: string): FamilyFacts | undefined {
  if (!Object.hasOwn(MAKERS, word)) return undefined
  let facts = MADE.get(word)
  if (!facts) MADE.set(word, (facts = MAKERS[word]()))
  return facts
}

/** The item table of a list field (`line_item`, `client_contact`, `vendor_contact`), or undefined. */
export function elementFacts(name: string): ElementFacts | undefined {
  return Object.hasOwn(ELEMENT_FACTS, name) ? ELEMENT_FACTS[name] : undefined
}

/** The names of a space-separated list (the tables break long ones over lines). */
export function names(list: string | undefined): string[] {
  return list ? list.trim().split(/\s+/) : []
}

/** Each field of a group and its type. */
export function fieldTypes(fields: ServerFields | undefined): Map<string, ServerType> {
  const types = new Map<string, ServerType>()
  for (const type of SERVER_TYPES) for (const name of names(fields?.[type])) types.set(name, type)
  return types
}

/** The type the server enforces on a family's writable field, or undefined when it is not one. */
export function serverFieldType(word: string, field: string): ServerType | undefined {
  return fieldTypes(serverFacts(word)?.fields).get(field)
}

/** The fields a create (or an update) of the family must carry. */
export function requiredFields(word: string, verb: 'create' | 'update'): string[] {
  return names(serverFacts(word)?.required?.[verb])
}

/**
 * Fields the store or update request sets aside however they are sent: they change nothing. Given the payload, a field
 * the request keeps when another key is true (`keptWith`) is left out where that key is.
 */
export function ignoredFields(
  word: string,
  verb: 'create' | 'update',
  body?: Readonly<Record<string, unknown>>,
): string[] {
  const facts = serverFacts(word)
  // The server compares the key with 'true' loosely: true and "true" both keep the field.
  const kept = (keeper: string | undefined) => keeper !== undefined && [true, 'true'].some((v) => body?.[keeper] === v)
  return names(facts?.ignored?.[verb]).filter((name) => !kept(facts?.keptWith?.[name]))
}

/** The key that makes the request keep a field it otherwise sets aside (`update_in_stock_quantity`), if any. */
export function keeperOf(word: string, field: string): string | undefined {
  return serverFacts(word)?.keptWith?.[field]
}

/** Fields every save of the family works out itself (a document's amount, from its lines): they change nothing. */
export function calculatedFields(word: string): string[] {
  return names(serverFacts(word)?.calculated)
}

/**
 * The fields of a verb that change nothing: those its request sets aside before its rules (`aside`), then those the
 * save works out itself after them (`worked`). Given a payload, only those it carries, as the server reads it.
 */
export function unchangingFields(
  word: string,
  verb: 'create' | 'update',
  body?: Readonly<Record<string, unknown>>,
): {aside: string[]; worked: string[]} {
  const carried = (name: string) => body === undefined || Object.hasOwn(body, name)
  const aside = ignoredFields(word, verb, body).filter(carried)
  return {aside, worked: calculatedFields(word).filter((name) => carried(name) && !aside.includes(name))}
}

/**
 * The query parameters a family's list route acts on, each with its meaning: the list parameters
 * every list route reads, the generic filters that apply to its records, and its own filters (which
 * win over a generic one of the same name). Any other parameter is ignored by the server.
 */
export function listFilters(word: string): Map<string, FilterFact> {
  const facts = serverFacts(word)
  const out = new Map<string, FilterFact>(Object.entries(LIST_PARAMS))
  for (const name of names(facts?.generic)) out.set(name, GENERIC_FILTERS[name])
  for (const [name, fact] of Object.entries(facts?.filters ?? {})) out.set(name, fact)
  return out
}
