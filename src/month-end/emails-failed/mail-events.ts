/**
 * Which system log entries are failed e-mails, and what they say (pure). The numbers are the server's SystemLog
 * constants (5.10); where each entry comes from:
 * - event 30 (send) with type 303 (failure): the mailer's error; `log` is the error text, `client_id` the client
 *   (or nothing): the record e-mailed is not named.
 * - events 32 (bounced) and 33 (spam complaint), type 500 (webhook): the mail provider's webhook payload, with
 *   `history: {recipients, subject, entity, entity_id, events}`: entity and its hashed id name the record.
 * - event 34 (delivery) or 35 (opened) that a later bounce or complaint rewrote in place (Postmark's RecordType,
 *   Brevo's event, Mailgun's history.events[].status): the event id stays, the log says what happened.
 * - event 31 (retry queue) and types 400 (quota exceeded), 401 (upstream failure): held back or failed upstream.
 *   The server defines them; this version writes none, a later one may.
 * The list answers `log` as a JSON-encoded string (the transformer's json_encode).
 */
import type {Rec} from '../read-all.js'

export const MAIL_CATEGORY = 2
const EVENT = {send: 30, retryQueue: 31, bounced: 32, spam: 33, delivery: 34, opened: 35} as const
const TYPE = {failure: 303, quotaExceeded: 400, upstreamFailure: 401} as const

export type Reason =
  'bounced' | 'spam complaint' | 'held back by the sending quota' | 'failed upstream' | 'failed to send'

/** What the providers' payloads call a bounce or a complaint (Postmark RecordType, Brevo event, Mailgun status). */
const BOUNCES = new Set(['Bounce', 'Bounced', 'hard_bounce', 'soft_bounce', 'invalid_email', 'blocked', 'failed'])
const COMPLAINTS = new Set(['SpamComplaint', 'spam', 'complained'])

export interface FailedMail {
  id: string
  /** Unix seconds of the entry's last change (a rewritten delivery: when the bounce came). */
  at: number
  reason: Reason
  event_id: number
  type_id: number
  client_id: string
  /** The record e-mailed, when the log names it. */
  record?: {entity: string; id: string}
  /** A bounce the provider calls temporary (a full mailbox): the address can still receive mail. */
  soft?: boolean
  recipient: string
  detail: string
}

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')
const obj = (v: unknown): Rec => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : {})

/** `log` as sent: a JSON string (the server's), else the value itself. */
function parsedLog(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw
  try {
    return JSON.parse(raw)
  } catch {
    return raw
  }
}

/** What a provider's payload says happened: its own word, or the last event of its history. */
function providerVerdict(log: Rec): Reason | undefined {
  const events = Array.isArray(obj(log.history).events) ? (obj(log.history).events as unknown[]) : []
  const words = [str(log.RecordType), str(log.event), ...events.map((e) => str(obj(e).status))]
  if (words.some((w) => COMPLAINTS.has(w))) return 'spam complaint'
  if (words.some((w) => BOUNCES.has(w))) return 'bounced'
  return undefined
}

function reasonOf(eventId: number, typeId: number, log: unknown): Reason | undefined {
  if (eventId === EVENT.bounced) return 'bounced'
  if (eventId === EVENT.spam) return 'spam complaint'
  if (eventId === EVENT.retryQueue || typeId === TYPE.quotaExceeded) return 'held back by the sending quota'
  if (typeId === TYPE.upstreamFailure) return 'failed upstream'
  if (eventId === EVENT.send && typeId === TYPE.failure) return 'failed to send'
  if (eventId === EVENT.delivery || eventId === EVENT.opened) return providerVerdict(obj(log))
  return undefined
}

/** Log text as one line, without what a terminal would act on (escape sequences, controls, bidi overrides). */
const oneLine = (s: string): string =>
  s
    .replaceAll(/\s+/g, ' ')
    // eslint-disable-next-line no-control-regex -- an escape sequence is what it removes
    .replaceAll(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, '')
    .replaceAll(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 160)

/** What the providers call a temporary bounce: Postmark's Type, Brevo's event, Mailgun's severity. */
const SOFT = new Set(['SoftBounce', 'Transient', 'soft_bounce', 'temporary'])
const isSoft = (log: Rec): boolean => [log.Type, log.event, log.severity].some((w) => SOFT.has(str(w)))

/** The failed e-mail an entry records, or undefined for every other entry (a delivery, an opening, a webhook). */
export function failedMail(entry: Rec): FailedMail | undefined {
  if (Number(entry.category_id) !== MAIL_CATEGORY) return undefined
  const eventId = Number(entry.event_id)
  const typeId = Number(entry.type_id)
  const log = parsedLog(entry.log)
  const reason = reasonOf(eventId, typeId, log)
  if (!reason) return undefined
  const payload = obj(log)
  const history = obj(payload.history)
  const events = Array.isArray(history.events) ? (history.events as unknown[]) : []
  const entity = str(history.entity)
  const entityId = str(history.entity_id)
  return {
    id: str(entry.id),
    at: Number(entry.updated_at) || Number(entry.created_at) || 0,
    reason,
    event_id: eventId,
    type_id: typeId,
    client_id: str(entry.client_id),
    ...(entity && entityId ? {record: {entity, id: entityId}} : {}),
    ...(reason === 'bounced' && isSoft(payload) ? {soft: true} : {}),
    recipient: oneLine(str(payload.Email) || str(payload.email) || str(payload.Recipient) || str(history.recipients)),
    detail: oneLine(
      typeof log === 'string'
        ? log
        : str(payload.Description) ||
            str(payload.Details) ||
            str(payload.reason) ||
            str(obj(events.at(-1)).delivery_message),
    ),
  }
}
