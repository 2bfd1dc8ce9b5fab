/** Undo's rules (pipeline/undo.ts), the plan file's hash and the journal's redaction: pure, no server. */
import {expect} from 'chai'

import {CliError} from '../src/errors.js'
import type {JournalEntry} from '../src/pipeline/journal.js'
import {redacted} from '../src/pipeline/journal.js'
import {PLAN_FORMAT, planHash, sealPlan, type UnsealedPlan} from '../src/pipeline/plan-file.js'
import {findEntry, undoOf} from '../src/pipeline/undo.js'

const entry = (over: Partial<JournalEntry>): JournalEntry => ({
  id: 'a1b2c3d4e5',
  time: '2026-11-26T10:00:00.000Z',
  profile: 'default',
  host: '127.0.0.1:1',
  source: 'cli',
  family: 'invoices',
  verb: 'update',
  method: 'PUT',
  path: '/api/v1/invoices/X',
  query: [],
  ids: ['X'],
  numbers: [],
  outcome: {status: 200, ok: true},
  after: {X: 1700000100},
  ...over,
})

const refusal = (e: JournalEntry): string => {
  try {
    undoOf(e)
  } catch (error) {
    expect((error as CliError).exitCode).to.equal(2)
    return (error as Error).message
  }
  throw new Error('not refused')
}

describe('undo: the compensating change of a journal entry', () => {
  it('an update: a PUT of the changed fields as they were (null where the record had none)', () => {
    const undo = undoOf(entry({body: {po_number: 'B', due_date: '2024-03-01'}, before: {X: {po_number: 'A'}}}))
    expect(undo.requests.map((r) => [r.method, r.path, r.body])).to.deep.equal([
      ['PUT', '/api/v1/invoices/X', {po_number: 'A', due_date: null}],
    ])
    expect(undo.unchanged).to.deep.equal([{family: 'invoices', id: 'X', updated_at: 1700000100}])
  })

  it('a delete, an archive by bulk or by GET action: restore; a create: delete', () => {
    const restore = ['POST', '/api/v1/invoices/bulk', {action: 'restore', ids: ['X']}]
    const shape = (e: JournalEntry) => undoOf(e).requests.map((r) => [r.method, r.path, r.body])
    expect(shape(entry({method: 'DELETE'}))).to.deep.equal([restore])
    expect(
      shape(entry({method: 'POST', path: '/api/v1/invoices/bulk', body: {action: 'archive', ids: ['X']}})),
    ).to.deep.equal([restore])
    expect(shape(entry({method: 'GET', path: '/api/v1/invoices/X/archive'}))).to.deep.equal([restore])
    expect(shape(entry({method: 'POST', path: '/api/v1/invoices', verb: 'create'}))).to.deep.equal([
      ['DELETE', '/api/v1/invoices/X', undefined],
    ])
  })

  it('refuses what cannot be undone: e-mails, purges, gateway payments, refunds, failures, other actions', () => {
    expect(refusal(entry({method: 'GET', path: '/api/v1/invoices/X/email'}))).to.include('an e-mail')
    expect(refusal(entry({method: 'POST', path: '/api/v1/invoices/bulk', body: {action: 'email'}}))).to.include(
      'e-mail',
    )
    expect(refusal(entry({query: [['send_email', 'true']], body: {}}))).to.include('e-mail')
    expect(
      refusal(entry({method: 'POST', path: '/api/v1/clients/bulk', family: 'clients', body: {action: 'purge'}})),
    ).to.include('purge')
    expect(
      refusal(
        entry({
          family: 'payments',
          path: '/api/v1/payments/X',
          before: {X: {company_gateway_id: 'G1', amount: 10}},
          body: {},
        }),
      ),
    ).to.include('gateway')
    expect(refusal(entry({family: 'payments', method: 'POST', path: '/api/v1/payments/refund'}))).to.include('refund')
    expect(refusal(entry({outcome: {ok: false, note: 'may have taken effect'}}))).to.include('outcome is unknown')
    expect(refusal(entry({outcome: {ok: false, status: 422}}))).to.include('did not take effect')
    expect(refusal(entry({method: 'POST', path: '/api/v1/invoices/bulk', body: {action: 'mark_paid'}}))).to.include(
      'no inverse',
    )
    expect(refusal(entry({family: 'api'}))).to.include('cli api')
    expect(refusal(entry({body: {password: 'x'}, before: {X: {password: '[REDACTED]'}}}))).to.include('secret')
  })

  it('an entry by its id or the start of exactly one', () => {
    const a = entry({id: 'abcd111111'})
    const b = entry({id: 'abcd222222'})
    expect(findEntry([a, b], 'abcd2')).to.equal(b)
    expect(() => findEntry([a, b], 'abcd')).to.throw('names 2 journal entries')
    expect(() => findEntry([a, b], 'ffff')).to.throw('no journal entry ffff')
  })
})

describe('the plan file and the journal keep what they must', () => {
  const plan: UnsealedPlan = {
    format: PLAN_FORMAT,
    created_at: '2026-11-26T10:00:00.000Z',
    profile: 'default',
    base_url: 'http://127.0.0.1:1',
    source: 'cli',
    family: 'invoices',
    verb: 'update',
    command: 'cli invoices update X --field po_number=A',
    requests: [{method: 'PUT', path: '/api/v1/invoices/X', query: [], body: {po_number: 'A'}}],
    targets: [{family: 'invoices', id: 'X', path: '/api/v1/invoices/X', updated_at: 1}],
  }

  it('the hash covers every field: any edit changes it', async () => {
    const sealed = await sealPlan(plan)
    expect(await planHash(sealed)).to.equal(sealed.sha256)
    expect(await planHash({...sealed, requests: [{...plan.requests[0], body: {po_number: 'B'}}]})).not.to.equal(
      sealed.sha256,
    )
    expect(await planHash({...sealed, targets: []})).not.to.equal(sealed.sha256)
  })

  it('fields named like secrets are redacted, nested ones too', () => {
    expect(
      redacted({name: 'A', contacts: [{password: 'pw', email: 'a@b.c'}], config: {api_key: 'k', token: ''}}),
    ).to.deep.equal({
      name: 'A',
      contacts: [{password: '[REDACTED]', email: 'a@b.c'}],
      config: {api_key: '[REDACTED]', token: ''},
    })
  })
})
