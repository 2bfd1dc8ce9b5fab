/**
 * Lists inside a record: the server replaces them whole on PUT. --add-X / --remove-X N read the
 * record once and send the whole list back, every other item unchanged; a payload that replaces
 * a list is warned about, with the count; --dry-run --diff shows what would change.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'

const ITEMS = [
  {product_key: 'A', notes: 'first', quantity: 1, cost: 10, tax_name1: 'VAT', tax_rate1: 20},
  {product_key: 'B', notes: 'second', quantity: 2, cost: 5},
  {product_key: 'C', notes: 'third', quantity: 3, cost: 1},
]
const CONTACTS = [
  {id: 'Wpmbk5ezJn', first_name: 'Ada', email: 'ada@acme.test', is_primary: true},
  {id: 'Kx8mq2PzLw', first_name: 'Grace', email: 'grace@acme.test', is_primary: false},
]

describe('editing the lists inside a record', () => {
  const suite = useUpstream()
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}`)
  const put = () => suite.up.requests.find((r) => r.method === 'PUT')?.json as Record<string, unknown>
  beforeEach(() => {
    suite.up.seed('invoices', [
      {id: 'WJxbojagwO', client_id: 'VolejRejNm', number: '0001', line_items: ITEMS, public_notes: 'Old'},
    ])
    suite.up.seed('clients', [{id: 'VolejRejNm', name: 'Acme Ltd', contacts: CONTACTS}])
  })

  it('--add-line-item: a GET, a GET right before the write, one PUT: every item unchanged, the new one last', async () => {
    const r = await runCli(
      [
        'invoices',
        'update',
        'WJxbojagwO',
        '--add-line-item',
        'product_key=D,quantity=4,cost=2.5',
        '--yes',
        '-o',
        'json',
      ],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal('updated invoice 0001 (id WJxbojagwO), 35.00\n')
    expect(sent()).to.deep.equal([
      'GET /api/v1/invoices/WJxbojagwO',
      'GET /api/v1/invoices/WJxbojagwO',
      'PUT /api/v1/invoices/WJxbojagwO',
    ])
    expect(put()).to.deep.equal({line_items: [...ITEMS, {product_key: 'D', quantity: 4, cost: 2.5}]})
    expect(suite.up.records('invoices')[0].line_items).to.deep.equal([
      ...ITEMS,
      {product_key: 'D', quantity: 4, cost: 2.5},
    ])
  })

  it('--remove-line-item N (1-based, repeatable) with other fields: the rest goes back whole', async () => {
    const r = await runCli(
      [
        'invoices',
        'update',
        'WJxbojagwO',
        '--remove-line-item',
        '1',
        '--remove-line-item',
        '3',
        '--field',
        'public_notes=New',
        '--yes',
      ],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    expect(put()).to.deep.equal({public_notes: 'New', line_items: [ITEMS[1]]})
    expect(sent().filter((s) => s.startsWith('PUT'))).to.have.length(1)
  })

  it('an index out of range: exit 2 naming the range; the record was read, nothing was changed', async () => {
    const r = await runCli(['invoices', 'update', 'WJxbojagwO', '--remove-line-item', '4', '--yes'], {env: suite.env})
    expectRun(r, {
      code: 2,
      stdout: '',
      stderr:
        'Error: --remove-line-item 4 is out of range for invoices WJxbojagwO: it has 3 line items: give 1 to 3. ' +
        'Nothing was changed\n',
    })
    expect(sent()).to.deep.equal(['GET /api/v1/invoices/WJxbojagwO'])
  })

  it('clients --add-contact and --remove-contact: contacts keep their ids, so the server keeps them', async () => {
    const r = await runCli(
      [
        'clients',
        'update',
        'VolejRejNm',
        '--remove-contact',
        '1',
        '--add-contact',
        'first_name=Linus,email=linus@acme.test',
        '--yes',
      ],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    expect(put()).to.deep.equal({contacts: [CONTACTS[1], {first_name: 'Linus', email: 'linus@acme.test'}]})
    const contacts = suite.up.records('clients')[0].contacts as Array<Record<string, unknown>>
    expect(contacts.map((c) => c.email)).to.deep.equal(['grace@acme.test', 'linus@acme.test'])
    expect(contacts[0].id).to.equal('Kx8mq2PzLw')
  })

  it('plain --line-item on update replaces the list: a warning names how many items go (read first), then one PUT', async () => {
    const r = await runCli(
      ['invoices', 'update', 'WJxbojagwO', '--line-item', 'product_key=Z,cost=9', '--yes', '-o', 'json'],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal(
      'Warning: this update replaces the 3 line items invoices WJxbojagwO has with the 1 line item sent (the ' +
        'server keeps only what a PUT carries). To add or remove one, use --add-line-item or --remove-line-item N\n' +
        'updated invoice 0001 (id WJxbojagwO), 9.00\n',
    )
    expect(sent()).to.deep.equal(['GET /api/v1/invoices/WJxbojagwO', 'PUT /api/v1/invoices/WJxbojagwO'])
    expect(put()).to.deep.equal({line_items: [{product_key: 'Z', cost: 9}]})
  })

  it('a contacts field replaces the contacts: warned with the count', async () => {
    const r = await runCli(['clients', 'update', 'VolejRejNm', '--field', 'contacts.email=new@acme.test', '--yes'], {
      env: suite.env,
    })
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal(
      'Warning: this update replaces the 2 contacts clients VolejRejNm has with the 1 contact sent (the server ' +
        'keeps only what a PUT carries). To add or remove one, use --add-contact or --remove-contact N\n' +
        'updated client Acme Ltd (id VolejRejNm)\n',
    )
    expect(put()).to.deep.equal({contacts: [{email: 'new@acme.test'}]})
  })

  it('an offline dry run says "all line items": nothing is read or sent', async () => {
    const r = await runCli(['invoices', 'update', 'WJxbojagwO', '--line-item', 'cost=1', '--dry-run'], {env: {}})
    expectRun(r, {
      code: 0,
      stderr:
        'Warning: this update replaces all line items of invoices WJxbojagwO with the 1 line item sent (the ' +
        'server keeps only what a PUT carries). To add or remove one, use --add-line-item or --remove-line-item ' +
        'N\n',
      stdout:
        'PUT https://invoicing.example/api/v1/invoices/WJxbojagwO\n{\n  "line_items": [\n    {\n      "cost": 1\n' +
        '    }\n  ]\n}\n',
    })
    expect(suite.up.requests).to.deep.equal([])
  })

  it('a dry run of --add-line-item reads the record (GET only) and shows the whole list it would send', async () => {
    const r = await runCli(
      ['invoices', 'update', 'WJxbojagwO', '--add-line-item', 'product_key=D', '--dry-run', '-o', 'json'],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal(
      'dry run: reading /api/v1/invoices/WJxbojagwO to build the request (nothing is changed)\n',
    )
    expect(JSON.parse(r.stdout).request.body).to.deep.equal({line_items: [...ITEMS, {product_key: 'D'}]})
    expect(sent()).to.deep.equal(['GET /api/v1/invoices/WJxbojagwO'])
  })

  it('update --dry-run --diff prints the fields that would change, old and new', async () => {
    const r = await runCli(
      [
        'invoices',
        'update',
        'WJxbojagwO',
        '--field',
        'public_notes=New',
        '--remove-line-item',
        '2',
        '--dry-run',
        '--diff',
      ],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    expect(r.stdout).to.equal(
      [
        `PUT ${suite.up.url}/api/v1/invoices/WJxbojagwO`,
        JSON.stringify({public_notes: 'New', line_items: [ITEMS[0], ITEMS[2]]}, null, 2),
        'diff (6 fields):',
        '  public_notes: "Old" → "New"',
        '  line_items.1.product_key: "B" → "C"',
        '  line_items.1.notes: "second" → "third"',
        '  line_items.1.quantity: 2 → 3',
        '  line_items.1.cost: 5 → 1',
        '  line_items.2: {"product_key":"C","notes":"third","quantity":3,"cost":1} → (none)',
        '',
      ].join('\n'),
    )
    expect(sent()).to.deep.equal(['GET /api/v1/invoices/WJxbojagwO'])
    const json = await runCli(
      ['invoices', 'update', 'WJxbojagwO', '--field', 'public_notes=New', '--dry-run', '--diff', '-o', 'json'],
      {env: suite.env},
    )
    expect(JSON.parse(json.stdout).diff).to.deep.equal([{field: 'public_notes', old: 'Old', new: 'New'}])
  })
})
