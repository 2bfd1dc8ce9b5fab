/**
 * Lists people read (issue 23): tables and CSV name the client (the server's include=client), show
 * status names, ISO dates and the record's state, under the family's columns whatever the records
 * hold; json and ndjson stay the server's data; --output ids (--query: lists-query.test.ts).
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'
import {INVOICES} from './lists-invoices.js'

describe('lists people read', () => {
  const suite = useUpstream()
  beforeEach(() => suite.up.seed('invoices', INVOICES))
  const requests = () => suite.up.requests.map((q) => `${q.method} ${q.path}${q.rawQuery ? `?${q.rawQuery}` : ''}`)

  it('csv: the family columns, the client by name (include=client), status names, the record state', async () => {
    const r = await runCli(['invoices', 'list', '--output', 'csv'], {env: suite.env})
    expectRun(r, {
      code: 0,
      stderr: '',
      stdout:
        'id,record_state,number,client.display_name,amount,balance,status_id,date,due_date\r\n' +
        'Inv0000001,active,0001,Acme Ltd,150.00,0.00,Paid,2024-01-15,2024-02-14\r\n' +
        'Inv0000002,archived,0002,Globex Corporation,120.00,120.00,Sent,2024-02-01,2024-03-02\r\n' +
        'Inv0000003,deleted,0003,Acme Ltd,300.00,150.00,Partial,,\r\n',
    })
    expect(requests()).to.deep.equal(['GET /api/v1/invoices?include=client'])
  })

  it('csv: timestamps in ISO 8601 (UTC), whatever the time zone; 0 is empty', async () => {
    const r = await runCli(
      ['invoices', 'list', '--output', 'csv', '--columns', 'number,record_state,created_at,updated_at,archived_at'],
      {env: {...suite.env, TZ: 'Asia/Tokyo'}},
    )
    expectRun(r, {
      code: 0,
      stderr: '',
      stdout:
        'number,record_state,created_at,updated_at,archived_at\r\n' +
        '0001,active,2023-11-14T22:13:20Z,2023-11-14T22:15:00Z,\r\n' +
        '0002,archived,2023-11-14T22:13:20Z,2023-11-14T22:16:40Z,2023-11-14T22:16:40Z\r\n' +
        '0003,deleted,2023-11-14T22:13:20Z,2023-11-14T22:18:20Z,2023-11-14T22:18:20Z\r\n',
    })
    // No relation among the columns: nothing included.
    expect(requests()).to.deep.equal(['GET /api/v1/invoices'])
  })

  it('csv of every page: one header, the family columns, whatever the records of later pages hold', async () => {
    suite.up.seed('invoices', [{id: 'Sparse0001', number: '0001'}, ...INVOICES.slice(0, 2)])
    const r = await runCli(['invoices', 'list', '--all', '--per-page', '1', '--output', 'csv'], {env: suite.env})
    expectRun(r, {
      code: 0,
      stderr: '',
      stdout:
        'id,record_state,number,client.display_name,amount,balance,status_id,date,due_date\r\n' +
        'Sparse0001,active,0001,,,,,,\r\n' +
        'Inv0000001,active,0001,Acme Ltd,150.00,0.00,Paid,2024-01-15,2024-02-14\r\n' +
        'Inv0000002,archived,0002,Globex Corporation,120.00,120.00,Sent,2024-02-01,2024-03-02\r\n',
    })
    expect(requests()).to.deep.equal(
      [1, 2, 3].map((p) => `GET /api/v1/invoices?page=${p}&per_page=1&sort=id|asc&include=client`),
    )
  })

  it('a table: the same columns for people, the client by name, STATE only where a row is not active', async () => {
    const r = await runCli(['invoices', 'list'], {env: suite.env})
    expectRun(r, {
      code: 0,
      stderr: '',
      stdout: [
        'ID          STATE     NUMBER  CLIENT              AMOUNT  BALANCE  STATUS_ID  DATE        DUE_DATE',
        'Inv0000001            0001    Acme Ltd            150.00     0.00  Paid       2024-01-15  2024-02-14',
        'Inv0000002  archived  0002    Globex Corporation  120.00   120.00  Sent       2024-02-01  2024-03-02',
        'Inv0000003  deleted   0003    Acme Ltd            300.00   150.00  Partial',
        '',
      ].join('\n'),
    })
    expect(requests()).to.deep.equal(['GET /api/v1/invoices?include=client'])
  })

  it('one record in csv: one row of the family columns, its client by name', async () => {
    const r = await runCli(['invoices', 'show', 'Inv0000002', '--output', 'csv'], {env: suite.env})
    expectRun(r, {
      code: 0,
      stderr: '',
      stdout:
        'id,record_state,number,client.display_name,amount,balance,status_id,date,due_date\r\n' +
        'Inv0000002,archived,0002,Globex Corporation,120.00,120.00,Sent,2024-02-01,2024-03-02\r\n',
    })
    expect(requests()).to.deep.equal(['GET /api/v1/invoices/Inv0000002?include=client'])
  })

  it('expenses name their vendor and category, each included by the server', async () => {
    suite.up.seed('vendors', [{id: 'Ven0000001', name: 'Paper Supplies Co'}])
    suite.up.seed('expense_categories', [{id: 'Cat0000001', name: 'Office'}])
    suite.up.seed('expenses', [
      {
        id: 'Exp0000001',
        number: '0001',
        vendor_id: 'Ven0000001',
        category_id: 'Cat0000001',
        amount: 35.9,
        date: '2024-01-20',
        public_notes: 'Printer paper',
      },
    ])
    const r = await runCli(['expenses', 'list', '--output', 'csv'], {env: suite.env})
    expectRun(r, {
      code: 0,
      stderr: '',
      stdout:
        'id,record_state,number,vendor.display_name,category.name,amount,date,public_notes\r\n' +
        'Exp0000001,active,0001,Paper Supplies Co,Office,35.90,2024-01-20,Printer paper\r\n',
    })
    expect(requests()).to.deep.equal(['GET /api/v1/expenses?include=vendor,category'])
  })

  it('json and ndjson: the server data unchanged, nothing included', async () => {
    const json = await runCli(['invoices', 'list', '--output', 'json'], {env: suite.env})
    expect(json.code, json.stderr).to.equal(0)
    expect(JSON.parse(json.stdout).data).to.deep.equal(suite.up.records('invoices'))
    const ndjson = await runCli(['invoices', 'list', '--output', 'ndjson'], {env: suite.env})
    expect(
      ndjson.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).to.deep.equal(suite.up.records('invoices'))
    const all = await runCli(['invoices', 'list', '--all', '--output', 'ndjson'], {env: suite.env})
    expect(all.stdout).to.equal(ndjson.stdout)
    expect(requests()).to.deep.equal([
      'GET /api/v1/invoices',
      'GET /api/v1/invoices',
      'GET /api/v1/invoices?page=1&per_page=2500&sort=id|asc',
    ])
  })

  it('json with --columns naming a relation: the relation is included, so the column is filled', async () => {
    const r = await runCli(['invoices', 'list', '--output', 'json', '--columns', 'number,client.display_name'], {
      env: suite.env,
    })
    expect(r.code, r.stderr).to.equal(0)
    expect(JSON.parse(r.stdout).data).to.deep.equal([
      {number: '0001', 'client.display_name': 'Acme Ltd'},
      {number: '0002', 'client.display_name': 'Globex Corporation'},
      {number: '0003', 'client.display_name': 'Acme Ltd'},
    ])
    expect(requests()).to.deep.equal(['GET /api/v1/invoices?include=client'])
  })

  it('--output ids: one id a line, page by page with --all; after --query, the values it gives', async () => {
    const ids = 'Inv0000001\nInv0000002\nInv0000003\n'
    expectRun(await runCli(['invoices', 'list', '--output', 'ids'], {env: suite.env}), {code: 0, stdout: ids})
    expectRun(await runCli(['invoices', 'list', '--all', '--per-page', '2', '-o', 'ids'], {env: suite.env}), {
      code: 0,
      stdout: ids,
      stderr: '',
    })
    const owing = await runCli(['invoices', 'list', '-o', 'ids', '--query', 'data[?balance > `0`].number'], {
      env: suite.env,
    })
    expectRun(owing, {code: 0, stdout: '0002\n0003\n', stderr: ''})
    expectRun(await runCli(['invoices', 'show', 'Inv0000002', '-o', 'ids'], {env: suite.env}), {
      code: 0,
      stdout: 'Inv0000002\n',
    })
    expect(requests()).to.deep.equal([
      'GET /api/v1/invoices',
      'GET /api/v1/invoices?page=1&per_page=2&sort=id|asc',
      'GET /api/v1/invoices?page=2&per_page=2&sort=id|asc',
      'GET /api/v1/invoices',
      'GET /api/v1/invoices/Inv0000002',
    ])
  })

  it('--output ids with --columns: exit 2, nothing sent', async () => {
    expectRun(await runCli(['invoices', 'list', '-o', 'ids', '--columns', 'number'], {env: suite.env}), {
      code: 2,
      stdout: '',
      stderr:
        'Error: --output ids prints ids only: for other fields use --output csv --columns A,B, or --query (e.g. ' +
        "--query 'data[].number')\n",
    })
    expect(suite.up.requests).to.deep.equal([])
  })

  it('a recurring document says how often it is sent (frequency_id by name) in a table, CSV and a show; json keeps it', async () => {
    suite.up.seed('recurring_invoices', [
      {id: 'Ri0000001x', number: '0001', client_id: 'VolejRejNm', status_id: '2', frequency_id: '5', amount: 150},
      {id: 'Ri0000002x', number: '0002', client_id: 'VolejRejNm', status_id: '3', frequency_id: '10', amount: 900},
      // A frequency the CLI does not know is shown as the server gives it.
      {id: 'Ri0000003x', number: '0003', client_id: 'VolejRejNm', status_id: '1', frequency_id: '13', amount: 1},
    ])
    const columns = ['--columns', 'number,status_id,frequency_id']
    expectRun(await runCli(['recurring-invoices', 'list', ...columns], {env: suite.env}), {
      code: 0,
      stderr: '',
      stdout: [
        'NUMBER  STATUS_ID  FREQUENCY_ID',
        '0001    Active     Monthly',
        '0002    Paused     Annually',
        '0003    Draft      13',
        '',
      ].join('\n'),
    })
    expectRun(await runCli(['recurring-invoices', 'list', ...columns, '-o', 'csv'], {env: suite.env}), {
      code: 0,
      stderr: '',
      stdout: 'number,status_id,frequency_id\r\n0001,Active,Monthly\r\n0002,Paused,Annually\r\n0003,Draft,13\r\n',
    })
    const show = await runCli(['recurring-invoices', 'show', 'Ri0000002x'], {env: suite.env})
    expect(show.code).to.equal(0)
    expect(show.stdout).to.match(/^frequency_id +Annually$/m)
    const json = await runCli(['recurring-invoices', 'show', 'Ri0000002x', '-o', 'json'], {env: suite.env})
    expect(JSON.parse(json.stdout).data.frequency_id).to.equal('10')
    expect(requests().filter((q) => q.includes('recurring_invoices'))).to.deep.equal([
      'GET /api/v1/recurring_invoices',
      'GET /api/v1/recurring_invoices',
      // The record view names the client (include=client); json is the server's record as it is.
      'GET /api/v1/recurring_invoices/Ri0000002x?include=client',
      'GET /api/v1/recurring_invoices/Ri0000002x',
    ])
  })

  it('a show for people names the client beside its id (include=client); json and --query ask for nothing more', async () => {
    const r = await runCli(['invoices', 'show', 'Inv0000002'], {env: suite.env})
    expect(r.stderr).to.equal('')
    expect(r.code).to.equal(0)
    expect(r.stdout).to.match(/^client_id +\w+\nclient +Globex Corporation\nnumber +0002$/m)
    expect((await runCli(['invoices', 'show', 'Inv0000002', '-o', 'json'], {env: suite.env})).code).to.equal(0)
    const queried = await runCli(['invoices', 'show', 'Inv0000002', '--query', 'data.number'], {env: suite.env})
    expectRun(queried, {code: 0, stdout: '0002\n', stderr: ''})
    // A client has no relation its columns name: its show asks for nothing more.
    const client = await runCli(['clients', 'show', 'VolejRejNm'], {env: suite.env})
    expect(client.code).to.equal(0)
    expect(requests().filter((q) => !q.includes('statics') && !q.includes('companies'))).to.deep.equal([
      'GET /api/v1/invoices/Inv0000002?include=client',
      'GET /api/v1/invoices/Inv0000002',
      'GET /api/v1/invoices/Inv0000002',
      'GET /api/v1/clients/VolejRejNm',
    ])
  })
})
