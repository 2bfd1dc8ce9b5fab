// `npm run --silent sandbox [-- --port N]`: the end-to-end tests' stand-in upstream on 127.0.0.1,
// with a little demo data, so a newcomer can try live commands without an account. Prints on
// stdout only the two variables that point the CLI at it (--silent keeps npm's own banner off
// stdout too); everything else goes to stderr. Records live in memory until Ctrl-C.
import {parseArgs} from 'node:util'

import {defaultSeed, startUpstream} from '../test/support/upstream.js'

export const SANDBOX_TOKEN = 'sandbox-token'

const seed = defaultSeed()
// Fixed ids, so the examples of the README and docs/usage.md name records that exist; statuses and an archived record
// so that tables, --status and the list filters have something to show. Amounts as the server keeps them: a draft
// owes nothing yet (balance 0), a paid invoice has paid_to_date, a client's balance is what its invoices owe.
const DEMO: Record<string, Array<Record<string, unknown>>> = {
  ...seed,
  clients: [
    {...seed.clients[0], settings: {currency_id: '1'}},
    seed.clients[1],
    {
      id: 'Kd8xQ2pLmA',
      name: 'Initech',
      number: '0003',
      balance: 0,
      paid_to_date: 0,
      country_id: '840',
      city: 'Austin',
      contacts: [{first_name: 'Bill', last_name: 'Lumbergh', email: 'bill@initech.test'}],
    },
  ],
  products: [
    {id: 'Pq4rT7vWx1', product_key: 'WIDGET', notes: 'Blue widget', price: 10, quantity: 1},
    {id: 'Pq4rT7vWx2', product_key: 'Consulting', notes: 'One hour of consulting', price: 150, quantity: 1},
    {id: 'Pq4rT7vWx3', product_key: 'Audit', notes: 'Annual audit', price: 90, quantity: 1},
  ],
  invoices: [
    ...seed.invoices,
    {
      id: 'Zq3nWx8kPd',
      client_id: 'Opnel5aKBz',
      number: '0002',
      status_id: '4',
      date: '2024-02-01',
      due_date: '2024-03-02',
      amount: 20,
      balance: 0,
      paid_to_date: 20,
      line_items: [{product_key: 'WIDGET', quantity: 2, cost: 10, line_total: 20}],
      invitations: [{key: 'invkey0002globex'}],
    },
    {
      id: 'Mb4vTy6jRc',
      client_id: 'Kd8xQ2pLmA',
      number: '0003',
      status_id: '1',
      date: '2023-11-02',
      due_date: '2023-12-02',
      amount: 90,
      balance: 0,
      paid_to_date: 0,
      archived_at: 1_700_000_000,
      line_items: [{product_key: 'Audit', quantity: 1, cost: 90, line_total: 90}],
      invitations: [{key: 'invkey0003initech'}],
    },
  ],
  vendors: [
    {
      id: 'Vn2cR5sYt8',
      name: 'Paper Supplies Co',
      number: '0001',
      city: 'Scranton',
      currency_id: '1',
      country_id: '840',
      contacts: [{first_name: 'Pam', email: 'pam@paper.test'}],
    },
  ],
  payments: [
    {
      id: 'Pq1x7Yw2Za',
      client_id: 'Opnel5aKBz',
      number: '0001',
      amount: 20,
      refunded: 0,
      status_id: '4',
      date: '2024-02-10',
      type_id: '1',
      applied: 20,
      paymentables: [{invoice_id: 'Zq3nWx8kPd', amount: 20, refunded: 0}],
    },
  ],
  expenses: [
    {
      id: 'Ex9mQ2wLp4',
      number: '0001',
      vendor_id: 'Vn2cR5sYt8',
      amount: 35.9,
      date: '2024-01-20',
      public_notes: 'Printer paper',
    },
  ],
  projects: [{id: 'Pj6gH8nBv2', name: 'Website relaunch', number: '0001', client_id: 'VolejRejNm', budgeted_hours: 40}],
}

const {values} = parseArgs({options: {port: {type: 'string', default: '0'}}})
const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`sandbox: --port must be a port number (0 picks a free one), got "${values.port}"`)
  process.exit(2)
}

const up = await startUpstream({token: SANDBOX_TOKEN, port})
for (const [segment, records] of Object.entries(DEMO)) up.seed(segment, records)

process.stdout.write(`export CLI_BASE_URL=${up.url}\nexport CLI_API_TOKEN=${SANDBOX_TOKEN}\n`)
console.error(`
sandbox: a stand-in upstream on ${up.url} with demo clients, products, invoices, quotes, vendors,
payments, expenses and projects. Paste the two lines above into another shell, then try:
  ./bin/run.js clients list
  ./bin/run.js invoices list --status active
  ./bin/run.js invoices create --client-id VolejRejNm --line-item product_key=WIDGET,quantity=2,cost=10 --yes
  ./bin/run.js invoices update WJxbojagwO --field public_notes="Thank you" --yes
  ./bin/run.js invoices delete WJxbojagwO --yes
  ./bin/run.js invoices list --output csv
Records live in memory: Ctrl-C stops the sandbox and forgets them. Requests it receives:`)

// The stand-in records every request; the sandbox prints and forgets them.
const log = setInterval(() => {
  for (const r of up.requests.splice(0)) console.error(`  ${r.method} ${r.path}${r.rawQuery ? `?${r.rawQuery}` : ''}`)
}, 100)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    clearInterval(log)
    void up.close().then(() => process.exit(0))
  })
}
