/**
 * What `reconcile --yes` sends (pure): the certain proposals and the people's --pick choices, each transaction
 * once, as POST /bank_transactions/match batches of `{"transactions":[{"id","invoice_ids":"a,b"}]}`.
 */
import {apiPath, type RequestSpec, shown, usageError} from '@invoicing-cli/core/internal'

import type {OpenInvoice, Proposal} from './proposals.js'

/**
 * Transactions a match request carries. The server matches a whole request in one go, creating a payment per
 * transaction before it answers: small batches keep each request well inside a proxy's timeout.
 */
export const BATCH_SIZE = 20

export interface Match {
  transaction: string
  invoices: OpenInvoice[]
  source: 'certain' | 'pick'
}

/** `--pick TRANSACTION=INVOICE[,INVOICE]`: the transaction's id, the invoices by number or id. */
export function parsePick(raw: string): {transaction: string; invoices: string[]} {
  const at = raw.indexOf('=')
  const transaction = raw.slice(0, Math.max(at, 0)).trim()
  const invoices = raw
    .slice(at + 1)
    .split(',')
    .map((s) => s.trim())
  if (at < 1 || transaction === '' || invoices.some((s) => s === ''))
    throw usageError(`--pick ${shown(raw)} is not TRANSACTION=INVOICE[,INVOICE] (e.g. --pick Bt5hJ9wRz2=0004,0005)`)
  return {transaction, invoices}
}

/** The open invoice a pick names, by id or number. */
function pickedInvoice(value: string, open: OpenInvoice[], pick: string): OpenInvoice {
  const found = open.find((i) => i.id === value) ?? open.find((i) => i.number === value)
  if (!found)
    throw usageError(
      `--pick ${pick}: no open invoice has the number or id ${shown(value)} (open: sent or partly paid, with a ` +
        'balance): nothing was sent',
    )
  return found
}

/** The matches to apply: every certain proposal, and each pick in place of its transaction's proposal. */
export function matchesToApply(proposals: Proposal[], open: OpenInvoice[], picks: string[]): Match[] {
  const picked = new Map<string, Match>()
  for (const raw of picks) {
    const {transaction, invoices} = parsePick(raw)
    const p = shown(raw)
    if (!proposals.some((x) => x.transaction.id === transaction))
      throw usageError(
        `--pick ${p}: ${shown(transaction)} is not among the unmatched deposits read (cli bank-transactions show ` +
          `${transaction}): nothing was sent`,
      )
    if (picked.has(transaction)) throw usageError(`--pick names transaction ${transaction} twice: nothing was sent`)
    const chosen = [...new Map(invoices.map((v) => pickedInvoice(v, open, p)).map((i) => [i.id, i])).values()]
    if (new Set(chosen.map((i) => i.client.id)).size > 1)
      throw usageError(
        `--pick ${p}: the invoices belong to different clients; a match makes one payment of one client: ` +
          'nothing was sent',
      )
    picked.set(transaction, {transaction, invoices: chosen, source: 'pick'})
  }
  const matches = proposals.flatMap((x): Match[] => {
    const pick = picked.get(x.transaction.id)
    if (pick) return [pick]
    return x.status === 'certain'
      ? [{transaction: x.transaction.id, invoices: x.candidates[0].invoices, source: 'certain'}]
      : []
  })
  const owner = new Map<string, string>()
  for (const m of matches)
    for (const i of m.invoices) {
      const other = owner.get(i.id)
      if (other)
        throw usageError(
          `invoice ${i.number} would be paid by transactions ${other} and ${m.transaction}: pick one of them ` +
            'another invoice (--pick TRANSACTION=INVOICE). Nothing was sent',
        )
      owner.set(i.id, m.transaction)
    }
  return matches
}

/** The match requests, BATCH_SIZE transactions each. */
export function matchRequests(matches: Match[]): RequestSpec[] {
  const requests: RequestSpec[] = []
  for (let from = 0; from < matches.length; from += BATCH_SIZE) {
    const batch = matches.slice(from, from + BATCH_SIZE)
    requests.push({
      method: 'POST',
      path: apiPath('bank_transactions', 'match'),
      query: [],
      changes: true,
      body: {transactions: batch.map((m) => ({id: m.transaction, invoice_ids: m.invoices.map((i) => i.id).join(',')}))},
      record: {family: 'bank-transactions', ids: batch.map((m) => m.transaction)},
    })
  }
  return requests
}
