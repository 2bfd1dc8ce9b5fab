/**
 * Side effects on save: POST/PUT of invoices, quotes, credits and purchase orders read extra
 * parameters and act on them after saving (FACTS.md): send it, mark it sent or paid, approve,
 * convert. The CLI sends them as query parameters, only on the families the registry says honour
 * them (elsewhere the flag does not exist: exit 2, nothing sent).
 */
import {Flags} from '@oclif/core'

import {usageError} from '../../errors.js'
import {parseAmount} from '../../input/field-syntax.js'
import type {FollowKind, SummaryWords} from '../../plan/summary.js'

export interface SaveEffect {
  /** The flag: `send-email`. */
  flag: string
  /** The request parameter: `send_email`. */
  param: string
  /** A switch (sent as `true`, the only value the server honours), a number, or text. */
  kind: 'boolean' | 'number' | 'string'
  summary: string
  /** What the summary line adds once it is done (`marked sent`), and what it reads to say more. */
  said?: string
  follow?: FollowKind
}

const effect = (
  flag: string,
  kind: SaveEffect['kind'],
  summary: string,
  said?: string,
  follow?: FollowKind,
): SaveEffect => ({
  flag,
  param: flag.replaceAll('-', '_'),
  kind,
  summary,
  ...(said ? {said} : {}),
  ...(follow ? {follow} : {}),
})

export const SEND_EMAIL = effect(
  'send-email',
  'boolean',
  'After saving, e-mail it to the client.',
  'e-mailed',
  'contacts',
)
export const MARK_SENT = effect('mark-sent', 'boolean', 'After saving, mark it sent.', 'marked sent')
export const PAID = effect(
  'paid',
  'boolean',
  'After saving, mark it paid (a payment for the balance; --reference names it).',
  'marked paid',
  'payment',
)
export const AMOUNT_PAID = effect(
  'amount-paid',
  'number',
  'After saving, record a payment of this amount.',
  'paid in part',
  'payment',
)
export const REFERENCE = effect('reference', 'string', 'The reference of the payment --paid or --amount-paid records.')
export const AUTO_BILL = effect(
  'auto-bill',
  'boolean',
  "After saving, charge the client's stored payment method.",
  'auto-billed',
  'payment',
)
export const CANCEL = effect('cancel', 'boolean', 'After saving, cancel it.', 'cancelled')
export const APPROVE = effect('approve', 'boolean', 'After saving, approve it.', 'approved')
export const CONVERT = effect('convert', 'boolean', 'After saving, convert it to an invoice.', 'converted', 'invoice')
export const MARK_PAID = effect('mark-paid', 'boolean', 'After saving, mark it paid.', 'marked paid')
/** A task's timer, a recurring schedule: the server starts or stops it after saving. */
export const START = effect('start', 'boolean', 'After saving, start it (the timer, the schedule).', 'started')
export const STOP = effect('stop', 'boolean', 'After saving, stop it (the timer, the schedule).', 'stopped')
/** A task's save reads `action` from the whole input, its query too: start, resume or stop the timer while saving. */
export const TIMER_ACTION = effect('action', 'string', "The timer's action while saving: start, resume or stop.")

/** The flags create and update take for these effects. */
export function saveEffectFlags(effects: readonly SaveEffect[]) {
  return Object.fromEntries(
    effects.map((e) => [
      e.flag,
      e.kind === 'boolean'
        ? Flags.boolean({summary: e.summary, helpGroup: 'AFTER SAVING'})
        : Flags.string({summary: e.summary, helpGroup: 'AFTER SAVING'}),
    ]),
  )
}

/** The query parameters the given flags ask for, in the family's order. */
export function saveEffectQuery(
  effects: readonly SaveEffect[],
  flags: Record<string, unknown>,
): Array<[string, string]> {
  const query: Array<[string, string]> = []
  for (const e of effects) {
    const value = flags[e.flag]
    if (value === undefined || value === false) continue
    if (e.kind === 'boolean') query.push([e.param, 'true'])
    else if (e.kind === 'number') {
      query.push([e.param, String(parseAmount(String(value), `--${e.flag}`, 'positive'))])
    } else {
      if (String(value) === '') throw usageError(`--${e.flag} is empty: give a value`)
      query.push([e.param, String(value)])
    }
  }
  if (flags.reference !== undefined && !flags.paid && flags['amount-paid'] === undefined)
    throw usageError('--reference names the payment of --paid or --amount-paid: give one of them')
  return query
}

/**
 * The summary of a create or update with these flags: the effects asked for join its line (`, marked sent`), and the
 * first that points elsewhere (a payment, a new invoice, the contacts e-mailed) is read to name it.
 */
export function saveEffectWords(
  effects: readonly SaveEffect[],
  flags: Record<string, unknown>,
  words: SummaryWords,
): SummaryWords {
  const asked = effects.filter((e) => flags[e.flag] !== undefined && flags[e.flag] !== false && e.said)
  if (asked.length === 0) return words
  const follow = ['payment', 'invoice', 'contacts'].find((kind) => asked.some((e) => e.follow === kind)) as
    FollowKind | undefined
  return {...words, tail: `, ${asked.map((e) => e.said).join(', ')}`, ...(follow ? {follow} : {})}
}
