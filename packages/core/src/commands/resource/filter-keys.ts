/**
 * A list filter whose value is a record's hashed id (`client_id`, `vendor_id`, `payable`, `project_tasks`, `with`:
 * the facts' `record`) takes what people know the record by too, as a record argument does: `--filter
 * "client_id=Acme Ltd"`. The server decodes any value that is not an id to no record and answers an empty list (or,
 * for a bulk, selects nothing) without a word, which reads as "Acme has no invoices". So such a value is looked up
 * (the family's keys, one list query) and the id found is sent; one that names no record, or several, is refused.
 * An id-shaped value is sent as given: the server cannot tell an unknown id from a record with nothing to list.
 */
import {parseFilter} from '../../plan/routes.js'
import {family} from '../../registry/registry.js'
import {listFilters} from '../../registry/server/facts.js'
import type {Family} from '../../registry/types.js'

/** The id a value stands for in family `f` (KeyedCommand#recordId: an id as given, else its key looked up). */
export type RecordIdOf = (value: string, f: Family, what: string) => Promise<string>

/** `filters` (`name=value`, already checked) with each record key replaced by the id it names, in order. */
export async function filtersWithIds(word: string, filters: readonly string[], recordId: RecordIdOf) {
  const facts = listFilters(word)
  const out: string[] = []
  for (const raw of filters) {
    const [name, value] = parseFilter(raw)
    const record = facts.get(name)?.record
    // An empty value filters nothing on the server: sent as given.
    if (record === undefined || value === '') out.push(raw)
    else out.push(`${name}=${await recordId(value, family(record === 'itself' ? word : record), `--filter ${name}`)}`)
  }
  return out
}
