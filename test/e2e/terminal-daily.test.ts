/**
 * On a real terminal (a pseudo-terminal from util-linux `script`, 60 and 120 columns): no guessed
 * command runs, error lines are plain text with colour only from the one place that decides it.
 */
import {expect} from 'chai'

import {runOnTty} from '../support/tty.js'
import {useUpstream} from '../support/upstream-suite.js'

const ESC = '\u001B'

describe('on a terminal: unknown commands', () => {
  const suite = useUpstream()

  for (const cols of [60, 120]) {
    it(`a mistyped command is never run nor offered as a prompt: exit 127, the nearest command with its arguments (${cols} columns)`, async () => {
      const r = await runOnTty(['invoics', 'delete', 'WJxbojagwO', '--yes'], {cols, env: {...suite.env, NO_COLOR: '1'}})
      expect(r.code).to.equal(127)
      expect(r.tty).to.equal(
        'Error: invoics delete WJxbojagwO is not a cli command; did you mean invoices delete WJxbojagwO --yes?\n' +
          'Run "cli help" for a list of the commands.\n',
      )
      expect(suite.up.requests).to.have.length(0)
      expect(suite.up.records('invoices')[0].is_deleted).to.equal(false)
    })
  }
})

describe('on a terminal: error lines', () => {
  it('carry no escape codes written out; the label is red unless NO_COLOR', async () => {
    const plain = await runOnTty(['invoices', 'download', 'key'], {cols: 60, env: {NO_COLOR: '1'}})
    expect(plain.code).to.equal(2)
    expect(plain.tty).to.equal('Error: missing required flag --output-file (see --help)\n')
    const coloured = await runOnTty(['invoices', 'download', 'key'], {cols: 120})
    expect(coloured.code).to.equal(2)
    expect(coloured.tty).to.equal(`${ESC}[31mError:${ESC}[39m missing required flag --output-file (see --help)\n`)
  })

  it('a missing argument is named in words', async () => {
    const r = await runOnTty(['invoices', 'show'], {cols: 60, env: {NO_COLOR: '1'}})
    expect(r.code).to.equal(2)
    expect(r.tty).to.equal('Error: missing required argument id (see --help)\n')
  })

  it('piped stderr is never coloured, even from a terminal session', async () => {
    const r = await runOnTty(['invoices', 'show'], {cols: 60, pipeStderr: true})
    expect(r.code).to.equal(2)
    expect(r.stderr).to.equal('Error: missing required argument id (see --help)\n')
  })
})

describe('on a terminal: tables people read', () => {
  const suite = useUpstream()
  const invoices = [
    {
      id: 'WJxbojagwO',
      client_id: 'VolejRejNm',
      number: '0001',
      status_id: '4',
      date: '2024-01-15',
      due_date: '2024-02-14',
      amount: 150,
      balance: 0,
    },
    {
      id: 'Wpmbk5ezJn',
      client_id: 'Opnel5aKBz',
      number: '0002',
      status_id: '2',
      date: '2024-02-01',
      due_date: '2024-03-02',
      amount: 20,
      balance: 20,
      archived_at: 1_700_000_000,
    },
  ]
  const products = [
    {
      id: 'VolejRejNm',
      product_key: 'Consulting',
      notes: 'One hour of consulting on the new company website',
      price: 150,
      quantity: 1,
    },
  ]
  beforeEach(() => {
    suite.up.seed('invoices', invoices)
    suite.up.seed('products', products)
  })

  it('120 columns: every column, client names, status names (coloured), a state column for the archived row, no note', async () => {
    const r = await runOnTty(['invoices', 'list'], {cols: 120, env: {...suite.env, NO_COLOR: '1'}, pipeStderr: true})
    expect(r.code).to.equal(0)
    expect(r.tty).to.equal(
      [
        'ID          STATE     NUMBER  CLIENT              AMOUNT  BALANCE  STATUS_ID  DATE        DUE_DATE',
        'WJxbojagwO            0001    Acme Ltd            150.00     0.00  Paid       2024-01-15  2024-02-14',
        'Wpmbk5ezJn  archived  0002    Globex Corporation   20.00    20.00  Sent       2024-02-01  2024-03-02',
        '',
      ].join('\n'),
    )
    expect(r.stderr).to.equal('')
    // The names come from the server itself: one request, the client included.
    expect(suite.up.requests.map((q) => q.rawQuery)).to.deep.equal(['include=client'])
    const coloured = await runOnTty(['invoices', 'list'], {cols: 120, env: suite.env, pipeStderr: true})
    expect(coloured.tty)
      .to.include(`${ESC}[32mPaid${ESC}[39m`)
      .and.include(`${ESC}[36mSent${ESC}[39m`)
      .and.include(`${ESC}[2marchived${ESC}[22m`)
  })

  it('60 columns: no row wraps; the id, then the rightmost columns drop with a note on stderr', async () => {
    const r = await runOnTty(['invoices', 'list'], {cols: 60, env: {...suite.env, NO_COLOR: '1'}, pipeStderr: true})
    expect(r.code).to.equal(0)
    expect(r.tty).to.equal(
      [
        'STATE     NUMBER  CLIENT          AMOUNT  BALANCE  STATUS_ID',
        '          0001    Acme Ltd        150.00     0.00  Paid',
        'archived  0002    Globex Corpor…   20.00    20.00  Sent',
        '',
      ].join('\n'),
    )
    expect(r.stderr).to.equal(
      'note: columns id, date, due_date left out to fit 60 columns (--columns picks them; piped output ' +
        'has them all)\n',
    )
    for (const line of r.tty.split('\n')) expect(line.length).to.be.at.most(60)
  })

  it('60 columns, --columns named: the note says how to get them back; one record: the values cut are named', async () => {
    const list = await runOnTty(['invoices', 'list', '--columns', 'id,client_id,number,amount,balance,date,due_date'], {
      cols: 60,
      env: {...suite.env, NO_COLOR: '1'},
      pipeStderr: true,
    })
    expect(list.stderr).to.equal(
      'note: column due_date left out to fit 60 columns (fewer --columns or a wider terminal shows them; ' +
        'piped output has them all)\n',
    )
    const one = await runOnTty(['products', 'show', 'VolejRejNm', '--columns', 'id,notes'], {
      cols: 30,
      env: {...suite.env, NO_COLOR: '1'},
      pipeStderr: true,
    })
    expect(one.tty).to.equal('id     VolejRejNm\nnotes  One hour of consulting…\n')
    expect(one.stderr).to.equal('note: notes cut to fit 30 columns (--output json, or piped output, has it in full)\n')
  })

  it('60 columns: the widest text column shrinks with an ellipsis, narrow ones keep their width', async () => {
    const r = await runOnTty(['products', 'list'], {cols: 60, env: {...suite.env, NO_COLOR: '1'}, pipeStderr: true})
    expect(r.code).to.equal(0)
    expect(r.tty).to.equal(
      [
        'ID          PRODUCT_KEY  NOTES               PRICE  QUANTITY',
        'VolejRejNm  Consulting   One hour of cons…  150.00  1',
        '',
      ].join('\n'),
    )
    expect(r.stderr).to.equal('')
    expect(Math.max(...r.tty.split('\n').map((l) => l.length))).to.equal(60)
  })

  it('piped: every column and every value in full, no colour, no note', async () => {
    const {runCli} = await import('../support/cli.js')
    const r = await runCli(['products', 'list'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(r.stdout).to.equal(
      'ID          PRODUCT_KEY  NOTES                                               PRICE  QUANTITY\nVolejRejNm  ' +
        'Consulting   One hour of consulting on the new company website  150.00  1\n',
    )
    expect(r.stderr).to.equal('')
  })

  it('a record: status name, timestamps in local time, list fields as counts', async () => {
    const r = await runOnTty(['invoices', 'show', 'Wpmbk5ezJn'], {
      cols: 60,
      env: {...suite.env, NO_COLOR: '1', TZ: 'Asia/Tokyo'},
    })
    expect(r.code).to.equal(0)
    expect(r.tty).to.include('\nstatus_id    Sent\n').and.include('\narchived_at  2023-11-15 07:13\n')
  })
})

describe('on a terminal: JSON', () => {
  const suite = useUpstream()

  it('is indented on a terminal, one compact line when piped', async () => {
    const tty = await runOnTty(['clients', 'show', 'VolejRejNm', '--output', 'json', '--columns', 'name,balance'], {
      cols: 60,
      env: suite.env,
    })
    expect(tty.code).to.equal(0)
    expect(tty.tty).to.equal('{\n  "data": {\n    "name": "Acme Ltd",\n    "balance": 150\n  }\n}\n')
    const merged = await runOnTty(['clients', 'list', '--all', '--output', 'json', '--query', 'data[0].name'], {
      cols: 120,
      env: suite.env,
      pipeStderr: true,
    })
    expect(merged.tty).to.equal('"Acme Ltd"\n')
    const {runCli} = await import('../support/cli.js')
    const piped = await runCli(['clients', 'show', 'VolejRejNm', '--output', 'json', '--columns', 'name,balance'], {
      env: suite.env,
    })
    expect(piped.stdout).to.equal('{"data":{"name":"Acme Ltd","balance":150}}\n')
  })
})
