/**
 * `<family> bulk --action A --id ...`: ids the server skipped are named (exit 5) while the records acted on are still
 * printed, and an id given twice is sent once.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('bulk by --id', () => {
  const suite = useUpstream()
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}`)

  it('an unknown id is named on stderr and the exit is 5; the records acted on are printed', async () => {
    const r = await runCli(
      ['invoices', 'bulk', '--action', 'archive', '--id', 'WJxbojagwO', '--id', 'WRONGID123', '--yes', '-o', 'json'],
      {env: suite.env},
    )
    expect(r.code).to.equal(5)
    expect(JSON.parse(r.stdout).data.map((i: {id: string}) => i.id)).to.deep.equal(['WJxbojagwO'])
    expect(r.stderr).to.equal(
      'archived invoice 0001 (id WJxbojagwO), 150.00\n' +
        'Error: the server found no invoice with the id WRONGID123 and skipped it (1 of 2 ids); the others were ' +
        'acted on\n' +
        '{"error":{"message":"the server found no invoice with the id WRONGID123 and skipped it (1 of 2 ids); the ' +
        'others were acted on","exit_code":5}}\n',
    )
    expect(sent()).to.deep.equal(['POST /api/v1/invoices/bulk'])
    expect(suite.up.records('invoices')[0].archived_at).to.be.above(0)
  })

  it('only unknown ids: the server answers a message; all are named, exit 5, nothing said to have changed', async () => {
    // Id-shaped (10 letters and digits): sent as ids, with no lookup (records-by-key).
    const r = await runCli(
      ['invoices', 'bulk', '--action', 'archive', '--id', 'NOPE100000', '--id', 'NOPE200000', '--yes'],
      {
        env: suite.env,
      },
    )
    expect(r.code).to.equal(5)
    expect(r.stderr).to.equal(
      'Error: the server found no invoices with the ids NOPE100000, NOPE200000 and skipped them (2 of 2 ids); ' +
        'nothing was changed\n',
    )
    expect(sent()).to.deep.equal(['POST /api/v1/invoices/bulk'])
  })

  it('an id given twice is sent once; --quiet leaves stderr empty', async () => {
    const r = await runCli(
      ['invoices', 'bulk', '--action', 'mark_sent', '--id', 'WJxbojagwO', '--id', 'WJxbojagwO', '--yes', '--quiet'],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal('')
    expect(suite.up.requests.map((q) => q.json)).to.deep.equal([{action: 'mark_sent', ids: ['WJxbojagwO']}])
  })
})
