/**
 * A record's history, as the web UI shows it: notes added to its activity (POST /activities/notes), its activity
 * (POST /activities/entity) and the e-mails sent for it (POST /emails/entityHistory, a client's
 * /emails/clientHistory/{id}). Which families have which is the server's rules' lists (StoreNoteRequest,
 * ShowActivityRequest, EntityEmailHistoryRequest), by route segment.
 */
import {apiPath, checkId, type Json} from '../../plan/request.js'
import type {Operation} from './operation.js'
import {recordRoute} from './record-routes.js'

/** StoreNoteRequest's `entity` values: the route segment. */
const NOTES = new Set(
  `invoices quotes credits recurring_invoices clients vendors payments projects tasks expenses recurring_expenses
  bank_transactions purchase_orders`.split(/\s+/),
)
/** ShowActivityRequest's `entity` values: the model name (the segment less its `s`). */
const ACTIVITY = new Set(
  'invoice quote credit purchase_order payment client vendor expense task project subscription recurring_invoice'.split(
    ' ',
  ),
)
/** EntityEmailHistoryRequest's `entity` values; a client's history has a route of its own. */
const EMAILS = new Set(['invoice', 'quote', 'credit', 'recurring_invoice', 'purchase_order'])

const noun = (entity: string) => entity.replaceAll('_', ' ')

/** A POST about one record of the family `word`; `changes` only for a note. */
const post = (word: string, path: string[], body: {[key: string]: Json}, id: string, changes = false) => ({
  request: {
    method: 'POST' as const,
    path: apiPath(...path),
    query: [],
    body,
    changes,
    record: {family: word, ids: [id]},
  },
})

function note(word: string, segment: string, entity: string): Operation {
  return {
    name: 'note',
    summary: `Add a note to one ${noun(entity)}'s activity (its history in the web UI).`,
    route: 'POST /api/v1/activities/notes',
    idArg: `The ${noun(entity)}.`,
    textArg: {name: 'text', description: 'The note.'},
    mutating: true,
    flags: {},
    examples: [`<%= config.bin %> ${word} note {id} "Called the client: paying Friday" --yes`],
    said: () => ({did: 'added a note to'}),
    build: (v, id) =>
      post(
        word,
        ['activities', 'notes'],
        {entity: segment, entity_id: checkId(id, 'id'), notes: String(v.text)},
        id,
        true,
      ),
  }
}

function activity(word: string, entity: string): Operation {
  return {
    name: 'activity',
    summary: `The activity of one ${noun(entity)}, newest first (75 entries unless --rows).`,
    route: 'POST /api/v1/activities/entity',
    idArg: `The ${noun(entity)}.`,
    mutating: false,
    flags: {rows: {kind: 'number', sign: 'positive', summary: 'How many entries (server default 75).'}},
    examples: [`<%= config.bin %> ${word} activity {id}`],
    build: (v, id) =>
      post(
        word,
        ['activities', 'entity'],
        {entity, entity_id: checkId(id, 'id'), ...(v.rows === undefined ? {} : {rows: v.rows})},
        id,
      ),
  }
}

function emails(word: string, entity: string): Operation {
  if (entity === 'client')
    return recordRoute({
      name: 'emails',
      summary: "The e-mails sent to one client's contacts, with their delivery events.",
      method: 'POST',
      path: 'emails/clientHistory/{id}',
      family: word,
      idArg: 'The client.',
      mutating: false,
      examples: [`<%= config.bin %> ${word} emails {id}`],
    })
  return {
    name: 'emails',
    summary: `The e-mails sent for one ${noun(entity)}, with their delivery events.`,
    route: 'POST /api/v1/emails/entityHistory',
    idArg: `The ${noun(entity)}.`,
    mutating: false,
    flags: {},
    examples: [`<%= config.bin %> ${word} emails {id}`],
    build: (_v, id) => post(word, ['emails', 'entityHistory'], {entity, entity_id: checkId(id, 'id')}, id),
  }
}

/** The history operations the server has for the family with this route segment. */
export function historyOperations(word: string, segment: string): Operation[] {
  const entity = segment.replace(/s$/, '')
  return [
    ...(NOTES.has(segment) ? [note(word, segment, entity)] : []),
    ...(ACTIVITY.has(entity) ? [activity(word, entity)] : []),
    ...(EMAILS.has(entity) || entity === 'client' ? [emails(word, entity)] : []),
  ]
}
