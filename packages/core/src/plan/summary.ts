/**
 * The line a person reads on stderr after a change (`created invoice 0007 (id WJxbojagwO), 240.00`), as pure
 * functions of the answer. Where the answer only points to what matters (the contacts an e-mail went to, the payment
 * mark_paid recorded, the invoice a quote became), one read of that record names it: `followRequest` says which.
 */
import {getPath, recordsOf} from '../output/records.js'
import {REFERENCES} from '../registry/families/references.js'
import {names, serverFacts} from '../registry/server/facts.js'
import {money, partyName, recordLabel} from './bulk.js'
import {apiPath, pathSegment, type RequestSpec} from './request.js'

/** What the answer points to, read after the change: the party's contacts, the invoice's payments, a new invoice. */
export type FollowKind = 'contacts' | 'payment' | 'invoice'

/** How a command's registry data says what it did: the verb of the line, and what to read to say more. */
export interface SummaryWords {
  /** `created`, `archived`, `e-mailed`. */
  did: string
  follow?: FollowKind
  /** Words after the record (`, marked sent`), before what the read after the change says. */
  tail?: string
  /** Words at the end of the line (`, cc ap@acme.test`). */
  after?: string
}

export interface Summary extends SummaryWords {
  /** The family's record, singular (`invoice`) and plural (`invoices`), and its path segment. */
  noun: string
  plural: string
  segment: string
  /** The records the request names, for an answer that carries none (`{"message": ...}`). */
  ids: readonly string[]
}

/** The summary of a change to records of a family (`noun`: invoice, `word`: invoices or purchase-orders). */
export function summaryFor(
  f: {noun: string; word: string; segment: string},
  words: SummaryWords,
  ids: readonly string[] = [],
): Summary {
  // The payment is named through the record's include=payments: where the server offers none, nothing to read.
  const {follow, ...rest} = words
  const readable = follow !== 'payment' || names(serverFacts(f.word)?.includes).includes('payments')
  return {
    ...rest,
    ...(readable && follow ? {follow} : {}),
    noun: f.noun,
    plural: f.word.replaceAll('-', ' '),
    segment: f.segment,
    ids,
  }
}

/** Records shown by name in a line about several; the rest are counted. */
const SHOWN = 10

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)

/** `0007 (id WJxbojagwO)`, or `(id WJxbojagwO)` for a record with no number or name. */
const named = (record: unknown, id = str(getPath(record, 'id'))): string =>
  [recordLabel(record), `(id ${id ?? '?'})`].filter((v) => v).join(' ')

/** The records of the answers that are records (an id each). */
const recordsIn = (answers: readonly unknown[]): unknown[] =>
  answers.flatMap((a) => recordsOf(a)).filter((r) => str(getPath(r, 'id')) !== undefined)

const read = (segment: string, id: string, include?: string): RequestSpec => ({
  method: 'GET',
  path: apiPath(segment, pathSegment(id, 'id')),
  query: include ? [['include', include]] : [],
  changes: false,
  record: {family: segment.replaceAll('_', '-'), ids: [id]},
})

/** The reference each follow reads, the first the answer holds (the party's contacts: its client, else its vendor). */
const REFERENCED: Record<Exclude<FollowKind, 'payment'>, readonly string[]> = {
  contacts: ['client_id', 'vendor_id'],
  invoice: ['invoice_id'],
}

/** The one read that names what the answer points to; undefined when the summary needs none or cannot have it. */
export function followRequest(summary: Summary, answers: readonly unknown[]): RequestSpec | undefined {
  const records = recordsIn(answers)
  if (records.length !== 1 || !summary.follow) return undefined
  const record = records[0]
  switch (summary.follow) {
    case 'payment':
      return read(summary.segment, String(getPath(record, 'id')), 'payments')
    default: {
      const field = REFERENCED[summary.follow].find((name) => str(getPath(record, name)))
      return field ? read(REFERENCES[field].replaceAll('-', '_'), str(getPath(record, field))!) : undefined
    }
  }
}

/** What a summary line ends with when the e-mail reached nobody: the change did nothing (a non-zero exit). */
export const NOBODY_MAILED = ' (no contact with an e-mail address: nobody was e-mailed)'

/** The addresses the server mails: each invitation's contact that has an e-mail address and is not deleted. */
function mailed(record: unknown, party: unknown): string | undefined {
  const contacts = (getPath(party, 'contacts') ?? []) as unknown[]
  const invitations = getPath(record, 'invitations')
  const ids = (Array.isArray(invitations) ? invitations : [])
    .map((i) => str(getPath(i, 'client_contact_id')) ?? str(getPath(i, 'vendor_contact_id')))
    .filter((id): id is string => id !== undefined)
  // A record without invitations (a payment) is mailed to its party's contacts.
  const invited = ids.length > 0 ? new Set(ids) : undefined
  if (!Array.isArray(contacts)) return undefined
  const emails = contacts
    .filter((c) => (invited ? invited.has(String(getPath(c, 'id'))) : true) && getPath(c, 'is_deleted') !== true)
    .map((c) => str(getPath(c, 'email')))
    .filter((e): e is string => e !== undefined)
  return emails.length > 0 ? ` to ${emails.join(', ')}` : NOBODY_MAILED
}

/** The payment recorded last on the invoice (its payments as include=payments embeds them). */
function newestPayment(invoice: unknown): string | undefined {
  const payments = getPath(invoice, 'payments')
  if (!Array.isArray(payments) || payments.length === 0) return undefined
  const newest = payments.reduce((a, b) =>
    Number(getPath(b, 'created_at')) >= Number(getPath(a, 'created_at')) ? b : a,
  )
  const amount = money(getPath(newest, 'amount'))
  return `; payment ${named(newest)}${amount ? ` of ${amount}` : ''}`
}

/** What the read after the change says, for the line. */
function followed(summary: Summary, record: unknown, extra: unknown): string {
  if (extra === undefined) return ''
  switch (summary.follow) {
    case 'contacts':
      return mailed(record, extra) ?? ''
    case 'payment':
      return newestPayment(extra) ?? ''
    case 'invoice':
      return `; new invoice ${named(extra)}`
    default:
      return ''
  }
}

/** The summary line, from the answers of the change and the record read after it (if any). */
export function summaryLine(summary: Summary, answers: readonly unknown[], extra?: unknown): string | undefined {
  const records = recordsIn(answers)
  const tail = summary.tail ?? ''
  // An answer with no record (a bulk action that found none): nothing to say beyond what the error says.
  if (records.length === 0 && summary.ids.length === 0) return undefined
  if (records.length === 0) {
    const ids = summary.ids.map((id) => `(id ${id})`).join(', ')
    return `${summary.did} ${summary.noun} ${ids}${tail}${summary.after ?? ''}`
  }
  if (records.length === 1) {
    const record = records[0]
    const party = partyName(record)
    const amount = getPath(record, 'name') === undefined ? money(getPath(record, 'amount')) : undefined
    return (
      `${summary.did} ${summary.noun} ${named(record)}${party ? ` for ${party}` : ''}${amount ? `, ${amount}` : ''}` +
      `${tail}${followed(summary, record, extra)}${summary.after ?? ''}`
    )
  }
  const shown = records.slice(0, SHOWN).map((r) => named(r))
  const more = records.length > SHOWN ? `, and ${records.length - SHOWN} more` : ''
  return `${summary.did} ${records.length} ${summary.plural}: ${shown.join(', ')}${more}${tail}${summary.after ?? ''}`
}
