// `npm run --silent sandbox [-- --port N]`: the end-to-end tests' stand-in upstream on 127.0.0.1,
// with a little demo data, so a newcomer can try live commands without an account. Prints on
// stdout only the two variables that point the CLI at it (--silent keeps npm's own banner off
// stdout too); everything else goes to stderr. Records live in memory until Ctrl-C.
import {parseArgs} from 'node:util'

import {SANDBOX_DATA} from '../test/support/sandbox-data.js'
import {DEFAULT_PASSWORD, startUpstream} from '../test/support/upstream.js'

export const SANDBOX_TOKEN = 'sandbox-token'

const {values} = parseArgs({options: {port: {type: 'string', default: '0'}}})
const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`sandbox: --port must be a port number (0 picks a free one), got "${values.port}"`)
  process.exit(2)
}

const up = await startUpstream({token: SANDBOX_TOKEN, port})
for (const [segment, records] of Object.entries(SANDBOX_DATA)) up.seed(segment, records)

process.stdout.write(`export CLI_BASE_URL=${up.url}\nexport CLI_API_TOKEN=${SANDBOX_TOKEN}\n`)
console.error(`
sandbox: a stand-in upstream on ${up.url} with demo clients, products, invoices, quotes, vendors,
payments, expenses, projects, bank deposits and failed e-mails. Paste the two lines above into another shell, then try:
  ./bin/run.js clients list
  ./bin/run.js invoices list --status active
  ./bin/run.js invoices create --client-id VolejRejNm --line-item product_key=WIDGET,quantity=2,cost=10 --yes
  ./bin/run.js invoices update WJxbojagwO --field public_notes="Thank you" --yes
  ./bin/run.js invoices delete WJxbojagwO --yes
  ./bin/run.js invoices list --output csv
  ./bin/run.js reconcile
  ./bin/run.js emails failed
The users commands need the account password too: export CLI_API_PASSWORD=${DEFAULT_PASSWORD}
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
