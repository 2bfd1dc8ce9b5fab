/**
 * Side effects on save: POST/PUT of invoices, quotes, credits and purchase orders read extra
 * parameters and act on them after saving (FACTS.md): send it, mark it sent or paid, approve,
 * convert. The CLI sends them as query parameters, only on the families the registry says honour
 * them (elsewhere the flag does not exist: exit 2, nothing sent).
 */
import {Flags} from '@oclif/core'

import {usageError} from '../../errors.js'
import {parseAmount} from '../../input/field-syntax.js'

export interface SaveEffect {
  /** The flag: `send-email`. */
  flag: string
  /** The request parameter: `send_email`. */
  param: string
  /** A switch (sent as `true`, the only value the server honours), a number, or text. */
  kind: 'boolean' | 'number' | 'string'
  summary: string
}

const effect = (flag: string, kind: SaveEffect['kind'], summary: string): SaveEffect => ({
  flag,
  param: flag.replaceAll('-', '_'),
  kind,
  summary,
})

export const SEND_EMAIL = effect('send-email', 'boolean', 'After saving, e-mail it to the client.')
export const MARK_SENT = effect('mark-sent', 'boolean', 'After saving, mark it sent.')
export const PAID = effect(
  'paid',
  'boolean',
  'After saving, mark it paid (a payment for the balance; --reference names it).',
)
export const AMOUNT_PAID = effect('amount-paid', 'number', 'After saving, record a payment of this amount.')
export const REFERENCE = effect('reference', 'string', 'The reference of the payment --paid or --amount-paid records.')
export const AUTO_BILL = effect('auto-bill', 'boolean', "After saving, charge the client's stored payment method.")
export const CANCEL = effect('cancel', 'boolean', 'After saving, cancel it.')
export const APPROVE = effect('approve', 'boolean', 'After saving, approve it.')
export const CONVERT = effect('convert', 'boolean', 'After saving, convert it to an invoice.')
export const MARK_PAID = effect('mark-paid', 'boolean', 'After saving, mark it paid.')

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
