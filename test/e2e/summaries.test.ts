/**
 * After every change, one line on stderr says what happened (the record's number and id, who was e-mailed, the
 * payment recorded, the invoice a quote became); stdout is the record as before, --quiet silences the line, and a
 * dry run or a refusal says nothing of the kind.
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('a summary line after every change', () => {
  const suite = useUpstream()
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}${r.rawQuery ? `?${r.rawQuery}` : ''}`)
  let dir = ''
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'cli-summaries-'))
  })
  after(() => rmSync(dir, {recursive: true, force: true}))

  it('stdout is the same with and without the line: --quiet only silences stderr', async () => {
    const args = ['clients', 'update', 'VolejRejNm', '--field', 'private_notes=x', '--yes', '--columns', 'id,name']
    const said = await runCli(args, {env: suite.env})
    const quiet = await runCli([...args, '--quiet'], {env: suite.env})
    expectRun(said, {code: 0, stderr: 'updated client 0001 Acme Ltd (id VolejRejNm)\n'})
    expectRun(quiet, {code: 0, stdout: said.stdout, stderr: ''})
    expect(said.stdout).to.equal('id    VolejRejNm\nname  Acme Ltd\n')
    // Each update reads the record first: the journal keeps it as it was (undo).
    const update = ['GET /api/v1/clients/VolejRejNm', 'PUT /api/v1/clients/VolejRejNm']
    expect(sent()).to.deep.equal([...update, ...update])
  })

  it('with --output json, stdout is the upstream JSON unchanged and the line still goes to stderr', async () => {
    const r = await runCli(['invoices', 'delete', 'WJxbojagwO', '--yes', '-o', 'json'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(JSON.parse(r.stdout)).to.deep.equal({data: suite.up.records('invoices')[0]})
    expect(r.stderr).to.equal('deleted invoice 0001 (id WJxbojagwO), 150.00\n')
    expect(sent()).to.deep.equal(['GET /api/v1/invoices/WJxbojagwO', 'DELETE /api/v1/invoices/WJxbojagwO'])
  })

  it('convert_to_invoice names the new invoice: its number and id, read once after the action', async () => {
    const r = await runCli(
      ['quotes', 'action', 'Xy9kqR2mLb', '--action', 'convert_to_invoice', '--yes', '-o', 'json'],
      {
        env: suite.env,
      },
    )
    expect(r.code).to.equal(0)
    const made = suite.up.records('invoices').at(-1)!
    expect(made.id).to.not.equal('WJxbojagwO')
    expect(sent()).to.deep.equal([
      'GET /api/v1/quotes/Xy9kqR2mLb/convert_to_invoice',
      `GET /api/v1/invoices/${String(made.id)}`,
    ])
    expect(r.stderr).to.equal(
      `converted quote 0001 (id Xy9kqR2mLb), 90.00; new invoice ${String(made.number)} (id ${String(made.id)})\n`,
    )
    expect(JSON.parse(r.stdout).data).to.include({id: 'Xy9kqR2mLb', invoice_id: made.id})
  })

  it('e-mail: the addresses of the contacts invited; when that read fails the line is shorter, the exit still 0', async () => {
    suite.up.fault({kind: 'status', status: 400, method: 'GET', path: '/api/v1/clients/VolejRejNm'})
    const r = await runCli(['invoices', 'email', 'WJxbojagwO', '--yes', '-o', 'json'], {env: suite.env})
    expectRun(r, {code: 0, stderr: 'e-mailed invoice 0001 (id WJxbojagwO), 150.00\n'})
    expect(sent()).to.deep.equal(['POST /api/v1/emails', 'GET /api/v1/clients/VolejRejNm'])
    expect(suite.up.outbox()).to.have.length(1)
  })

  it('a client without a contact address: the line says nobody was e-mailed, and the exit is 5', async () => {
    suite.up.seed('invoices', [
      {id: 'Inv0Globex', client_id: 'Opnel5aKBz', number: '0009', amount: 5, invitations: [{key: 'k9'}]},
    ])
    const r = await runCli(['invoices', 'email', 'Inv0Globex', '--yes', '--quiet'], {env: suite.env})
    const said = await runCli(['invoices', 'email', 'Inv0Globex', '--yes'], {env: suite.env})
    const error =
      'Error: nobody was e-mailed: no contact it goes to has an e-mail address; give one of them an address (cli ' +
      'clients update, cli vendors update) and send it again\n'
    expect([r.code, said.code]).to.deep.equal([5, 5])
    expect(r.stderr).to.equal(error)
    expect(said.stderr).to.equal(
      'e-mailed invoice 0009 (id Inv0Globex), 5.00 (no contact with an e-mail address: nobody was e-mailed)\n' + error,
    )
    // --quiet reads the contacts too: a script learns that nobody was e-mailed.
    expect(sent()).to.deep.equal([
      'POST /api/v1/emails',
      'GET /api/v1/clients/Opnel5aKBz',
      'POST /api/v1/emails',
      'GET /api/v1/clients/Opnel5aKBz',
    ])
  })

  it('upload, refund and an e-mailed statement say what they did', async () => {
    const file = join(dir, 'receipt.txt')
    writeFileSync(file, 'paid')
    const upload = await runCli(['invoices', 'upload', 'WJxbojagwO', '--file', file, '--yes', '-o', 'json'], {
      env: suite.env,
    })
    expectRun(upload, {code: 0, stderr: 'attached 1 file to invoice 0001 (id WJxbojagwO), 150.00\n'})
    suite.up.seed('payments', [{id: 'Pq1x7Yw2Za', number: '0001', client_id: 'VolejRejNm', amount: 100}])
    const refund = await runCli(
      ['payments', 'refund', 'Pq1x7Yw2Za', '--amount', '25.5', '--date', '2024-03-01', '--yes', '-o', 'json'],
      {env: suite.env},
    )
    expectRun(refund, {code: 0, stderr: 'refunded 25.50 of payment 0001 (id Pq1x7Yw2Za), 100.00\n'})
    const statement = await runCli(
      [
        'clients',
        'statement',
        'VolejRejNm',
        '--start-date',
        '2024-01-01',
        '--end-date',
        '2024-03-31',
        '--send-email',
        '--yes',
      ],
      {env: suite.env},
    )
    expectRun(statement, {
      code: 0,
      stderr: 'e-mailed the statement of client (id VolejRejNm), 2024-01-01 to 2024-03-31\n',
    })
    expect(sent()).to.deep.equal([
      'POST /api/v1/invoices/WJxbojagwO/upload',
      'POST /api/v1/payments/refund',
      'POST /api/v1/client_statement?send_email=true',
    ])
  })

  it('a dry run, a refusal and a failed change say nothing of the kind', async () => {
    const dry = await runCli(['invoices', 'delete', 'WJxbojagwO', '--dry-run'], {env: suite.env})
    const refused = await runCli(['invoices', 'delete', 'WJxbojagwO'], {env: suite.env})
    suite.up.fault({kind: 'status', status: 422, method: 'DELETE', body: {message: 'No.'}})
    const failed = await runCli(['invoices', 'delete', 'WJxbojagwO', '--yes'], {env: suite.env})
    expectRun(dry, {code: 0, stderr: ''})
    expect(refused.code).to.equal(3)
    expectRun(failed, {code: 1, stderr: 'Error: upstream answered 422: No.\n'})
    expect(sent()).to.deep.equal(['GET /api/v1/invoices/WJxbojagwO', 'DELETE /api/v1/invoices/WJxbojagwO'])
  })
})
