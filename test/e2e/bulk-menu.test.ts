/**
 * `cli FAMILY bulk-actions` (issue 33): POST /filters/{entity}, the web UI's menu of bulk actions, for the five
 * families the server has a menu of its own for; a read, sent once with no body.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('cli FAMILY bulk-actions', () => {
  const suite = useUpstream()
  const sent = () => suite.up.requests.map((q) => `${q.method} ${q.path} ${q.body.length}`)

  it('recurring-invoices: POST /filters/recurring_invoice, the menu printed as the server answers it', async () => {
    const r = await runCli(['recurring-invoices', 'bulk-actions', '--output', 'json'], {env: suite.env})
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stderr).to.equal('')
    expect(JSON.parse(r.stdout)).to.deep.equal([
      'archive',
      'restore',
      'delete',
      'bulk_download',
      'start',
      'stop',
      'email',
    ])
    expect(sent()).to.deep.equal(['POST /api/v1/filters/recurring_invoice 0'])
  })

  it('invoices, in a table: one action a line', async () => {
    const r = await runCli(['invoices', 'bulk-actions'], {env: suite.env})
    expect(r.code, r.stderr).to.equal(0)
    for (const action of ['archive', 'mark_paid', 'cancel', 'email']) expect(r.stdout).to.include(action)
    expect(sent()).to.deep.equal(['POST /api/v1/filters/invoice 0'])
  })

  it('a family the server has no menu for has no such command: exit 127, nothing sent', async () => {
    const r = await runCli(['clients', 'bulk-actions'], {env: suite.env})
    expect(r.code).to.equal(127)
    expect(r.stderr).to.match(/^Error: clients bulk-actions is not a cli command/)
    expect(r.stdout).to.equal('')
    expect(sent()).to.deep.equal([])
  })
})
