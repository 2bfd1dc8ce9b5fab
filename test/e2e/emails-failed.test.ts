/** `cli emails failed`: the system log's failed mail joined with clients and records; --resend through POST /emails. */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {INITECH_CONTACT, MONTH_END_INVOICES, MONTH_END_SYSTEM_LOGS} from '../support/sandbox-month-end.js'
import {defaultSeed} from '../support/upstream.js'
import {useUpstream} from '../support/upstream-suite.js'

const LIST = 'GET /api/v1/system_logs page=1&category_id=2&sort=updated_at|desc&per_page=500'
const JOINS = [
  'GET /api/v1/invoices/WJxbojagwO include=client',
  'GET /api/v1/quotes/Xy9kqR2mLb include=client',
  'GET /api/v1/invoices/Iv5hJ3lMn2 include=client',
]

const FAILED = `4 failed e-mails, newest first:

2024-03-04 09:00  bounced: invoice 0001, Acme Ltd <ada@acme.test>
  The server was unable to deliver your message (ex: unknown user, mailbox not found).
2024-03-03 09:00  spam complaint: quote 0001, Acme Ltd <ada@acme.test>
  marked as spam
2024-03-02 09:00  bounced: invoice 0005, Initech <bill@initech.test>
  Mailbox full
2024-03-01 09:00  failed to send: record not named in the log, Acme Ltd
  Connection could not be established with host smtp.example.test
`

const NOT_RESENT =
  'not resent: log entry Sl2bN4xQp6: its contact ada@acme.test hard-bounced or complained of spam, and is still its ' +
  'address\n' +
  'not resent: log entry Sl3cP5yRq7: a spam complaint: never resent\n' +
  'not resent: log entry Sl5eR7aTs9: the log names no record (a send failure names only the client)\n'

describe('cli emails failed', () => {
  const suite = useUpstream()
  const seed = defaultSeed()
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}${r.rawQuery ? ` ${r.rawQuery}` : ''}`)
  const run = (...args: string[]) => runCli(['emails', 'failed', ...args], {env: suite.env})

  beforeEach(() => {
    suite.up.seed('clients', [
      ...seed.clients,
      {id: 'Kd8xQ2pLmA', name: 'Initech', number: '0003', contacts: [INITECH_CONTACT]},
    ])
    suite.up.seed('invoices', [...seed.invoices, ...MONTH_END_INVOICES])
    suite.up.seed('system_logs', [
      // A gateway entry: not mail.
      {id: 'Sl1qW5eRt9', category_id: 1, event_id: 10, type_id: 300, client_id: 'VolejRejNm', log: '"x"'},
      ...MONTH_END_SYSTEM_LOGS,
    ])
  })

  it('lists the failed mail newest first with the record and client, each record read once; sends no mail', async () => {
    const r = await run()
    expectRun(r, {
      code: 0,
      stderr: '',
      stdout:
        `${FAILED}\nTo e-mail the 1 record that can be again: cli emails failed --resend --yes (--dry-run shows ` +
        'the requests).\n',
    })
    // The send failure's client is the one of invoice 0001, already read: no GET /clients.
    expect(sent()).to.deep.equal([LIST, ...JOINS])
    expect(suite.up.outbox()).to.deep.equal([])
  })

  it('--output json: a flat row each with its reason, ids, record and client; csv: the rows', async () => {
    const r = await run('--output', 'json')
    expect(r.code, r.stderr).to.equal(0)
    const {data} = JSON.parse(r.stdout)
    type Row = {id: string; reason: string; event_id: number; type_id: number}
    expect(data.map((f: Row) => [f.id, f.reason, f.event_id, f.type_id])).to.deep.equal([
      ['Sl2bN4xQp6', 'bounced', 32, 500],
      ['Sl3cP5yRq7', 'spam complaint', 33, 500],
      ['Sl4dQ6zSr8', 'bounced', 34, 500],
      ['Sl5eR7aTs9', 'failed to send', 30, 303],
    ])
    expect(data[2]).to.deep.equal({
      id: 'Sl4dQ6zSr8',
      at: '2024-03-02T09:00:00.000Z',
      reason: 'bounced',
      event_id: 34,
      type_id: 500,
      entity: 'invoice',
      record_id: 'Iv5hJ3lMn2',
      family: 'invoices',
      number: '0005',
      client_id: 'Kd8xQ2pLmA',
      client: 'Initech',
      recipient: 'bill@initech.test',
      detail: 'Mailbox full',
    })
    expect(data[3]).to.deep.include({
      entity: '',
      record_id: '',
      number: '',
      client_id: 'VolejRejNm',
      client: 'Acme Ltd',
    })
    const csv = await run('--output', 'csv')
    expect(csv.code, csv.stderr).to.equal(0)
    expect(csv.stdout.split('\r\n').slice(0, 2)).to.deep.equal([
      'at,reason,entity,number,client,recipient,detail',
      '2024-03-04T09:00:00.000Z,bounced,invoice,0001,Acme Ltd,ada@acme.test,"The server was unable to deliver your ' +
        'message (ex: unknown user, mailbox not found)."',
    ])
  })

  it('--since filters on updated_at at the server', async () => {
    const r = await run('--since', '2024-03-03', '-o', 'json')
    expect(r.code, r.stderr).to.equal(0)
    expect(JSON.parse(r.stdout).data.map((f: {id: string}) => f.id)).to.deep.equal(['Sl2bN4xQp6', 'Sl3cP5yRq7'])
    expect(sent()[0]).to.equal(LIST.replace('&per_page', '&updated_at=2024-03-03&per_page'))
  })

  it('a send failure whose client no record names: the client is read once; a gone record is said', async () => {
    suite.up.seed('system_logs', [
      {...MONTH_END_SYSTEM_LOGS[3], id: 'Sl7aA1aAa1', client_id: 'Kd8xQ2pLmA'},
      {...MONTH_END_SYSTEM_LOGS[3], id: 'Sl7aA1aAa2', client_id: 'Kd8xQ2pLmA'},
      {
        ...MONTH_END_SYSTEM_LOGS[0],
        id: 'Sl7aA1aAa3',
        log: JSON.stringify({RecordType: 'Bounce', history: {entity: 'invoice', entity_id: 'Ivgone0001'}}),
      },
    ])
    const r = await run()
    expect(r.code, r.stderr).to.equal(0)
    expect(sent().slice(1)).to.deep.equal([
      'GET /api/v1/invoices/Ivgone0001 include=client',
      'GET /api/v1/clients/VolejRejNm',
      'GET /api/v1/clients/Kd8xQ2pLmA',
    ])
    expect(r.stdout).to.include('bounced: invoice Ivgone0001 (no longer on the server), Acme Ltd\n')
    expect(r.stdout).to.include('failed to send: record not named in the log, Initech\n')
  })

  it('--resend without --yes: exit 3 and nothing read or sent', async () => {
    const r = await run('--resend')
    expectRun(r, {
      code: 3,
      stdout: '',
      stderr:
        'Error: emails failed changes upstream records: pass --yes to confirm, or --dry-run to see the request ' +
        'without sending it\n',
    })
    expect(sent()).to.deep.equal([])
  })

  it('--resend --dry-run: the e-mail requests, one per record, none sent', async () => {
    const r = await run('--resend', '--dry-run', '-o', 'json')
    expect(r.code, r.stderr).to.equal(0)
    const doc = JSON.parse(r.stdout)
    expect(
      doc.requests.map((q: {method: string; url: string; body: unknown}) => [q.method, q.url, q.body]),
    ).to.deep.equal([
      [
        'POST',
        `${suite.up.url}/api/v1/emails`,
        {entity: 'invoice', entity_id: 'Iv5hJ3lMn2', template: 'email_template_invoice'},
      ],
    ])
    // Ada hard-bounced and complained of spam, and is still the address of invoice 0001 and the quote.
    expect(r.stderr).to.equal(NOT_RESENT)
    expect(sent()).to.deep.equal([LIST, ...JOINS])
    expect(suite.up.outbox()).to.deep.equal([])
  })

  it('--resend --yes: each record e-mailed once, even when several entries name it', async () => {
    suite.up.seed('system_logs', [...MONTH_END_SYSTEM_LOGS, {...MONTH_END_SYSTEM_LOGS[2], id: 'Sl8bB2bBb2'}])
    const r = await run('--resend', '--yes')
    expectRun(r, {code: 0, stdout: 'e-mailed invoice 0005, Initech\n1 e-mail sent\n', stderr: NOT_RESENT})
    expect(sent().filter((s) => s.startsWith('POST'))).to.deep.equal(['POST /api/v1/emails'])
    expect(suite.up.outbox()).to.deep.equal([
      {segment: 'invoices', id: 'Iv5hJ3lMn2', action: 'email', template: 'email_template_invoice'},
    ])
  })

  it('a failed e-mail stops the rest, naming what was sent and what was not', async () => {
    // Invoice 0006 held back by the sending quota: a second record to resend.
    const quota: Record<string, unknown> = {...MONTH_END_SYSTEM_LOGS[2], id: 'Sl9cC3cCc3', event_id: 31, type_id: 400}
    quota.log = JSON.stringify({
      ...JSON.parse(quota.log as string),
      history: {entity: 'invoice', entity_id: 'Iv6jK4mNp3'},
    })
    suite.up.seed('system_logs', [...MONTH_END_SYSTEM_LOGS, quota])
    suite.up.fault({
      method: 'POST',
      path: '/api/v1/emails',
      kind: 'status',
      status: 422,
      body: {message: 'No contacts', errors: {}},
      times: 1,
    })
    const r = await run('--resend', '--yes')
    expect(r.code).to.equal(1)
    expect(r.stderr).to.match(/^(not resent: .*\n){3}Error: e-mail 1 of 2 \(invoice 0005, Initech\): /)
    expect(r.stderr).to.include('  sent before it: none\n')
    expect(r.stderr).to.include('  not sent: e-mail 2 of 2 (invoice 0006, Initech)\n')
    expect(suite.up.outbox()).to.deep.equal([])
  })

  it('no failures: says so, exit 0; --since must be a date', async () => {
    suite.up.seed('system_logs', [MONTH_END_SYSTEM_LOGS[4]])
    expectRun(await run(), {code: 0, stdout: 'No failed e-mails.\n', stderr: ''})
    suite.up.requests.length = 0
    const bad = await run('--since', 'yesterday')
    expectRun(bad, {code: 2, stdout: '', stderr: 'Error: --since must be a date as YYYY-MM-DD, got "yesterday"\n'})
    expect(sent()).to.deep.equal([])
  })
})
