/**
 * Values from the upstream inside lines the CLI composes (the "page N of M" footer, `auth status`) are shown with
 * every control escaped, even an SGR colour that looks like the CLI's own: the upstream drives no terminal.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

const ESC = '\u001B'

describe('upstream text in composed lines', () => {
  const suite = useUpstream()

  it('the page footer: a colour and a title change in the pagination are escaped (a colour like our own too)', async () => {
    const body = {
      data: [{id: 'VolejRejNm', name: 'Acme'}],
      meta: {pagination: {current_page: `${ESC}[31m1`, total_pages: 3, total: `30${ESC}]0;owned${'\u0007'}`}},
    }
    suite.up.fault({
      method: 'GET',
      path: '/api/v1/clients',
      kind: 'raw',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify(body),
    })
    const r = await runCli(['clients', 'list'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal(
      'page \\u001b[31m1 of 3 (30\\u001b]0;owned\\u0007 records): --page N for another page, --all for every page\n',
    )
    expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal(['GET /api/v1/clients'])
  })

  it('auth status: the company and user names are escaped', async () => {
    const ping = {company_name: `Evil${ESC}[31mCo`, user_name: `Mallory${ESC}[2J`}
    suite.up.fault({
      method: 'GET',
      path: '/api/v1/ping',
      kind: 'raw',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify(ping),
    })
    const r = await runCli(['auth', 'status'], {env: suite.env})
    expect([r.code, r.stderr]).to.deep.equal([0, ''])
    expect(r.stdout).to.include('company:  Evil\\u001b[31mCo\nuser:     Mallory\\u001b[2J\n')
    expect(r.stdout).not.to.include(ESC)
    expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal(['GET /api/v1/ping'])
  })
})
