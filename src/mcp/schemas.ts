/**
 * The tools' input schemas (JSON Schema), made from the registry and the commands' own flag definitions, so that
 * they never disagree with `describe` or `--help`: families as an enum (those of the selection that have the verb),
 * list filters by the names the server knows, page sizes and limits within the flags' bounds.
 */
import {FAMILIES, flags, listFilters, RECORD_STATES, type Verb} from '@invoicing-cli/core/internal'

import {CHANGE_VERBS, type ToolName} from './tool-set.js'

export type JsonSchema = {[key: string]: unknown}

const DATE = {type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A day, YYYY-MM-DD.'}

const object = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length > 0 ? {required} : {}),
  additionalProperties: false,
})

/** The families of the selection that have this verb, as the `family` argument's enum. */
export function familyArg(families: readonly string[], verb?: Verb): JsonSchema {
  const words = FAMILIES.filter((f) => families.includes(f.word) && (verb === undefined || f.verbs.has(verb))).map(
    (f) => f.word,
  )
  return {type: 'string', enum: words, description: 'The family (describe lists them).'}
}

/** The families of the selection that have one of these verbs. */
function familiesWith(families: readonly string[], verbs: readonly Verb[]): JsonSchema {
  const words = FAMILIES.filter((f) => families.includes(f.word) && verbs.some((v) => f.verbs.has(v))).map(
    (f) => f.word,
  )
  return {type: 'string', enum: words, description: 'The family (describe lists them, with their verbs).'}
}

const PLAN_ID = {
  type: 'string',
  pattern: '^[0-9a-f]{12}$',
  description: 'The plan_id plan_change or undo_plan answered.',
}

function planChange(families: readonly string[]): JsonSchema {
  return object(
    {
      family: familiesWith(families, CHANGE_VERBS),
      verb: {type: 'string', enum: [...CHANGE_VERBS], description: "What to do (describe lists each family's verbs)."},
      record: {
        type: 'string',
        minLength: 1,
        description: 'update, delete, action: the record, by id, number or name (as show_record takes it).',
      },
      records: {
        type: 'array',
        items: {type: 'string', minLength: 1},
        minItems: 1,
        description: 'bulk: the records, by id, number or name.',
      },
      action: {type: 'string', description: "action and bulk: the action (describe lists the family's)."},
      data: {
        type: 'object',
        description:
          'create and update: the fields to send, as the server takes them (describe lists their types); an ' +
          'update sends only these.',
      },
      options: {
        type: 'object',
        additionalProperties: {type: ['string', 'number', 'boolean', 'array']},
        description:
          'Other flags of `cli FAMILY VERB` by name, as its --help lists them (e.g. {"field": ' +
          '["public_notes=Thanks"]}); true for a switch.',
      },
    },
    ['family', 'verb'],
  )
}

/** An integer within the bounds of the CLI flag it becomes. */
function integerOf(flag: keyof typeof flags.listFlags, description: string): JsonSchema {
  const def = flags.listFlags[flag] as {min?: number; max?: number}
  return {type: 'integer', minimum: def.min, maximum: def.max, description}
}

/** Every filter name any family of the selection knows (describe says which are whose). */
function filterNames(families: readonly string[]): string[] {
  const own = new Set(['page', 'per_page', 'include', 'sort', 'status'])
  const all = new Set<string>()
  for (const word of families) for (const name of listFilters(word).keys()) if (!own.has(name)) all.add(name)
  return [...all].sort()
}

const include = {type: 'string', description: 'Relations to include, comma-separated (client, payments, ...).'}

function listRecords(families: readonly string[]): JsonSchema {
  return object(
    {
      family: familyArg(families, 'list'),
      filters: {
        type: 'object',
        description:
          "The server's list filters as name: value (describe lists each family's, with their values), e.g. " +
          '{"client_status": "unpaid", "balance": "1000:gt"}.',
        propertyNames: {enum: filterNames(families)},
        additionalProperties: {type: ['string', 'number', 'boolean']},
      },
      status: {
        type: 'array',
        items: {enum: [...RECORD_STATES]},
        uniqueItems: true,
        description: 'Only records in these states (default: all of them, archived and deleted included).',
      },
      sort: {type: 'string', pattern: '^[A-Za-z0-9_.]+\\|(asc|desc)$', description: "As 'field|asc' or 'field|desc'."},
      page: integerOf('page', 'The page to fetch (from 1).'),
      per_page: integerOf('per-page', 'Records per page (the server answers 20 by default).'),
      limit: integerOf('limit', 'At most this many records, fetching further pages as needed.'),
      include,
    },
    ['family'],
  )
}

/** Each tool's input schema for this selection of families. */
export function inputSchema(name: ToolName, families: readonly string[]): JsonSchema {
  switch (name) {
    case 'describe':
      return object({family: familyArg(families)})
    case 'list_records':
      return listRecords(families)
    case 'show_record':
      return object(
        {
          family: familyArg(families, 'show'),
          record: {
            type: 'string',
            minLength: 1,
            description: 'Its id, or its number or name (describe says which keys each family takes).',
          },
          include,
        },
        ['family', 'record'],
      )
    case 'reconcile_preview':
      return object({
        since: {...DATE, description: 'Only deposits dated on or after this day (YYYY-MM-DD).'},
        bank_accounts: {
          type: 'array',
          items: {type: 'string', minLength: 1},
          description: "Only these bank integrations' transactions (their ids).",
        },
      })
    case 'failed_emails':
      return object({since: {...DATE, description: 'Only entries changed on or after this day (YYYY-MM-DD).'}})
    case 'history':
      return object({
        since: {type: 'string', minLength: 10, description: 'Only entries from this day (YYYY-MM-DD) or time on.'},
        family: familyArg(families),
        limit: {type: 'integer', minimum: 1, description: 'At most the newest N entries.'},
      })
    case 'plan_change':
      return planChange(families)
    case 'apply_plan':
      return object({plan_id: PLAN_ID}, ['plan_id'])
    case 'undo_plan':
      return object(
        {
          entry: {type: 'string', minLength: 4, description: "The journal entry's id (history lists them)."},
          force: {type: 'boolean', description: 'Undo even though the record changed since the entry.'},
        },
        ['entry'],
      )
  }
}
