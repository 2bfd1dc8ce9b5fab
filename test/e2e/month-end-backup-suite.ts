/** The shared setup of the `cli backup` tests: records in every state, long unchanged; a fresh folder each test. */
import {createHash} from 'node:crypto'
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

/** Families the registry leaves out of a backup (credentials, or not the company's own records). */
export const SKIPPED = [
  'activities',
  'client-gateway-tokens',
  'companies',
  'company-gateways',
  'tokens',
  'users',
  'webhooks',
]
/** Every family with a list route but those: the segments a backup lists, in the registry's order. */
export const BACKED_UP = [
  'bank-integrations',
  'bank-transaction-rules',
  'bank-transactions',
  'clients',
  'company-ledger',
  'credits',
  'designs',
  'documents',
  'expense-categories',
  'expenses',
  'group-settings',
  'invoices',
  'payment-terms',
  'payments',
  'products',
  'projects',
  'purchase-orders',
  'quotes',
  'recurring-expenses',
  'recurring-invoices',
  'recurring-quotes',
  'subscriptions',
  'system-logs',
  'task-schedulers',
  'task-statuses',
  'tasks',
  'tax-rates',
  'vendors',
]
/** Lists without a `status` filter (their own filter class has none): every state comes without asking. */
export const NO_STATUS = new Set(['company-ledger', 'documents', 'system-logs'])
/** Lists that take no `sort` (no filter class): the server orders them by id itself. */
export const NO_SORT = new Set(['company-ledger'])

export const OLD = 1_700_000_000
export const sha = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')

/** Inside a describe: the stand-in seeded before each test, the backup folder (`at.dir`), and what tests read. */
export function useBackup() {
  const suite = useUpstream()
  const at = {dir: ''}

  beforeEach(() => {
    at.dir = mkdtempSync(join(tmpdir(), 'cli-backup-'))
    // Records last changed long ago, in every state: a later run asks only for what changed since.
    suite.up.seed('invoices', [
      {id: 'InvActive1', client_id: 'VolejRejNm', number: '0001', amount: 10, updated_at: OLD},
      {id: 'InvArchiv2', client_id: 'VolejRejNm', number: '0002', amount: 20, archived_at: OLD, updated_at: OLD},
      {id: 'InvDelete3', client_id: 'VolejRejNm', number: '0003', amount: 30, is_deleted: true, updated_at: OLD},
    ])
    suite.up.seed('clients', [{id: 'VolejRejNm', name: 'Acme Ltd', updated_at: OLD}])
    suite.up.seed('documents', [{id: 'DocOne0001', name: 'receipt.png', updated_at: OLD}])
    suite.up.seed('tokens', [{id: 'TokSecret1', name: 'CI', token: 'secret'}])
  })
  afterEach(() => rmSync(at.dir, {recursive: true, force: true}))

  const backup = (...more: string[]) => runCli(['backup', '--dir', at.dir, ...more], {env: suite.env})
  const manifest = () => JSON.parse(readFileSync(join(at.dir, 'manifest.json'), 'utf8'))
  const lines = (file: string) =>
    readFileSync(join(at.dir, file), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  const listed = () => suite.up.requests.map((q) => q.path.replace('/api/v1/', ''))
  return {suite, at, backup, manifest, lines, listed}
}
