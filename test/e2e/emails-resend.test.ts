/**
 * `emails failed --resend` mails only whom it may (issue 30): a delivery failure to an address that can still
 * receive mail; never after a spam complaint or to the same hard-bounced address, never a deleted, paid or
 * cancelled record; --reason and --id choose; a record e-mailed since it failed (the journal of changes says so) is
 * not sent again unless --again; log text reaches the terminal without its escape sequences.
 */
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {INITECH_CONTACT, MONTH_END_INVOICES, MONTH_END_SYSTEM_LOGS} from '../support/sandbox-month-end.js'
import {defaultSeed} from '../support/upstream.js'
import {useUpstream} from '../support/upstream-suite.js'

const [HARD, SPAM, SOFT, SEND_FAILURE] = MONTH_END_SYSTEM_LOGS
/** A log entry naming an invoice, held back by the sending quota (event 31, type 400). */
const quota = (id: string, invoiceId: string, text = 'quota exceeded') => ({
  ...SOFT,
  id,
  event_id: 31,
  type_id: 400,
  log: JSON.stringify({
    Description: text,
    Email: 'bill@initech.test',
    history: {entity: 'invoice', entity_id: invoiceId},
  }),
})

describe('cli emails failed --resend: whom, what, and not twice', () => {
  const suite = useUpstream()
  const seed = defaultSeed()
  let state = ''
  beforeEach(() => {
    state = mkdtempSync(join(tmpdir(), 'cli-state-'))
    suite.up.seed('clients', [
      ...seed.clients,
      {id: 'Kd8xQ2pLmA', name: 'Initech', number: '0003', contacts: [INITECH_CONTACT]},
    ])
    suite.up.seed('invoices', [...seed.invoices, ...MONTH_END_INVOICES])
    suite.up.seed('system_logs', MONTH_END_SYSTEM_LOGS)
  })
  afterEach(() => rmSync(state, {recursive: true, force: true}))
  const run = (...args: string[]) => runCli(['emails', 'failed', ...args], {env: {...suite.env, XDG_STATE_HOME: state}})
  const journalFile = () => join(state, 'invoicing-cli', 'journal.jsonl')
  const mailed = () => suite.up.outbox().map((m) => `${m.segment}/${m.id}`)

  it('resent once and in the journal: a second run sends nothing, --again sends it once more', async () => {
    const first = await run('--resend', '--yes')
    expect(first.code, first.stderr).to.equal(0)
    expect(mailed()).to.deep.equal(['invoices/Iv5hJ3lMn2'])
    const journal = readFileSync(journalFile(), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as {method: string; path: string; body: unknown; outcome: {ok: boolean}})
    expect(journal.map((e) => [e.method, e.path, e.body, e.outcome.ok])).to.deep.equal([
      [
        'POST',
        '/api/v1/emails',
        {entity: 'invoice', entity_id: 'Iv5hJ3lMn2', template: 'email_template_invoice'},
        true,
      ],
    ])
    const second = await run('--resend', '--yes')
    // Nothing resent: exit 5 after the list and the reason.
    expect(second.code, second.stderr).to.equal(5)
    expect(second.stdout).to.match(/\nNothing to resend\.\n$/)
    expect(second.stderr).to.match(
      /not resent: log entry Sl4dQ6zSr8: invoice 0005 was e-mailed again since \(20\d\d-.*; --again to send it once/,
    )
    expect(second.stderr).to.match(
      /\nError: nothing was resent: each failed e-mail is left out for the reason said above\n$/,
    )
    expect(mailed()).to.deep.equal(['invoices/Iv5hJ3lMn2'])
    const again = await run('--resend', '--again', '--yes')
    expect(again.code, again.stderr).to.equal(0)
    expect(mailed()).to.deep.equal(['invoices/Iv5hJ3lMn2', 'invoices/Iv5hJ3lMn2'])
  })

  it('a record e-mailed by hand since it failed (cli invoices email) counts as resent', async () => {
    const byHand = await runCli(['invoices', 'email', 'Iv5hJ3lMn2', '--yes', '-q'], {
      env: {...suite.env, XDG_STATE_HOME: state},
    })
    expect(byHand.code, byHand.stderr).to.equal(0)
    const r = await run('--resend', '--yes')
    expect(r.code, r.stderr).to.equal(5)
    expect(r.stdout).to.match(/\nNothing to resend\.\n$/)
    expect(mailed()).to.deep.equal(['invoices/Iv5hJ3lMn2'])
  })

  it('a paid, a cancelled and a deleted invoice are never resent; an open one is', async () => {
    suite.up.seed('invoices', [
      ...MONTH_END_INVOICES.filter((i) => !['0005', '0006'].includes(String(i.number))),
      {...MONTH_END_INVOICES[1], status_id: '4', balance: 0},
      {...MONTH_END_INVOICES[2], is_deleted: true},
      {...MONTH_END_INVOICES[2], id: 'IvCancel01', number: '0010', status_id: '5'},
      {...MONTH_END_INVOICES[2], id: 'IvOpen0001', number: '0011'},
    ])
    suite.up.seed('system_logs', [
      quota('SlPaid0001', 'Iv5hJ3lMn2'),
      quota('SlDel00001', 'Iv6jK4mNp3'),
      quota('SlCanc0001', 'IvCancel01'),
      quota('SlOpen0001', 'IvOpen0001'),
    ])
    const r = await run('--resend', '--yes')
    expect(r.code, r.stderr).to.equal(0)
    expect(mailed()).to.deep.equal(['invoices/IvOpen0001'])
    expect(r.stderr).to.include('not resent: log entry SlPaid0001: invoice 0005 is paid\n')
    expect(r.stderr).to.include('not resent: log entry SlDel00001: invoice 0006 is deleted\n')
    expect(r.stderr).to.include('not resent: log entry SlCanc0001: invoice 0010 is cancelled\n')
  })

  it('a hard bounce to an address the record still has is not resent; once the contact is changed, it is', async () => {
    const hard = {...SOFT, id: 'SlHard0001', log: SOFT.log!.toString().replace('"SoftBounce"', '"HardBounce"')}
    suite.up.seed('system_logs', [hard])
    const same = await run('--resend', '--yes')
    expect(same.stderr).to.include('its contact bill@initech.test hard-bounced or complained of spam')
    expect(mailed()).to.deep.equal([])
    suite.up.seed('clients', [
      ...seed.clients,
      {id: 'Kd8xQ2pLmA', name: 'Initech', contacts: [{...INITECH_CONTACT, email: 'bill.new@initech.test'}]},
    ])
    const changed = await run('--resend', '--yes')
    expect(changed.code, changed.stderr).to.equal(0)
    expect(mailed()).to.deep.equal(['invoices/Iv5hJ3lMn2'])
  })

  it('--reason and --id choose; --reason spam, --id unknown or without --resend: exit 2, nothing sent', async () => {
    suite.up.seed('system_logs', [SOFT, quota('SlQuota001', 'Iv6jK4mNp3')])
    const byReason = await run('--resend', '--reason', 'quota', '--yes')
    expect(byReason.code, byReason.stderr).to.equal(0)
    expect(mailed()).to.deep.equal(['invoices/Iv6jK4mNp3'])
    const byId = await run('--resend', '--id', SOFT.id as string, '--yes')
    expect(byId.code, byId.stderr).to.equal(0)
    expect(mailed()).to.deep.equal(['invoices/Iv6jK4mNp3', 'invoices/Iv5hJ3lMn2'])
    suite.up.requests.length = 0
    const refusals: Array<[string[], string]> = [
      [['--resend', '--reason', 'spam', '--yes'], 'an e-mail that drew a spam complaint is never sent again'],
      [['--resend', '--reason', 'bounce', '--yes'], 'is not one of bounced, quota, upstream, send'],
      [['--reason', 'quota'], '--reason, --id and --again choose what --resend sends'],
    ]
    for (const [args, message] of refusals) {
      const r = await run(...args)
      expect(r.code, args.join(' ')).to.equal(2)
      expect(r.stderr).to.include(message)
    }
    expect(suite.up.requests).to.deep.equal([])
    const unknown = await run('--resend', '--id', 'SlNope0001', '--yes')
    expect([unknown.code, unknown.stderr]).to.deep.equal([
      2,
      'Error: --id "SlNope0001" is no failed e-mail of the system log read: nothing was sent\n',
    ])
    expect(suite.up.requests.filter((q) => q.method === 'POST')).to.deep.equal([])
  })

  it('escape sequences in log text never reach the terminal', async () => {
    suite.up.seed('system_logs', [
      {...SEND_FAILURE, log: JSON.stringify('Relay \u001b[2J\u001b]0;pwned\u0007 refused\u202e')},
      {...HARD, id: 'SlEsc00001', log: (HARD.log as string).replace('ada@acme.test', 'ada@acme.test\\u001b[31m')},
      SPAM,
    ])
    const r = await run()
    expect(r.code, r.stderr).to.equal(0)
    for (const c of ['\u001b', '\u0007', '\u202e']) expect(r.stdout).to.not.include(c)
    expect(r.stdout).to.include('  Relay ]0;pwned refused\n')
  })
})
