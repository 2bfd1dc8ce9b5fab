/**
 * The payload field tables: each family's field names and JSON types, written down by this
 * project from the upstream's published schemas (the request schema where the document has one,
 * else the record schema) into the family's registry entry (families/*.ts, `fields`). Where the
 * document and FACTS.md disagree the entry says so:
 *  - `sn` (a string or a number passes): ids the document types as numbers but FACTS.md says
 *    are strings (country_id, bank_account_id, ...), amounts it types as strings where FACTS.md
 *    says numbers;
 *  - the recurring documents' line_items are a list (FACTS.md: document-like), not an object;
 *  - expenses: the document's `transcation_id` is spelled transaction_id, and vendor_id (the
 *    CLI's --vendor-id, the expenses list columns) and category_id are added;
 *  - documents (quotes, credits, ...) know invitations as invoices do (FACTS.md: documents
 *    carry invitations[].key);
 *  - a field the document gives no type (companies' custom_surcharge_taxes4) takes its siblings'.
 * Every family also knows id, created_at, updated_at, archived_at (numbers, where some schemas
 * say integers or strings) and is_deleted, so a record read with `show` can be sent back without
 * warnings.
 */
import type {Family} from '../types.js'
import {withArticle} from '../../commands/resource/help.js'
import {ELEMENTS, type FieldGroups, type FieldType, RECORD} from './groups.js'

export type {FieldGroups, FieldType} from './groups.js'

export interface FieldTable {
  /** How messages name the table, with its article: "an invoices" (field), "a line item" (field). */
  readonly label: string
  readonly fields: ReadonlyMap<string, FieldType | {list: string}>
}

const TYPES: readonly FieldType[] = ['s', 'n', 'i', 'b', 'o', 'sn', 'ls']

function toTable(label: string, groups: readonly FieldGroups[]): FieldTable {
  const fields = new Map<string, FieldType | {list: string}>()
  const add = (name: string, type: FieldType | {list: string}) => {
    if (fields.has(name)) throw new Error(`field table ${label}: ${name} is listed twice`)
    fields.set(name, type)
  }
  for (const g of groups) {
    for (const type of TYPES) for (const name of (g[type] ?? '').split(/\s+/).filter(Boolean)) add(name, type)
    for (const [name, element] of Object.entries(g.lists ?? {})) {
      if (!ELEMENTS[element]) throw new Error(`field table ${label}: ${name} names unknown element table ${element}`)
      add(name, {list: element})
    }
  }
  return {label, fields}
}

const tables = new Map<Family, FieldTable>()

/** The field table of a family: the fields every record has, and those of its entry. */
export function familyTable(f: Family): FieldTable {
  let table = tables.get(f)
  if (!table) {
    table = toTable(withArticle(f.word), [RECORD, ...f.fields])
    tables.set(f, table)
  }
  return table
}

/** The table of one element of a list field. */
export function elementTable(name: string): FieldTable {
  const [label, groups] = ELEMENTS[name]
  return toTable(withArticle(label), [groups])
}
