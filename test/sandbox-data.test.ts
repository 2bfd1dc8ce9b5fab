/**
 * The sandbox's demo data keeps a client's amounts as the server does (test/support/sandbox-data.ts): its balance is
 * what its sent invoices still owe, its paid_to_date what its payments brought in net of refunds (an unapplied one
 * too: PaymentRepository books the amount either way), its payment_balance what of them is not applied yet
 * (ClientService::updatePaymentBalance). `cli clients list` shows the first two, so a person trying the sandbox sees
 * figures a real company could have.
 */
import {expect} from 'chai'

import {SANDBOX_DATA} from './support/sandbox-data.js'
import type {Rec} from './support/server-values.js'

const cents = (n: number) => Math.round(n * 100) / 100
const sum = (records: Rec[], amount: (r: Rec) => number) => cents(records.reduce((t, r) => t + amount(r), 0))
/** Sent (2), partial (3) and paid (4) invoices count toward the balance; drafts, cancelled and reversed do not. */
const OWING = new Set(['2', '3', '4'])

describe("the sandbox's clients: amounts as the server keeps them", () => {
  for (const client of SANDBOX_DATA.clients) {
    const mine = (segment: string) =>
      (SANDBOX_DATA[segment] ?? []).filter((r) => r.client_id === client.id && r.is_deleted !== true)
    const payments = mine('payments')

    it(`${String(client.name)}: balance, paid_to_date and payment_balance`, () => {
      expect({
        balance: client.balance,
        paid_to_date: client.paid_to_date,
        payment_balance: client.payment_balance,
      }).to.deep.equal({
        balance: sum(
          mine('invoices').filter((i) => OWING.has(String(i.status_id))),
          (i) => Number(i.balance),
        ),
        paid_to_date: sum(payments, (p) => Number(p.amount) - Number(p.refunded ?? 0)),
        payment_balance: sum(payments, (p) => Number(p.amount) - Number(p.applied ?? 0) - Number(p.refunded ?? 0)),
      })
    })
  }
})
