/**
 * The stand-in refuses what the server's request rules refuse (the same facts the CLI reads), and
 * the CLI shows its 422 field by field; the CLI's own check refuses the same payload before
 * anything is sent.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

describe("the server's rules, locally and upstream", () => {
  const suite = useUpstream()
  const args = ['invoices', 'create', '--client-id', 'VolejRejNm', '--field', 'discount=twelve']
  const more = ['--field', 'date=2024-02-30', '--yes']

  it('refused locally: exit 2, every problem in one line, nothing sent', async () => {
    const r = await runCli([...args, ...more], {env: suite.env})
    expect(r.stdout).to.equal('')
    expect(r.stderr).to.equal(
      'Error: invoices payload: discount must be a number, not the string "twelve"; date must be a date ' +
        '(YYYY-MM-DD), not the string "2024-02-30" (--no-validate sends it unchecked)\n',
    )
    expect(r.code).to.equal(2)
    expect(suite.up.requests).to.deep.equal([])
  })

  it('sent with --no-validate: the 422 shown field by field, exit 1, sent once', async () => {
    const r = await runCli([...args, ...more, '--no-validate'], {env: suite.env})
    expect(r.stdout).to.equal('')
    expect(r.stderr).to.equal(
      'Error: upstream answered 422: The given data was invalid.\n' +
        '  date: The date field must be a valid date.\n' +
        '  discount: The discount field must be a number.\n',
    )
    expect(r.code).to.equal(1)
    expect(suite.up.requests.map((q) => [q.method, q.path, q.json])).to.deep.equal([
      ['POST', '/api/v1/invoices', {client_id: 'VolejRejNm', discount: 'twelve', date: '2024-02-30'}],
    ])
  })

  it('a required field missing upstream: the 422 names it', async () => {
    const r = await runCli(['projects', 'create', '--name', 'Website', '--no-validate', '--yes'], {env: suite.env})
    expect(r.stderr).to.equal(
      'Error: upstream answered 422: The given data was invalid.\n  client_id: The client id field is required.\n',
    )
    expect(r.code).to.equal(1)
    expect(suite.up.requests.map((q) => [q.method, q.path, q.json])).to.deep.equal([
      ['POST', '/api/v1/projects', {name: 'Website'}],
    ])
  })

  it('the stand-in computes amounts from line items, as the server does; a draft owes nothing yet', async () => {
    const r = await runCli(
      [
        'invoices',
        'create',
        '--client-id',
        'VolejRejNm',
        '--line-item',
        'product_key=A,quantity=2,cost=10',
        '--line-item',
        'product_key=B,quantity=1,cost=5,discount=10',
        '--yes',
        '-o',
        'json',
      ],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    const {data} = JSON.parse(r.stdout)
    expect(r.stderr).to.equal(`created invoice ${data.number} (id ${data.id}), 24.50\n`)
    expect([data.amount, data.balance, data.paid_to_date, data.status_id]).to.deep.equal([24.5, 0, 0, '1'])
    expect(data.total_taxes).to.equal(0)
    expect(suite.up.requests).to.have.length(1)
  })
})
