/**
 * Which failed e-mails `--resend` sends again (pure), each record once. Only a delivery failure to an address that
 * can still receive mail: never to an address that complained of spam or hard-bounced (anywhere in the log read,
 * while the record's contacts still have it), never a record that is deleted, paid, cancelled or otherwise closed,
 * nor one e-mailed again since it failed (the journal says: resent.ts) unless asked again.
 */
import type {Reason} from './mail-events.js'
import type {Joined} from './join.js'

/** `--reason` words and the reasons they choose. A spam complaint is not among them: it is never resent. */
export const REASONS: Record<string, Reason> = {
  bounced: 'bounced',
  quota: 'held back by the sending quota',
  upstream: 'failed upstream',
  send: 'failed to send',
}

export interface ResendChoice {
  /** `--reason`: only these (default: every reason but a spam complaint). */
  reasons?: ReadonlySet<Reason>
  /** `--id`: only these log entries. */
  ids?: ReadonlySet<string>
  /** When each record (`invoice/WJxbojagwO`) was last e-mailed, ms since the epoch (the journal). */
  emailed: ReadonlyMap<string, number>
  /** `--again`: a record e-mailed since its failure is resent too. */
  again: boolean
}

export interface Resend {
  entity: string
  id: string
  label: string
  /** The log entries this e-mail answers. */
  entries: string[]
}

export interface NotResent {
  entry: string
  why: string
}

const recordText = (f: Joined): string =>
  `${f.record!.entity.replaceAll('_', ' ')} ${f.document?.number || f.document?.id || f.record!.id}`

/** The addresses the log says cannot receive mail: those that complained of spam, and hard bounces. */
function blockedAddresses(failed: readonly Joined[]): Set<string> {
  const blocked = new Set<string>()
  for (const f of failed) {
    const hard = f.reason === 'spam complaint' || (f.reason === 'bounced' && !f.soft)
    if (hard && f.recipient !== '') blocked.add(f.recipient.toLowerCase())
  }
  return blocked
}

/** Why one entry is not resent, or undefined when it may be. */
function whyNot(f: Joined, choice: ResendChoice, blocked: ReadonlySet<string>): string | undefined {
  if (f.reason === 'spam complaint') return 'a spam complaint: never resent'
  if (!f.record) return 'the log names no record (a send failure names only the client)'
  const doc = f.document
  if (!doc) return `${recordText(f)} is no longer on the server`
  const since = choice.emailed.get(`${f.record.entity}/${doc.id}`) ?? 0
  if (since >= f.at * 1000 && !choice.again)
    return `${recordText(f)} was e-mailed again since (${new Date(since).toISOString()}; --again to send it once more)`
  if (doc.closed) return `${recordText(f)} is ${doc.closed}`
  if (doc.recipients === undefined) return `whom ${recordText(f)} would reach is not known (its contacts were not read)`
  if (doc.recipients.length === 0) return `no contact of ${recordText(f)} has an e-mail address`
  const stillBlocked = doc.recipients.find((r) => blocked.has(r))
  if (stillBlocked) return `its contact ${stillBlocked} hard-bounced or complained of spam, and is still its address`
  return undefined
}

/** The records to e-mail again, each once, and why every other chosen entry is not. */
export function chooseResends(
  failed: readonly Joined[],
  choice: ResendChoice,
): {records: Resend[]; notResent: NotResent[]} {
  const blocked = blockedAddresses(failed)
  const records = new Map<string, Resend>()
  const notResent: NotResent[] = []
  for (const f of failed) {
    if (choice.ids && !choice.ids.has(f.id)) continue
    if (choice.reasons && !choice.reasons.has(f.reason)) continue
    const why = whyNot(f, choice, blocked)
    if (why !== undefined) {
      notResent.push({entry: f.id, why})
      continue
    }
    const key = `${f.record!.entity}/${f.document!.id}`
    const known = records.get(key)
    if (known) known.entries.push(f.id)
    else
      records.set(key, {
        entity: f.record!.entity,
        id: f.document!.id,
        label: `${recordText(f)}${f.client?.name ? `, ${f.client.name}` : ''}`,
        entries: [f.id],
      })
  }
  return {records: [...records.values()], notResent}
}
