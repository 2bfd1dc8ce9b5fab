/**
 * Checks a write payload against what the server knows of the family (registry/server): a name
 * the server does not know is a warning (with the nearest name it does know); a value its rules
 * certainly refuse, or a field a create must carry and lacks, is an error. Everything else goes to
 * the server. Loaded only on the write path.
 */
import {family} from '../registry.js'
import {nearest} from '../../suggest.js'
import {withArticle} from '../../commands/resource/help.js'
import {
  elementFacts,
  fieldTypes,
  keeperOf,
  names,
  requiredFields,
  serverFacts,
  unchangingFields,
} from '../server/facts.js'
import type {ServerFields, ServerType} from '../server/types.js'
import {describeValue, ruleTakes, WANTS} from './value-rules.js'

export interface PayloadProblems {
  warnings: string[]
  errors: string[]
  /** Where every field given changes nothing (set aside, or worked out): which, and why (`amount when ...`). */
  onlySetAside?: string
}

/** The fields of one object: what a write may carry, the names the server knows, and its parts. */
export interface FieldTable {
  /** How messages name the table, with its article: "an invoices" (field), "a line item" (field). */
  readonly label: string
  readonly fields: ReadonlyMap<string, ServerType>
  /** Fields whose type a rule enforces: only their values are refused. */
  readonly strict: ReadonlySet<string>
  /** Names the server knows beyond the writable ones (the keys of its answers): sent back, never warned. */
  readonly known: ReadonlySet<string>
  /** Whether a name it does not know is warned (false for objects whose keys the rules name only in part). */
  readonly warns: boolean
  /** The tables of the items of list fields and of the keys of object fields. */
  readonly parts: ReadonlyMap<string, FieldTable>
}

const ELEMENT_LABELS: Readonly<Record<string, string>> = {
  line_item: 'line item',
  client_contact: 'contact',
  vendor_contact: 'contact',
}

/** The table of a named element (a line item, a contact): every unknown key warned. */
export function elementTable(name: string): FieldTable {
  const facts = elementFacts(name)
  const fields = fieldTypes(facts?.fields)
  return {
    label: withArticle(ELEMENT_LABELS[name] ?? name),
    fields,
    strict: new Set(names(facts?.strict)),
    known: new Set(names(facts?.answer)),
    warns: true,
    parts: new Map(),
  }
}

/** The keys of an object field, or of the items of a list of objects, as far as the rules name them. */
const partTable = (label: string, fields: ServerFields): FieldTable => ({
  label,
  fields: fieldTypes(fields),
  strict: new Set(),
  known: new Set(),
  warns: false,
  parts: new Map(),
})

const tables = new Map<string, FieldTable>()

/** The table of a family's writes, or undefined when the server has no writes for it. */
export function familyTable(word: string): FieldTable | undefined {
  const facts = serverFacts(word)
  if (!facts?.fields) return undefined
  let table = tables.get(word)
  if (!table) {
    const parts = new Map<string, FieldTable>()
    for (const [name, items] of Object.entries(facts.items ?? {}))
      parts.set(name, typeof items === 'string' ? elementTable(items) : partTable(name, items))
    table = {
      label: withArticle(family(word).word),
      fields: fieldTypes(facts.fields),
      strict: new Set(names(facts.strict)),
      known: new Set(names(facts.answer)),
      warns: true,
      parts,
    }
    tables.set(word, table)
  }
  return table
}

/**
 * Answer keys the server keeps itself: where a family's model does not fill one (its facts do not list it as a field),
 * no update writes it. Its repositories and requests read none of them from an update (a store sets `balance` to 0).
 * Sent back with a record they are not warned; an update of nothing else changes nothing.
 */
const SERVER_KEPT = ['id', 'created_at', 'updated_at', 'archived_at', 'is_deleted', 'balance', 'paid_to_date']

/** Whether the server reads `value` as no value: null, and "" (which Laravel turns into null). */
const empty = (value: unknown) => value === null || value === undefined || value === ''

function checkObject(table: FieldTable, body: Record<string, unknown>, path: string[], out: Problems): void {
  for (const [name, value] of Object.entries(body)) {
    const where = [...path, name]
    const type = table.fields.get(name)
    if (type === undefined) {
      if (table.warns && !table.known.has(name)) out.unknown(table, where)
      continue
    }
    if (empty(value)) continue
    // A hashed id is decoded by the request before its rules run: only a string can be one.
    if ((type === 'hid' || table.strict.has(name)) && !ruleTakes(type, value))
      out.errors.push(`${where.join('.')} must be ${WANTS[type]}, not ${describeValue(value)}`)
    const part = table.parts.get(name)
    if (!part || typeof value !== 'object') continue
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries())
        if (item && typeof item === 'object' && !Array.isArray(item))
          checkObject(part, item as Record<string, unknown>, [...where, String(i)], out)
    } else checkObject(part, value as Record<string, unknown>, where, out)
  }
}

class Problems {
  readonly errors: string[] = []
  readonly warnings: string[] = []
  private readonly reported = new Set<string>()

  unknown(table: FieldTable, where: string[]): void {
    // One warning per misspelled key, not one per line item that repeats it.
    const key = where.filter((s) => !/^\d+$/.test(s)).join('.')
    if (this.reported.has(key)) return
    this.reported.add(key)
    const name = where.at(-1) ?? ''
    const suggestion = nearest(name, table.fields.keys())
    this.warnings.push(
      suggestion
        ? `${where.join('.')} is not ${table.label} field; did you mean ${suggestion}?`
        : `${where.join('.')} is not ${table.label} field the server knows; it is sent as given`,
    )
  }
}

/**
 * Checks a payload of the family `word` names; `verb` create also asks for the fields a create
 * must carry.
 */
export async function checkPayload(word: string, body: unknown, verb?: 'create' | 'update'): Promise<PayloadProblems> {
  const table = familyTable(word)
  if (!table || !body || typeof body !== 'object' || Array.isArray(body)) return {warnings: [], errors: []}
  const out = new Problems()
  const record = body as Record<string, unknown>
  if (verb === 'create') {
    const missing = requiredFields(word, 'create').filter((name) => empty(record[name]))
    for (const name of missing)
      out.errors.push(`${name} is required (${WANTS[table.fields.get(name) ?? 'str']}): give --field ${name}=...`)
  }
  // Set aside before the rules run: never refused. Worked out by the save: checked as any field. Both warned.
  const {aside, worked} = verb ? unchangingFields(word, verb, record) : {aside: [], worked: []}
  checkObject(table, Object.fromEntries(Object.entries(record).filter(([k]) => !aside.includes(k))), [], out)
  const problems: PayloadProblems = {warnings: out.warnings, errors: out.errors}
  const given = Object.keys(record)
  const keptGiven =
    verb === 'update' ? given.filter((k) => SERVER_KEPT.includes(k) && !table.fields.has(k) && table.known.has(k)) : []
  // Said only where nothing else is sent: a record sent back whole carries these too, and its other fields change.
  const kept = aside.length + worked.length + keptGiven.length === given.length ? keptGiven : []
  if (aside.length + worked.length + kept.length === 0) return problems
  const noun = withArticle(family(word).noun)
  const when = `when ${verb === 'create' ? 'creating' : 'updating'} ${noun}`
  for (const name of aside) {
    const keeper = keeperOf(word, name)
    const unless = keeper ? ` unless ${keeper}=true is sent too` : ''
    out.warnings.push(
      `${name}: the server sets it aside ${when}${unless}, so the value given changes nothing (it is sent as given)`,
    )
  }
  // A value the rules refuse is not sent: its error says all there is.
  for (const name of worked.filter((n) => !out.errors.some((e) => e.startsWith(`${n} `))))
    out.warnings.push(
      `${name}: the server works it out from the line items when saving ${noun}, so the value given changes ` +
        'nothing (it is sent as given)',
    )
  for (const name of kept)
    out.warnings.push(
      `${name}: the server keeps it itself, so no update changes it` +
        (name === 'is_deleted' || name === 'archived_at' ? ' (archive, restore and delete are bulk actions)' : ''),
    )
  if (aside.length + worked.length + kept.length === given.length)
    problems.onlySetAside = [
      ...(aside.length > 0 ? [`${aside.join(', ')} ${when}`] : []),
      ...(worked.length > 0 ? [`${worked.join(', ')}, which it works out from the line items`] : []),
      ...(kept.length > 0 ? [`${kept.join(', ')}, which it keeps itself`] : []),
    ].join(' and ')
  return problems
}
