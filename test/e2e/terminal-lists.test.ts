/**
 * On a real pseudo-terminal (util-linux `script`): every line a list prints fits the terminal, its
 * notes and page footer included; a request slow to answer shows a turning line on stderr, only
 * on a terminal, never on stdout, cleared before the answer prints.
 */
import {expect} from 'chai'

import {runOnTty} from '../support/tty.js'
import {useUpstream} from '../support/upstream-suite.js'

const CLEAR = '\r\u001B[2K'

describe('on a terminal: lines that fit', () => {
  const suite = useUpstream()

  it('a table at 50 columns: no line of the table or of its note is wider (stdout and stderr on the terminal)', async () => {
    suite.up.seed('invoices', [
      {id: 'WJxbojagwO', client_id: 'Opnel5aKBz', number: '0001', status_id: '2', amount: 150, balance: 150},
    ])
    const r = await runOnTty(['invoices', 'list'], {cols: 50, env: {...suite.env, NO_COLOR: '1'}})
    expect(r.code).to.equal(0)
    const lines = r.tty.trimEnd().split('\n')
    expect(lines.filter((line) => line.length > 50)).to.deep.equal([])
    // The note comes first (the widths are known before the first row), in lines broken between words.
    expect(lines.slice(0, 2).join(' ')).to.equal(
      'note: column id left out to fit 50 columns (--columns picks them; piped output has them all)',
    )
    expect(lines.slice(2)).to.deep.equal([
      'NUMBER  CLIENT          AMOUNT  BALANCE  STATUS_ID',
      '0001    Globex Corpor…  150.00   150.00  Sent',
    ])
  })

  it('the page footer at 40 columns is broken between words too; piped, it stays one line', async () => {
    suite.up.seed(
      'vendors',
      Array.from({length: 3}, (_, i) => ({name: `V${i}`})),
    )
    const args = ['vendors', 'list', '--per-page', '2', '--output', 'csv', '--columns', 'name']
    const r = await runOnTty(args, {cols: 40, env: suite.env, pipeStdout: true})
    expect(r.code).to.equal(0)
    expect(r.stdout).to.equal('name\r\nV0\r\nV1\r\n')
    expect(r.tty).to.equal('page 1 of 2 (3 records): --page N for\nanother page, --all for every page\n')
    const piped = await runOnTty(args, {cols: 40, env: suite.env, pipeStdout: true, pipeStderr: true})
    expect(piped.stderr).to.equal('page 1 of 2 (3 records): --page N for another page, --all for every page\n')
  })
})

describe('on a terminal: a request slow to answer', () => {
  const suite = useUpstream()
  const slow = () => suite.up.fault({kind: 'delay', ms: 1500, method: 'GET', path: '/api/v1/clients'})
  const CSV = 'id,name\r\nVolejRejNm,Acme Ltd\r\nOpnel5aKBz,Globex Corporation\r\n'
  const args = ['clients', 'list', '--output', 'csv', '--columns', 'id,name']

  it('turns a line on stderr saying what is awaited, and clears it; stdout holds only the answer', async () => {
    slow()
    const r = await runOnTty(args, {cols: 80, env: suite.env, pipeStdout: true})
    expect(r.code).to.equal(0)
    expect(r.stdout).to.equal(CSV)
    expect(r.tty.startsWith(`${CLEAR}waiting for the server: GET /api/v1/clients | 1s`)).to.equal(true)
    expect(r.tty.endsWith(CLEAR)).to.equal(true)
    // Nothing but the line, drawn again and cleared.
    expect(
      r.tty
        .split(CLEAR)
        .filter(Boolean)
        .every((l) => /^waiting for the server: GET \/api\/v1\/clients [|/\\-] 1s$/.test(l)),
    ).to.equal(true)
    expect(suite.up.requests).to.have.length(1)
  })

  it('never where stderr is not a terminal, and not for a quick answer', async () => {
    slow()
    const piped = await runOnTty(args, {cols: 80, env: suite.env, pipeStdout: true, pipeStderr: true})
    expect(piped.code).to.equal(0)
    expect(piped.stdout).to.equal(CSV)
    expect(piped.stderr).to.equal('')
    expect(piped.tty).to.equal('')
    const quick = await runOnTty(args, {cols: 80, env: suite.env, pipeStdout: true})
    expect(quick.stdout).to.equal(CSV)
    expect(quick.tty).to.equal('')
  })

  it('--all: while the first page is awaited, the line says so', async () => {
    suite.up.fault({kind: 'delay', ms: 1500, method: 'GET', path: '/api/v1/clients', query: {page: '1'}})
    const r = await runOnTty(['clients', 'list', '--all', '--output', 'ids'], {
      cols: 80,
      env: suite.env,
      pipeStdout: true,
    })
    expect(r.code).to.equal(0)
    expect(r.stdout).to.equal('VolejRejNm\nOpnel5aKBz\n')
    expect(r.tty.startsWith(`${CLEAR}waiting for page 1 | 1s`)).to.equal(true)
    expect(r.tty.endsWith(CLEAR)).to.equal(true)
  })
})
