/**
 * Every record-changing command is sent once. Against a proxy's 504, a connection reset in the
 * middle of the answer, and a timeout, the upstream receives it exactly once and the command
 * exits 1 saying the change may have taken effect and which command checks it. A 429 comes from
 * the rate limiter before anything is done: that, and only that, is sent again.
 */
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import type {Fault} from '../support/upstream.js'
import {useUpstream} from '../support/upstream-suite.js'

const file = join(mkdtempSync(join(tmpdir(), 'cli-once-')), 'receipt.txt')
writeFileSync(file, 'paid')

interface Change {
  args: string[]
  method: string
  path: string
  /**
   * The command the error names to check the change; none where
   * no record is named (a report that mails itself, a raw POST).
   */
  check?: string
  /** Runners take no --yes (they are not guarded; spec). */
  runner?: boolean
}

const CHANGES: Record<string, Change> = {
  create: {
    args: ['invoices', 'create', '--client-id', 'VolejRejNm', '--line-item', 'product_key=A,quantity=1,cost=5'],
    method: 'POST',
    path: '/api/v1/invoices',
    check: "cli invoices list --sort 'id|desc' --per-page 5",
  },
  update: {
    args: ['invoices', 'update', 'WJxbojagwO', '--field', 'public_notes=Thanks'],
    method: 'PUT',
    path: '/api/v1/invoices/WJxbojagwO',
    check: 'cli invoices show WJxbojagwO',
  },
  delete: {
    args: ['clients', 'delete', 'Opnel5aKBz'],
    method: 'DELETE',
    path: '/api/v1/clients/Opnel5aKBz',
    check: 'cli clients show Opnel5aKBz',
  },
  bulk: {
    args: ['invoices', 'bulk', '--action', 'email', '--id', 'WJxbojagwO'],
    method: 'POST',
    path: '/api/v1/invoices/bulk',
    check: 'cli invoices show WJxbojagwO',
  },
  'GET action (quotes email)': {
    args: ['quotes', 'action', 'Xy9kqR2mLb', '--action', 'email'],
    method: 'GET',
    path: '/api/v1/quotes/Xy9kqR2mLb/email',
    check: 'cli quotes show Xy9kqR2mLb',
  },
  'GET action (clone_to_invoice)': {
    args: ['quotes', 'action', 'Xy9kqR2mLb', '--action', 'clone_to_invoice'],
    method: 'GET',
    path: '/api/v1/quotes/Xy9kqR2mLb/clone_to_invoice',
    check: 'cli quotes show Xy9kqR2mLb',
  },
  'bulk-route action': {
    args: ['invoices', 'action', 'WJxbojagwO', '--action', 'mark_paid'],
    method: 'POST',
    path: '/api/v1/invoices/bulk',
    check: 'cli invoices show WJxbojagwO',
  },
  upload: {
    args: ['clients', 'upload', 'VolejRejNm', '--file', file],
    method: 'POST',
    path: '/api/v1/clients/VolejRejNm/upload',
    check: 'cli clients show VolejRejNm',
  },
  'report that e-mails itself': {
    args: ['reports', 'run', '--endpoint', 'reports/invoices'],
    method: 'POST',
    path: '/api/v1/reports/invoices',
    runner: true,
  },
  // A GET on an action's route runs the action (FACTS.md): a change, whatever the method.
  'api GET on an action route': {
    args: ['api', 'GET', 'invoices/WJxbojagwO/mark_paid'],
    method: 'GET',
    path: '/api/v1/invoices/WJxbojagwO/mark_paid',
    check: 'cli invoices show WJxbojagwO',
  },
  'api POST': {
    args: ['api', 'POST', 'invoices/bulk', '--field', 'action=archive', '--field', 'ids.0=WJxbojagwO'],
    method: 'POST',
    path: '/api/v1/invoices/bulk',
  },
}

const mayHave = (c: Change): string =>
  `the change may have taken effect upstream: check${c.check ? ` with "${c.check}"` : ''} before sending it again`

const FAULTS: Array<[string, (c: Change) => Fault, (c: Change, url: string) => string]> = [
  [
    'a proxy answers 504',
    (c) => ({kind: 'status', status: 504, method: c.method, path: c.path}),
    (c) => `Error: upstream answered 504: Server Error; ${mayHave(c)}\n`,
  ],
  [
    'the connection resets mid-answer',
    (c) => ({kind: 'dropMidBody', method: c.method, path: c.path}),
    (c, url) => `Error: the connection to ${url} broke before the answer was complete (ECONNRESET); ${mayHave(c)}\n`,
  ],
  [
    'no answer before --timeout',
    (c) => ({kind: 'hang', method: c.method, path: c.path}),
    (c, url) => `Error: no answer from ${url} within 0.5s (--timeout); ${mayHave(c)}\n`,
  ],
]

const readsFirst = (c: Change): boolean => c.method === 'PUT' || c.method === 'DELETE'

describe('exactly once: a change is never sent twice', () => {
  const suite = useUpstream({env: {CLI_RETRY_WAIT_SCALE: '0.001'}})
  const sent = (c: Change) => suite.up.requests.filter((r) => r.method === c.method && r.path === c.path).length

  for (const [name, change] of Object.entries(CHANGES)) {
    describe(name, () => {
      for (const [faultName, fault, stderr] of FAULTS) {
        it(`${faultName}: sent once, exit 1, the line names how to check`, async () => {
          suite.up.fault(fault(change))
          const r = await runCli([...change.args, ...(change.runner ? [] : ['--yes'])], {
            env: {...suite.env, CLI_TIMEOUT: '0.5'},
          })
          expect(r.stderr).to.equal(stderr(change, suite.up.url))
          expect(r.code).to.equal(1)
          expect(r.stdout).to.equal('')
          expect(sent(change)).to.equal(1)
          // An update or a delete reads its record first: the journal keeps it as it was, for undo.
          expect(suite.up.requests).to.have.length(readsFirst(change) ? 2 : 1)
        })
      }

      it('a 429 (the rate limiter answered, nothing was done) is sent again: twice in all, exit 0', async () => {
        suite.up.fault({kind: 'status', status: 429, method: change.method, path: change.path})
        const r = await runCli([...change.args, ...(change.runner ? [] : ['--yes']), '--output', 'json'], {
          env: suite.env,
        })
        expect(r.stderr).to.match(
          new RegExp(`^retrying ${change.method} .* \\(retry 1 of 3\\): rate limited \\(429\\) without Retry-After`),
        )
        expect(r.code).to.equal(0)
        expect(sent(change)).to.equal(2)
      })
    })
  }

  it('the e-mail of a quote goes out once after a 504, as the stand-in counts it', async () => {
    suite.up.fault({kind: 'delay', ms: 50, method: 'GET', path: '/api/v1/quotes/Xy9kqR2mLb/email'})
    const ok = await runCli(['quotes', 'action', 'Xy9kqR2mLb', '--action', 'email', '--yes', '-o', 'json'], {
      env: suite.env,
    })
    expect(ok.code).to.equal(0)
    expect(suite.up.outbox()).to.deep.equal([{segment: 'quotes', id: 'Xy9kqR2mLb', action: 'email'}])
    suite.up.fault({kind: 'status', status: 504, method: 'GET', path: '/api/v1/quotes/Xy9kqR2mLb/email'})
    const failed = await runCli(['quotes', 'action', 'Xy9kqR2mLb', '--action', 'email', '--yes'], {env: suite.env})
    expect(failed.code).to.equal(1)
    // Between them, the summary line of the first reads the client whose contacts were e-mailed.
    expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal([
      'GET /api/v1/quotes/Xy9kqR2mLb/email',
      'GET /api/v1/clients/VolejRejNm',
      'GET /api/v1/quotes/Xy9kqR2mLb/email',
    ])
    expect(failed.stderr).to.not.match(/^e-mailed/m)
  })

  it('reads keep their retries: a show after 504 is sent again and succeeds', async () => {
    suite.up.fault({kind: 'status', status: 504, method: 'GET', path: '/api/v1/quotes/Xy9kqR2mLb'})
    const r = await runCli(['quotes', 'show', 'Xy9kqR2mLb', '-o', 'json'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal(
      'retrying GET /api/v1/quotes/Xy9kqR2mLb in 0s (retry 1 of 3): the upstream answered 504\n',
    )
    expect(suite.up.requests).to.have.length(2)
  })
})
