/**
 * Bulk actions on many records, as pure rules: the batches sent, the records a list query selected, and the ids the
 * server's answers leave out. The server's bulk route sets no limit on `ids`, but answers the records it acted on
 * as one page of a list (20 unless `per_page`, at most 5000), and it silently skips ids it does not find (FACTS.md).
 */
import {CliError, ExitCode} from '../errors.js'
import {columnValue} from '../output/cells.js'
import {getPath, recordsOf} from '../output/records.js'
import type {RequestSpec} from './request.js'

/**
 * Ids per bulk request: a request that e-mails or records payments for thousands of invoices may outlast a proxy's
 * timeout, and its outcome would be unknown; a hundred at a time keeps each answer quick and every record in it.
 */
export const BULK_BATCH = 100

/** The page the server answers a bulk action with, unless asked for a larger one. */
export const SERVER_PAGE = 20

/** Actions every family's server answers with a message (a job's hash), not the records: nothing to compare. */
const MESSAGE_ACTIONS: ReadonlySet<string> = new Set(['template'])

/** Whether the answers of this action name the records acted on (so ids missing from them were skipped). */
export const answersRecords = (action: string): boolean => !MESSAGE_ACTIONS.has(action)

/** `1 invoice`, `3 invoices`. */
export const counted = (n: number, noun: string, plural: string): string => `${n} ${n === 1 ? noun : plural}`

/** The ids, each once, in the order given. */
export const uniqueIds = (ids: readonly string[]): string[] => [...new Set(ids)]

/** The ids of the records a list query selected, each once; a record without one is an upstream fault (exit 1). */
export function selectedIds(records: readonly unknown[]): string[] {
  return uniqueIds(
    records.map((record) => {
      const id = getPath(record, 'id')
      if (typeof id !== 'string' || id === '')
        throw new CliError('the upstream listed a record without an id: nothing was changed', ExitCode.upstream)
      return id
    }),
  )
}

/** The ids cut into batches of at most BULK_BATCH. */
export function batches(ids: readonly string[]): string[][] {
  const out: string[][] = []
  for (let i = 0; i < ids.length; i += BULK_BATCH) out.push(ids.slice(i, i + BULK_BATCH))
  return out
}

/** The page size a bulk request must ask for so that its answer holds every record (none: the server's 20 do). */
export const answerPage = (ids: readonly string[]): number | undefined =>
  ids.length > SERVER_PAGE ? ids.length : undefined

/** The ids of the records the answers hold. */
function answeredIds(answers: readonly unknown[]): Set<string> {
  const ids = new Set<string>()
  for (const answer of answers) for (const record of recordsOf(answer)) ids.add(String(getPath(record, 'id')))
  return ids
}

/** The ids asked for that no answer holds: the server found no such record and did nothing to it. */
export function missingIds(asked: readonly string[], answers: readonly unknown[]): string[] {
  const answered = answeredIds(answers)
  return asked.filter((id) => !answered.has(id))
}

/** A record's own name (a client's, a product's key), where it has one. */
function recordName(record: unknown): string | undefined {
  const name = getPath(record, 'name') ?? getPath(record, 'display_name') ?? getPath(record, 'product_key')
  return typeof name === 'string' && name !== '' ? name : undefined
}

/** What people know a record by: its number and name, where it has them. */
export function recordLabel(record: unknown): string {
  return [getPath(record, 'number'), recordName(record)]
    .filter((v) => typeof v === 'string' && v !== '')
    .map(String)
    .join(' ')
}

/** The party a document is for, by name where the answer embeds it (include=client), else undefined. */
export function partyName(record: unknown): string | undefined {
  for (const party of ['client', 'vendor']) {
    const name = getPath(record, `${party}.display_name`) ?? getPath(record, `${party}.name`)
    if (typeof name === 'string' && name !== '') return name
  }
  return undefined
}

/** An amount as people read it: two decimals. */
export const money = (value: unknown): string | undefined =>
  typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value))
    ? Number(value).toFixed(2)
    : undefined

/** A selected record on one line, as the dry run lists it: `0001  Acme Ltd  120.00  (id WJxbojagwO)`. */
export function selectionLine(record: unknown): string {
  const [number, name] = [getPath(record, 'number'), recordName(record) ?? partyName(record)]
  const amount = money(columnValue(record, 'amount') ?? columnValue(record, 'balance'))
  return [typeof number === 'string' ? number : '', name, amount, `(id ${String(getPath(record, 'id'))})`]
    .filter((v) => v)
    .join('  ')
}

/** The list request that selects records for a bulk action: its filters, a stable order, the relations named. */
export interface Selection {
  request: RequestSpec
  /** Every page (--all); else the selection must fit the first page. */
  all: boolean
  /** Active records only because no --status was given (the server's lists hold archived and deleted ones too). */
  activeByDefault?: boolean
}

/**
 * A selection larger than what was read: without --all, more than the first page; with it, more than the page cap
 * reaches. Nothing was changed (exit 2): the filters should be narrowed, or --all given.
 */
export function selectionTooLarge(request: RequestSpec, total: number, firstPage?: number): CliError {
  const word = (request.record?.family ?? 'records').replaceAll('-', ' ')
  return new CliError(
    firstPage === undefined
      ? `${total} ${word} match the filters, more than --all reads (the page cap): narrow the filters; nothing was ` +
          'changed'
      : `${total} ${word} match the filters, more than one page (${firstPage}): add --all to act on all ${total}, or ` +
          'narrow the filters; nothing was changed',
    ExitCode.usage,
  )
}
