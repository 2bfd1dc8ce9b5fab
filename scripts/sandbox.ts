// `npm run sandbox [-- --port N]`: the end-to-end tests' stand-in upstream on 127.0.0.1, with a
// little demo data, so a newcomer can try live commands without an account. Prints (stdout) the
// two variables that point the CLI at it; records live in memory until Ctrl-C.
import {parseArgs} from 'node:util'

import {defaultSeed, startUpstream} from '../test/support/upstream.js'

export const SANDBOX_TOKEN = 'sandbox-token'

const seed = defaultSeed()
const DEMO: Record<string, Array<Record<string, unknown>>> = {
  ...seed,
  clients: [...seed.clients, {name: 'Initech', number: '0003', balance: 420.5, contacts: [{first_name: 'Bill', last_name: 'Lumbergh', email: 'bill@initech.test'}]}],
  products: [
    {product_key: 'WIDGET', notes: 'Blue widget', price: 10, quantity: 1},
    {product_key: 'Consulting', notes: 'One hour of consulting', price: 150, quantity: 1},
    {product_key: 'Audit', notes: 'Annual audit', price: 90, quantity: 1},
  ],
  invoices: [
    ...seed.invoices,
    {client_id: 'Opnel5aKBz', number: '0002', status_id: '4', date: '2024-02-01', due_date: '2024-03-02', amount: 20, balance: 0, line_items: [{product_key: 'WIDGET', quantity: 2, cost: 10}], invitations: [{key: 'invkey0002globex'}]},
  ],
  vendors: [{name: 'Paper Supplies Co', number: '0001', contacts: [{first_name: 'Pam', email: 'pam@paper.test'}]}],
  payments: [{id: 'Pq1x7Yw2Za', client_id: 'Opnel5aKBz', number: '0001', amount: 20, refunded: 0, status_id: '4', date: '2024-02-10', type_id: '1'}],
  expenses: [{number: '0001', amount: 35.9, date: '2024-01-20', public_notes: 'Printer paper'}],
  projects: [{name: 'Website relaunch', number: '0001', client_id: 'VolejRejNm', budgeted_hours: 40}],
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
