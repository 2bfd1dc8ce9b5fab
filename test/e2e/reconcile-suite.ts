/** The shared setup of the `cli reconcile` tests: the sandbox's deposits and open invoices, and what was asked. */
import {MONTH_END_DEPOSITS, MONTH_END_INVOICES} from '../support/sandbox-month-end.js'
import {runCli} from '../support/cli.js'
import {defaultSeed} from '../support/upstream.js'
import {useUpstream} from '../support/upstream-suite.js'

export const READS = [
  'GET /api/v1/bank_transactions page=1&client_status=unmatched&per_page=500',
  'GET /api/v1/invoices page=1&client_status=unpaid&include=client&per_page=500',
  // The clients have no currency of their own: the company's is theirs.
  'POST /api/v1/companies/current',
]
export const CERTAIN = [
  {id: 'Bt1aK4mQz7', invoice_ids: 'Iv4gH2kLm1'},
  {id: 'Bt2bL5nRy8', invoice_ids: 'Iv5hJ3lMn2,Iv6jK4mNp3'},
]

export const PROPOSALS = `5 unmatched deposits: 2 certain, 2 ambiguous, 1 without a match

Bt1aK4mQz7  2024-03-01  240.00  "GLOBEX CORP PAYMENT INV-0004"
  certain: invoice 0004 (Globex Corporation, balance 240.00) [number-in-description, exact-balance]

Bt2bL5nRy8  2024-03-02  200.50  "INITECH FEBRUARY SETTLEMENT"
  certain: invoices 0005 (Initech, balance 120.00) + 0006 (Initech, balance 80.50) [client-named-sum]

Bt3cM6pSx9  2024-03-03  333.33  "SEPA TRANSFER REF 88123"
  ambiguous (only the amount matches: the description names neither invoice nor client):
    or invoice 0007 (Globex Corporation, balance 333.33) [exact-balance]

Bt4dN7qTw1  2024-03-04  90.00  "BANK GIRO 5521"
  ambiguous:
    or invoice 0008 (Globex Corporation, balance 90.00) [exact-balance]
    or invoice 0009 (Acme Ltd, balance 90.00) [exact-balance]

Bt6fQ9sVu3  2024-03-05  1.23  "INTEREST"
  no match: no open invoice fits
`

/** Inside a describe: a stand-in seeded for reconcile before each test, and what the tests read of it. */
export function useReconcile() {
  const suite = useUpstream()
  const seed = defaultSeed()
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}${r.rawQuery ? ` ${r.rawQuery}` : ''}`)
  const posts = () => suite.up.requests.filter((r) => r.method === 'POST' && r.path !== '/api/v1/companies/current')
  const statusOf = (segment: string) =>
    Object.fromEntries(suite.up.records(segment).map((r) => [r.number ?? r.id, `${r.status_id}/${r.balance ?? ''}`]))
  const run = (...args: string[]) => runCli(['reconcile', ...args], {env: suite.env})

  beforeEach(() => {
    suite.up.seed('clients', [
      seed.clients[0],
      seed.clients[1],
      {id: 'Kd8xQ2pLmA', name: 'Initech', number: '0003', balance: 200.5},
    ])
    suite.up.seed('invoices', [...seed.invoices, ...MONTH_END_INVOICES])
    suite.up.seed('bank_transactions', [
      ...MONTH_END_DEPOSITS,
      // Neither is an unmatched deposit: a withdrawal, and a deposit already converted.
      {id: 'Bt7gR1cWv4', date: '2024-03-01', amount: 240, description: 'INV-0004', base_type: 'DEBIT', status_id: '1'},
      {id: 'Bt8hS2dXw5', date: '2024-03-01', amount: 240, description: 'INV-0004', base_type: 'CREDIT', status_id: '3'},
    ])
  })
  return {suite, sent, posts, statusOf, run}
}
