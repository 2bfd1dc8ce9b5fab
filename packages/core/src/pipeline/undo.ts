/**
 * Undo: the compensating change for a journal entry, as plain requests. An update → a PUT of the changed fields'
 * former values; an archive or a delete → restore; a create → delete (archive where the family cannot delete); a bulk
 * → the inverse for each record. What cannot be undone is refused (exit 2, saying why): an e-mail sent, a purge, a
 * payment through a gateway, a refund, an action with no inverse, a change that failed or whose outcome is unknown.
 */
import {usageError} from '../errors.js'
import {family} from '../registry/registry.js'
import type {Family} from '../registry/types.js'
import {apiPath, type Json, type RequestSpec} from '../plan/request.js'
import {bulkRequest, deleteRequest, showRequest, updateRequest} from '../plan/routes.js'
import type {JsonObject} from './hooks.js'
import type {JournalEntry} from './journal.js'
import {withKeptFields} from '../plan/record-edit.js'
import {names, serverFacts} from '../registry/server/facts.js'

/** The undo of an entry: its requests, and the records that must not have changed since (their updated_at then). */
export interface Undo {
  requests: RequestSpec[]
  unchanged: Array<{family: string; id: string; updated_at: Json}>
  /** What it does, in a few words: `restore invoice WJxbojagwO`. */
  what: string
}

const MAILING = /(^|_)e?mail|send/
/** Side effects on save that cannot be taken back (invoices update --send-email: send_email=true). */
const mailedOnSave = (query: Array<[string, string]>) =>
  query.some(([k, v]) => MAILING.test(k) && v !== 'false' && v !== '0')

const refuse = (entry: JournalEntry, why: string) =>
  usageError(`entry ${entry.id} (${entry.method} ${entry.path}) cannot be undone: ${why}`)

function familyOf(entry: JournalEntry): Family {
  try {
    return family(entry.family)
  } catch {
    throw refuse(entry, `undo knows the changes of the record commands, not of "cli ${entry.family}"`)
  }
}

/** Money moved through a gateway (a payment's record names one): undoing the record would not move it back. */
function throughGateway(records: JsonObject[]): boolean {
  return records.some((r) => typeof r.company_gateway_id === 'string' && r.company_gateway_id !== '' && 'amount' in r)
}

const restore = (f: Family, ids: string[]) => bulkRequest(f, 'restore', ids)

export function undoOf(entry: JournalEntry): Undo {
  if (!entry.outcome.ok)
    throw refuse(
      entry,
      entry.outcome.note
        ? `its outcome is unknown (${entry.outcome.note}): check the record first`
        : `it did not take effect (the server answered ${entry.outcome.status})`,
    )
  const f = familyOf(entry)
  const before = Object.values(entry.before ?? {})
  if (entry.path.endsWith('/refund') || throughGateway(before))
    throw refuse(
      entry,
      'a payment through a gateway or a refund moved money that undoing the record would not move back',
    )
  if (mailedOnSave(entry.query)) throw refuse(entry, 'it sent an e-mail, which cannot be unsent')
  const unchanged = entry.ids.map((id) => ({family: f.word, id, updated_at: entry.after?.[id] ?? null}))
  const segments = entry.path.split('/').slice(3)
  const action = (name: string, ids: string[]): Undo => {
    if (name === 'archive' || name === 'delete')
      return {requests: [restore(f, ids)], unchanged, what: `restore ${f.word} ${ids.join(', ')}`}
    if (MAILING.test(name)) throw refuse(entry, 'it sent an e-mail, which cannot be unsent')
    if (name === 'purge') throw refuse(entry, 'a purge removed the records for good')
    throw refuse(entry, `the action "${name}" has no inverse the server offers`)
  }
  switch (entry.method) {
    case 'PUT': {
      const id = entry.ids[0]
      const was = entry.before?.[id]
      const body = entry.body
      if (!was || body === null || typeof body !== 'object' || Array.isArray(body))
        throw refuse(entry, 'the journal holds no record as it was before')
      const former: JsonObject = {}
      for (const key of Object.keys(body)) {
        if (was[key] === '[REDACTED]') throw refuse(entry, `its former ${key} is a secret the journal does not keep`)
        former[key] = was[key] ?? null
      }
      // The server sets these anew when a PUT leaves them out (a product's quantity): put back as they were too.
      const put = withKeptFields(was, former, names(serverFacts(f.word)?.refilled?.update))
      return {requests: [updateRequest(f, id, put)], unchanged, what: `put back ${Object.keys(former).join(', ')}`}
    }
    case 'DELETE':
      return action('delete', entry.ids)
    case 'GET':
      return action(segments.at(-1) ?? '', entry.ids)
    case 'POST': {
      if (segments.length === 1 && segments[0] === f.segment) {
        const id = entry.ids[0]
        if (!id) throw refuse(entry, 'the answer named no record created')
        const request = f.verbs.has('delete') ? deleteRequest(f, id) : bulkRequest(f, 'archive', [id])
        return {requests: [request], unchanged, what: `${request.method === 'DELETE' ? 'delete' : 'archive'} ${id}`}
      }
      if (segments.at(-1) === 'bulk') {
        const name = (entry.body as {action?: Json} | undefined)?.action
        return action(typeof name === 'string' ? name : '', entry.ids)
      }
      throw refuse(entry, `${apiPath(...segments)} has no inverse the server offers`)
    }
    default:
      throw refuse(entry, `a ${entry.method} has no inverse the CLI knows`)
  }
}

/** The entry an id names: the whole id, or the start of exactly one. */
export function findEntry(entries: readonly JournalEntry[], given: string): JournalEntry {
  const exact = entries.find((e) => e.id === given)
  if (exact) return exact
  const starts = given.length >= 4 ? entries.filter((e) => e.id.startsWith(given)) : []
  if (starts.length === 1) return starts[0]
  if (starts.length > 1)
    throw usageError(
      `${given} names ${starts.length} journal entries (${starts.map((e) => e.id).join(', ')}): give more of the id`,
    )
  throw usageError(`no journal entry ${given}: "cli history" lists them`)
}

/** The records changed since the entry: one phrase each (none: undo may go). */
export async function changedSince(undo: Undo, read: (request: RequestSpec) => Promise<JsonObject>): Promise<string[]> {
  const changed: string[] = []
  for (const u of undo.unchanged) {
    const record = await read(showRequest(family(u.family), u.id))
    const now: Json = record.updated_at ?? null
    if (JSON.stringify(now) !== JSON.stringify(u.updated_at))
      changed.push(`${u.family} ${u.id} changed since (updated_at ${u.updated_at} → ${now})`)
  }
  return changed
}
