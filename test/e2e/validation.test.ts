/**
 * The payload check on create and update: unknown fields warn with the nearest name and are
 * sent; values the server's rules certainly refuse are refused (exit 2, nothing sent) unless
 * --no-validate, values they take are sent as given; dry runs check too.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('payload check (create, update)', () => {
  const suite = useUpstream()

  it('a misspelled field: a warning with the nearest name, and the request is sent as given', async () => {
    const r = await runCli(
      ['invoices', 'update', 'WJxbojagwO', '--field', 'public_note=Thanks', '--yes', '--output', 'json'],
      {env: suite.env},
    )
    expect(r.stderr).to.equal(
      'Warning: public_note is not an invoices field; did you mean public_notes?\n' +
        'updated invoice 0001 (id WJxbojagwO), 150.00\n',
    )
    expect(r.code).to.equal(0)
    expect(JSON.parse(r.stdout).data.public_note).to.equal('Thanks')
    // Read first (the journal keeps the record as it was), then sent as given.
    expect(suite.up.requests.map((q) => [q.method, q.path, q.json])).to.deep.equal([
      ['GET', '/api/v1/invoices/WJxbojagwO', undefined],
      ['PUT', '/api/v1/invoices/WJxbojagwO', {public_note: 'Thanks'}],
    ])
  })

  it('a dry run checks too: the warning on stderr, the one JSON document on stdout', async () => {
    const r = await runCli(
      [
        'invoices',
        'create',
        '--client-id',
        'VolejRejNm',
        '--line-item',
        'product_key=A,quantiy=2',
        '--dry-run',
        '--output',
        'json',
      ],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal('Warning: line_items.0.quantiy is not a line item field; did you mean quantity?\n')
    expect(JSON.parse(r.stdout).request.body).to.deep.equal({
      client_id: 'VolejRejNm',
      line_items: [{product_key: 'A', quantiy: 2}],
    })
    expect(suite.up.requests).to.deep.equal([])
  })

  it('a string where a number belongs: exit 2, nothing sent (a numeric string is a number to the server)', async () => {
    const r = await runCli(['invoices', 'create', '--client-id', 'VolejRejNm', '--field', 'discount=twelve', '--yes'], {
      env: suite.env,
    })
    expect(r.code).to.equal(2)
    expect(r.stdout).to.equal('')
    expect(r.stderr).to.equal(
      'Error: invoices payload: discount must be a number, not the string "twelve" ' +
        '(--no-validate sends it unchecked)\n',
    )
    expect(suite.up.requests).to.deep.equal([])
  })

  it('line_items not a list: exit 2 in a dry run as well, with the JSON error document', async () => {
    const r = await runCli(
      ['invoices', 'create', '--data', '{"client_id":"VolejRejNm","line_items":"A"}', '--dry-run', '--output', 'json'],
      {env: suite.env},
    )
    expect(r.code).to.equal(2)
    expect(r.stdout).to.equal('')
    const message = 'invoices payload: line_items must be a list, not the string "A" (--no-validate sends it unchecked)'
    expect(r.stderr).to.equal(`Error: ${message}\n${JSON.stringify({error: {message, exit_code: 2}})}\n`)
    expect(suite.up.requests).to.deep.equal([])
  })

  it('checked before the guardrail: a wrong type without --yes is exit 2, not 3', async () => {
    const r = await runCli(['products', 'update', 'X1', '--field', 'price=cheap'], {env: suite.env})
    expect(r.code).to.equal(2)
    expect(r.stderr).to.equal(
      'Error: products payload: price must be a number, not the string "cheap" (--no-validate sends it unchecked)\n',
    )
    expect(suite.up.requests).to.deep.equal([])
  })

  it('a nested currency_id as 3 or "3" is sent as given: the server checks settings ids as digits', async () => {
    for (const value of ['3', '"3"']) {
      const r = await runCli(
        [
          'group-settings',
          'create',
          '--name',
          'EU',
          '--field',
          `settings.currency_id=${value}`,
          '--dry-run',
          '-o',
          'json',
        ],
        {env: suite.env},
      )
      expect(r.stderr).to.equal('')
      expect(r.code).to.equal(0)
      expect(JSON.parse(r.stdout).request.body).to.deep.equal({name: 'EU', settings: {currency_id: JSON.parse(value)}})
    }
    expect(suite.up.requests).to.deep.equal([])
  })

  it('every problem in one message; warnings first', async () => {
    const r = await runCli(
      [
        'clients',
        'create',
        '--name',
        'Acme',
        '--field',
        'webiste=acme.test',
        '--field',
        'country_id=US',
        '--field',
        'contacts.email=ann',
        '--dry-run',
      ],
      {env: suite.env},
    )
    expect(r.code).to.equal(2)
    expect(r.stderr).to.equal(
      'Warning: webiste is not a clients field; did you mean website?\n' +
        'Error: clients payload: country_id must be a whole number, 1 or "1", not the string "US"; contacts.0.email ' +
        'must be an e-mail address, not the string "ann" (--no-validate sends it unchecked)\n',
    )
    expect(suite.up.requests).to.deep.equal([])
  })

  it('--no-validate sends the payload unchecked, without warnings', async () => {
    const r = await runCli(
      [
        'invoices',
        'create',
        '--client-id',
        'VolejRejNm',
        '--field',
        'discount="12"',
        '--field',
        'public_note=x',
        '--no-validate',
        '--yes',
        '--output',
        'json',
      ],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    // No warning: only the summary line.
    expect(r.stderr).to.equal(`created invoice 0002 (id ${JSON.parse(r.stdout).data.id}), 0.00\n`)
    expect(suite.up.requests.map((q) => q.json)).to.deep.equal([
      {client_id: 'VolejRejNm', discount: '12', public_note: 'x'},
    ])
  })

  it('a payload that fits passes silently; null clears a field; every family is checked (designs too)', async () => {
    const fits = await runCli(
      ['invoices', 'update', 'WJxbojagwO', '--field', 'public_notes=null', '--field', 'discount=5', '--dry-run'],
      {env: suite.env},
    )
    expect(fits.code).to.equal(0)
    expect(fits.stderr).to.equal('')
    const designs = await runCli(['designs', 'create', '--data', '{"name":"A","design":{},"nmae":1}', '--dry-run'], {
      env: suite.env,
    })
    expect(designs.code).to.equal(0)
    expect(designs.stderr).to.equal('Warning: nmae is not a designs field; did you mean name?\n')
    expect(suite.up.requests).to.deep.equal([])
  })

  it('only writes are checked: bulk --field extras are action parameters', async () => {
    const r = await runCli(
      [
        'recurring-invoices',
        'bulk',
        '--action',
        'increase_prices',
        '--id',
        'Ri00000001',
        '--field',
        'percentage=10',
        '--dry-run',
      ],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal('')
    expect(suite.up.requests).to.deep.equal([])
  })
})
