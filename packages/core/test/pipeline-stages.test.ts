/** The executor meets the change pipeline: the policy before anything goes, the journal around each change. */
import {expect} from 'chai'

import {Executor} from '../src/commands/executor.js'
import {CliError, ExitCode} from '../src/errors.js'
import type {HttpClient} from '../src/http/client.js'
import type {Printer} from '../src/output/printer.js'
import type {ChangeHooks} from '../src/pipeline/hooks.js'
import type {BulkPlan, RemotePlan} from '../src/plan/plans.js'
import type {RequestSpec} from '../src/plan/request.js'

const put: RequestSpec = {
  method: 'PUT',
  path: '/api/v1/invoices/X',
  query: [],
  body: {po_number: 'A'},
  changes: true,
  record: {family: 'invoices', ids: ['X']},
}

/** A stand-in client and printer, and hooks that write down what happened, in order. */
function rig(refuse = false) {
  const events: string[] = []
  let loaded = 0
  const client = {
    send: async (r: RequestSpec) => {
      events.push(`send ${r.method} ${r.path}`)
      return {status: 200, headers: {'content-type': 'application/json'}, body: Buffer.from('{"data":{"id":"X"}}')}
    },
  } as unknown as HttpClient
  const out = {
    answer: async () => undefined,
    listSink: async () => ({add: async () => {}, finish: async () => {}}),
  } as unknown as Printer
  const hooks: ChangeHooks = {
    async check(requests) {
      events.push(`policy ${requests.map((r) => `${r.method} ${r.path}`).join(', ')}`)
      if (refuse) throw new CliError('refused by the policy', ExitCode.guardrail)
    },
    async sending(request, _read, known) {
      events.push(`before ${request.method} ${request.path}${known ? ' (known)' : ''}`)
      return async (sent) => {
        events.push(`journal ${'res' in sent ? sent.res.status : 'error'}`)
      }
    },
  }
  const executor = new Executor(
    client,
    out,
    () => ({}),
    async () => {
      loaded++
      return hooks
    },
  )
  return {events, executor, loaded: () => loaded}
}

describe('the change pipeline in the executor', () => {
  it('a change: the policy, then the record as it was, the request, the journal line', async () => {
    const {events, executor} = rig()
    await executor.run({kind: 'send', request: put, expect: 'json'})
    expect(events).to.deep.equal([
      'policy PUT /api/v1/invoices/X',
      'before PUT /api/v1/invoices/X',
      'send PUT /api/v1/invoices/X',
      'journal 200',
    ])
  })

  it('a refusal by the policy sends nothing', async () => {
    const {events, executor} = rig(true)
    const error = await executor.run({kind: 'send', request: put, expect: 'json'}).catch((e: CliError) => e)
    expect((error as CliError).exitCode).to.equal(3)
    expect(events).to.deep.equal(['policy PUT /api/v1/invoices/X'])
  })

  it('a read loads no pipeline; a POST that changes nothing (a runner) is put to the policy, not journaled', async () => {
    const {events, executor, loaded} = rig()
    const get: RequestSpec = {method: 'GET', path: '/api/v1/invoices', query: [], changes: false}
    await executor.run({kind: 'send', request: get, expect: 'json'})
    expect(loaded()).to.equal(0)
    const search: RequestSpec = {method: 'POST', path: '/api/v1/search', query: [], body: {}, changes: false}
    await executor.run({kind: 'send', request: search, expect: 'any'})
    expect(events).to.deep.equal([
      'send GET /api/v1/invoices',
      'policy POST /api/v1/search',
      'send POST /api/v1/search',
    ])
  })

  it('a bulk in batches: the policy sees every batch before the first is sent', async () => {
    const {events, executor} = rig()
    const batch = (ids: string[]): RequestSpec => ({
      method: 'POST',
      path: '/api/v1/invoices/bulk',
      query: [],
      body: {action: 'archive', ids},
      changes: true,
      record: {family: 'invoices', ids},
    })
    const plan: BulkPlan = {
      kind: 'bulk',
      ids: ['A', 'B'],
      requests: (ids) => ids.map((id) => batch([id])),
      checked: false,
      noun: 'invoice',
      word: 'invoices',
    }
    await executor.run(plan as RemotePlan)
    expect(events).to.deep.equal([
      'policy POST /api/v1/invoices/bulk, POST /api/v1/invoices/bulk',
      'before POST /api/v1/invoices/bulk',
      'send POST /api/v1/invoices/bulk',
      'journal 200',
      'before POST /api/v1/invoices/bulk',
      'send POST /api/v1/invoices/bulk',
      'journal 200',
    ])
  })

  it('an edit hands the journal the record it read: not read again', async () => {
    const {events, executor} = rig()
    await executor.run({
      kind: 'edit',
      read: {method: 'GET', path: '/api/v1/invoices/X', query: [], changes: false},
      write: () => ({request: put, warnings: []}),
      diff: false,
    })
    expect(events).to.deep.equal([
      'send GET /api/v1/invoices/X',
      'policy PUT /api/v1/invoices/X',
      'before PUT /api/v1/invoices/X (known)',
      'send PUT /api/v1/invoices/X',
      'journal 200',
    ])
  })
})
