/**
 * The operator's terminal (issue 14): whatever the upstream sends is shown with its control
 * characters escaped when it reaches a terminal (a real pseudo-terminal here), so a title change,
 * an OSC 52 clipboard write or a C1 CSI never takes effect; piped JSON stays byte-exact.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {runOnTty} from '../support/tty.js'
import {useUpstream} from '../support/upstream-suite.js'

const TITLE = '\u001B]0;pwned\u0007'
const CLIPBOARD = '\u001B]52;c;cm0gLXJmIH4K\u0007'
const C1_CSI = '\u009B31m'
const HOSTILE = {
  id: 'Hh00000001',
  name: `A${TITLE}B`,
  number: `N${CLIPBOARD}`,
  public_notes: `C${C1_CSI}D\u007FE`,
  [`key\u001B[2J`]: 'v',
}

/**
 * Any control a terminal would act on, but line ends (the terminal
 * driver makes \r\n of \n, so CRLF text shows as \r\r\n).
 */
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\r*\n)/

function expectInert(output: string): void {
  const at = RAW_CONTROL.exec(output)
  expect(at, `raw control U+${at?.[0].codePointAt(0)?.toString(16)} in ${JSON.stringify(output)}`).to.equal(null)
}

describe('terminal: upstream text never drives the terminal', function () {
  this.timeout(30_000)
  const s = useUpstream()
  const env = () => ({...s.env, NO_COLOR: '1'})
  const listBody = (
    meta: unknown = {pagination: {total: 1, count: 1, per_page: 20, current_page: 1, total_pages: 1}},
  ) => JSON.stringify({data: [HOSTILE], meta})
  const serveList = (meta?: unknown) =>
    s.up.fault({
      method: 'GET',
      path: '/api/v1/clients',
      kind: 'raw',
      status: 200,
      contentType: 'application/json',
      body: listBody(meta),
    })

  for (const [format, extra] of [
    ['table', ['--columns', 'id,name,number,public_notes']],
    ['json', ['-o', 'json']],
    ['ndjson', ['-o', 'ndjson']],
    ['yaml', ['-o', 'yaml']],
    ['csv', ['-o', 'csv', '--columns', 'id,name,number,public_notes,key']],
  ] as const) {
    it(`a list as ${format}: every control shown escaped`, async () => {
      serveList()
      const r = await runOnTty(['clients', 'list', ...extra], {env: env()})
      expect(r.code, r.tty).to.equal(0)
      expectInert(r.tty)
      // yaml writes its own escapes (\e, \a); the others show the sanitiser's.
      if (format !== 'yaml') expect(r.tty).to.include('\\u001b]0;pwned\\u0007').and.to.include('\\u009b31m')
      expect(s.up.requests).to.have.length(1)
    })
  }

  it('a table whose columns come from the keys: the headers escaped', async () => {
    const body = JSON.stringify({data: [{[`k\u001B]0;t\u0007`]: 1, [`c1\u009B2J`]: 2}], meta: {}})
    s.up.fault({
      method: 'GET',
      path: '/api/v1/clients',
      kind: 'raw',
      status: 200,
      contentType: 'application/json',
      body,
    })
    const r = await runOnTty(['clients', 'list'], {env: env()})
    expect(r.code, r.tty).to.equal(0)
    expectInert(r.tty)
    expect(r.tty).to.include('K\\u001b]0;T\\u0007  C1\\u009b2J')
  })

  it('one record: keys and values escaped', async () => {
    s.up.fault({
      method: 'GET',
      path: '/api/v1/clients/Hh00000001',
      kind: 'raw',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({data: HOSTILE}),
    })
    const r = await runOnTty(['clients', 'show', 'Hh00000001'], {env: env()})
    expect(r.code, r.tty).to.equal(0)
    expectInert(r.tty)
    expect(r.tty).to.include('key\\u001b[2J')
    expect(r.tty).to.include('N\\u001b]52;c;cm0gLXJmIH4K\\u0007')
  })

  it('the page footer: upstream paging numbers escaped', async () => {
    serveList({pagination: {total: `9${TITLE}`, count: 1, per_page: 1, current_page: 1, total_pages: 9}})
    const r = await runOnTty(['clients', 'list', '--columns', 'id'], {env: env()})
    expect(r.code, r.tty).to.equal(0)
    expectInert(r.tty)
    expect(r.tty).to.include('page 1 of 9 (9\\u001b]0;pwned\\u0007 records)')
  })

  it('auth status: the company name escaped', async () => {
    s.up.fault({
      method: 'GET',
      path: '/api/v1/ping',
      kind: 'raw',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({company_name: `Evil${CLIPBOARD}${C1_CSI}`, user_name: 'u'}),
    })
    const r = await runOnTty(['auth', 'status'], {env: env()})
    expect(r.code, r.tty).to.equal(0)
    expectInert(r.tty)
    expect(r.tty).to.include('company:  Evil\\u001b]52;c;cm0gLXJmIH4K\\u0007\\u009b31m')
  })

  it('an error message and its field errors escaped', async () => {
    s.up.fault({
      method: 'POST',
      path: '/api/v1/clients',
      kind: 'raw',
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({message: `bad${TITLE}`, errors: {[`name${C1_CSI}`]: [`no${CLIPBOARD}`]}}),
    })
    const r = await runOnTty(['clients', 'create', '--name', 'x', '--yes'], {env: env()})
    expect(r.code, r.tty).to.equal(1)
    expectInert(r.tty)
    expect(r.tty).to.include('bad\\u001b]0;pwned\\u0007')
  })

  it('a text answer escaped on a terminal', async () => {
    s.up.fault({
      method: 'POST',
      path: '/api/v1/reports/clients',
      kind: 'raw',
      status: 200,
      contentType: 'text/csv',
      body: `a,b\r\n1,${TITLE}${C1_CSI}\r\n`,
    })
    const r = await runOnTty(['reports', 'run', '--endpoint', 'reports/clients'], {env: env()})
    expect(r.code, r.tty).to.equal(0)
    expectInert(r.tty)
    expect(r.tty).to.include('1,\\u001b]0;pwned\\u0007\\u009b31m')
  })

  it('with colours on, the only sequences are the CLI’s own bold on and off', async () => {
    serveList()
    const r = await runOnTty(['clients', 'list', '--columns', 'id,name,number,public_notes'], {env: {...s.env}})
    expect(r.code, r.tty).to.equal(0)
    expect(expectInert.bind(null, r.tty.replaceAll('\u001B[1m', '').replaceAll('\u001B[22m', ''))).not.to.throw()
    expect(r.tty).to.include('\u001B[1mID')
  })

  it('piped, JSON stays byte-exact: the C1 and DEL characters as the upstream sent them', async () => {
    serveList()
    const r = await runCli(['clients', 'list', '-o', 'json'], {env: s.env})
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stdoutBytes.equals(Buffer.from(`${listBody()}\n`))).to.equal(true)
    expect(r.stdout).to.include(C1_CSI)
  })
})
