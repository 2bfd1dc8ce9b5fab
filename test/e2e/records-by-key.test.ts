/**
 * Records by what people see (issue 23): record ids, --id and the id flags of writes also take the record's number,
 * a client's or vendor's name, number or contact e-mail, a product's key. One list query finds the record, with the
 * server's own filter; a dry run says which; ambiguous and unknown keys stop with exit 2 and change nothing. A hashed
 * id is sent as it is, with no lookup.
 */
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {fakePdf} from '../support/upstream.js'
import {useUpstream} from '../support/upstream-suite.js'

/** No summary line (issue 23 item 5): stderr holds only what the lookup says. */
const QUIET_JSON = ['-o', 'json', '--quiet', '--query']
const PRODUCTS = [
  {id: 'Pq4rT7vWx1', product_key: 'WIDGET', notes: 'Blue widget', price: 10},
  {id: 'Pq4rT7vWx2', product_key: 'WIDGET-XL', notes: 'Big blue widget', price: 20},
]
// A second "Acme" (archived), so that a partial name finds two, and a namesake of Globex's.
const MORE_CLIENTS = [
  {id: 'Acm2000002', name: 'Acme Holdings', number: '0003', archived_at: 1_700_000_000, contacts: []},
  {id: 'Glb2000002', name: 'Globex Corporation', number: '0004', contacts: []},
]

describe('records by number, name and e-mail', () => {
  const suite = useUpstream()
  let dir = ''
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cli-keys-'))
    suite.up.seed('products', PRODUCTS)
    suite.up.seed('clients', [...suite.up.records('clients'), ...MORE_CLIENTS])
  })
  afterEach(() => rmSync(dir, {recursive: true, force: true}))
  const requests = () => suite.up.requests.map((q) => `${q.method} ${q.path}${q.rawQuery ? `?${q.rawQuery}` : ''}`)
  const lookup = (segment: string, filter: string) => `GET /api/v1/${segment}?per_page=100&${filter}`
  const invoiceLookup = lookup('invoices', 'number=0001&include=client')
  const run = (args: string[]) => runCli(args, {env: suite.env})

  it('show by number: one lookup (number=, exact), then the record', async () => {
    const r = await run(['invoices', 'show', '0001', '-o', 'json', '--query', 'data.[id,number]'])
    expectRun(r, {code: 0, stdout: '["WJxbojagwO","0001"]\n', stderr: ''})
    expect(requests()).to.deep.equal([invoiceLookup, 'GET /api/v1/invoices/WJxbojagwO'])
  })

  it("a number in another case is that record, as the server's database finds it; an accent differing is asked", async () => {
    suite.up.seed('invoices', [
      ...suite.up.records('invoices'),
      {id: 'Inv0000042', client_id: 'VolejRejNm', number: 'INV-0042', line_items: []},
      {id: 'Inv0000043', client_id: 'VolejRejNm', number: 'CAFÉ-1', line_items: []},
    ])
    const r = await run([
      'invoices',
      'update',
      'inv-0042',
      '--public-notes',
      'Thanks',
      '--yes',
      ...QUIET_JSON,
      'data.id',
    ])
    expectRun(r, {code: 0, stdout: '"Inv0000042"\n', stderr: ''})
    const accent = await run(['invoices', 'update', 'cafe-1', '--public-notes', 'Thanks', '--yes'])
    // The server finds CAFÉ-1 for cafe-1 (its collation sets accents aside); only the same letters in any case are
    // the record meant, so the CLI names it and asks for its id.
    expectRun(accent, {
      code: 2,
      stdout: '',
      stderr:
        'Error: invoices "cafe-1": no record has that number; one contains it: Inv0000043 CAFÉ-1 Acme Ltd. If it is ' +
        'the one you mean, give its id (Inv0000043)\n',
    })
    expect(requests()).to.deep.equal([
      lookup('invoices', 'number=inv-0042&include=client'),
      'GET /api/v1/invoices/Inv0000042',
      'PUT /api/v1/invoices/Inv0000042',
      lookup('invoices', 'number=cafe-1&include=client'),
    ])
    expect(suite.up.records('invoices').map((i) => i.public_notes ?? '')).to.deep.equal(['', 'Thanks', ''])
  })

  it('a hashed id is sent as it is: exactly one request, no lookup', async () => {
    const r = await run(['invoices', 'show', 'WJxbojagwO', '-o', 'json', '--query', 'data.number'])
    expectRun(r, {code: 0, stdout: '"0001"\n', stderr: ''})
    expect(requests()).to.deep.equal(['GET /api/v1/invoices/WJxbojagwO'])
  })

  it('update and delete by number change that record, once', async () => {
    const u = await run(['invoices', 'update', '0001', '--public-notes', 'Thanks', '--yes', '-o', 'json'])
    expect(u.code, u.stderr).to.equal(0)
    const d = await run(['invoices', 'delete', '0001', '--yes', '-o', 'json'])
    expect(d.code, d.stderr).to.equal(0)
    expect(requests()).to.deep.equal([
      invoiceLookup,
      // Read before the change: the journal keeps the record as it was (undo).
      'GET /api/v1/invoices/WJxbojagwO',
      'PUT /api/v1/invoices/WJxbojagwO',
      invoiceLookup,
      'GET /api/v1/invoices/WJxbojagwO',
      'DELETE /api/v1/invoices/WJxbojagwO',
    ])
    const [invoice] = suite.up.records('invoices')
    expect([invoice.public_notes, invoice.is_deleted]).to.deep.equal(['Thanks', true])
  })

  it('email by number: the dry run says what 0001 is; --yes mails that invoice once', async () => {
    const dry = await run(['invoices', 'email', '0001', '--dry-run', '-o', 'json'])
    expectRun(dry, {code: 0, stderr: 'resolved 0001 → WJxbojagwO\n'})
    expect(JSON.parse(dry.stdout).request.body).to.deep.equal({
      entity: 'invoice',
      entity_id: 'WJxbojagwO',
      template: 'email_template_invoice',
    })
    expect(suite.up.outbox()).to.deep.equal([])
    const sent = await run(['invoices', 'email', '0001', '--yes', '-o', 'json'])
    expect(sent.code, sent.stderr).to.equal(0)
    // The summary line's read of the client names who got it.
    expect(requests()).to.deep.equal([
      invoiceLookup,
      invoiceLookup,
      'POST /api/v1/emails',
      'GET /api/v1/clients/VolejRejNm',
    ])
    expect(suite.up.outbox()).to.deep.equal([
      {segment: 'invoices', id: 'WJxbojagwO', action: 'email', template: 'email_template_invoice'},
    ])
  })

  it('--client-id by name and by contact e-mail in a create dry run: filter=, the exact match wins', async () => {
    for (const key of ['Acme Ltd', 'ADA@acme.test']) {
      const r = await run([
        'invoices',
        'create',
        '--client-id',
        key,
        '--line-item',
        'cost=5',
        '--dry-run',
        '-o',
        'json',
      ])
      expectRun(r, {code: 0, stderr: `resolved ${key} → VolejRejNm\n`})
      expect(JSON.parse(r.stdout).request.body).to.deep.equal({client_id: 'VolejRejNm', line_items: [{cost: 5}]})
    }
    expect(requests()).to.deep.equal([
      lookup('clients', 'filter=Acme%20Ltd'),
      lookup('clients', 'filter=ADA%40acme.test'),
    ])
  })

  it('an ambiguous name stops with exit 2 naming the candidates; nothing beyond the lookup is sent', async () => {
    const r = await run(['invoices', 'create', '--client-id', 'Globex Corporation', '--line-item', 'cost=5', '--yes'])
    expectRun(r, {
      code: 2,
      stdout: '',
      stderr:
        'Error: clients "Globex Corporation" is ambiguous: 2 records have that name, number or contact e-mail ' +
        '(Opnel5aKBz 0002 Globex Corporation; Glb2000002 0004 Globex Corporation); give the id of the one you mean\n',
    })
    expect(requests()).to.deep.equal([lookup('clients', 'filter=Globex%20Corporation')])
    expect(suite.up.records('invoices')).to.have.length(1)
  })

  it('an unknown key stops with exit 2, naming the records that contain it; nothing is changed', async () => {
    const partial = await run(['clients', 'delete', 'Acme', '--yes'])
    expectRun(partial, {
      code: 2,
      stdout: '',
      stderr:
        'Error: clients "Acme": no record has that name, number or contact e-mail, and it is no id (ids are 10 ' +
        'letters and digits); records that contain it: VolejRejNm 0001 Acme Ltd; Acm2000002 0003 Acme Holdings ' +
        '(archived); see "cli clients list"\n',
    })
    const none = await run(['invoices', 'email', '9999', '--yes'])
    expectRun(none, {
      code: 2,
      stdout: '',
      stderr:
        'Error: invoices "9999": no record has that number, and it is no id (ids are 10 letters and digits); see ' +
        '"cli invoices list"\n',
    })
    expect(requests()).to.deep.equal([
      lookup('clients', 'filter=Acme'),
      lookup('invoices', 'number=9999&include=client'),
    ])
    expect(suite.up.records('clients').every((c) => c.is_deleted !== true)).to.equal(true)
    expect(suite.up.outbox()).to.deep.equal([])
  })

  it('without --yes the guardrail refuses first: exit 3, not even the lookup sent', async () => {
    const r = await run(['invoices', 'delete', '0001'])
    expectRun(r, {
      code: 3,
      stdout: '',
      stderr:
        'Error: invoices delete changes upstream records: pass --yes to confirm, or --dry-run to see the request ' +
        'without sending it\n',
    })
    expect(requests()).to.deep.equal([])
  })

  it('a key may hold any character: it travels only as an escaped query parameter', async () => {
    const r = await run(['quotes', 'action', 'a/../b?x=1#y', '--action', 'approve', '--yes'])
    expect(r.code).to.equal(2)
    expect(requests()).to.deep.equal([lookup('quotes', 'number=a%2F..%2Fb%3Fx%3D1%23y&include=client')])
  })

  it('an id-shaped key the server has no record of (400) is looked up once; the change goes to that record', async () => {
    suite.up.seed('products', [...PRODUCTS, {id: 'Pq4rT7vWx3', product_key: 'Consulting', price: 150}])
    const r = await run(['products', 'update', 'Consulting', '--price', '160', '--yes', ...QUIET_JSON, 'data.id'])
    expectRun(r, {
      code: 0,
      stdout: '"Pq4rT7vWx3"\n',
      stderr: 'resolved Consulting → Pq4rT7vWx3 (no record has that id)\n',
    })
    // The read before the change is what the server refuses: nothing was sent to change. A product's update reads it
    // twice (its quantity, which the server resets when an update leaves it out, is kept: updates-keep-fields.test.ts).
    expect(requests()).to.deep.equal([
      'GET /api/v1/products/Consulting',
      lookup('products', 'product_key=Consulting'),
      'GET /api/v1/products/Pq4rT7vWx3',
      'GET /api/v1/products/Pq4rT7vWx3',
      'PUT /api/v1/products/Pq4rT7vWx3',
    ])
    expect(suite.up.records('products').map((p) => p.price)).to.deep.equal([10, 20, 160])
  })

  it('a product by its key (product_key=, exact: WIDGET is not WIDGET-XL)', async () => {
    const r = await run(['products', 'update', 'WIDGET', '--price', '12', '--yes', '-o', 'json', '--query', 'data.id'])
    expectRun(r, {code: 0, stdout: '"Pq4rT7vWx1"\n', stderr: 'updated product WIDGET (id Pq4rT7vWx1)\n'})
    expect(requests()).to.deep.equal([
      lookup('products', 'product_key=WIDGET'),
      'GET /api/v1/products/Pq4rT7vWx1',
      'GET /api/v1/products/Pq4rT7vWx1',
      'PUT /api/v1/products/Pq4rT7vWx1',
    ])
    expect(suite.up.records('products').map((p) => p.price)).to.deep.equal([12, 20])
  })

  it('bulk --id takes numbers too, each looked up before the one bulk request', async () => {
    suite.up.seed('quotes', [
      {id: 'Xy9kqR2mLb', number: '0001', client_id: 'VolejRejNm', status_id: '2'},
      {id: 'Xy9kqR2mLc', number: '0002', client_id: 'VolejRejNm', status_id: '2'},
    ])
    const r = await run(['quotes', 'bulk', '--action', 'archive', '--id', '0001', '--id', 'Xy9kqR2mLc', '--yes'])
    expect(r.code, r.stderr).to.equal(0)
    expect(requests()).to.deep.equal([lookup('quotes', 'number=0001&include=client'), 'POST /api/v1/quotes/bulk'])
    expect(suite.up.requests[1].json).to.deep.equal({action: 'archive', ids: ['Xy9kqR2mLb', 'Xy9kqR2mLc']})
  })

  describe('download', () => {
    const pdf = fakePdf('invkey0001acmeQ7fK2mW9xR4tB8nL3p')
    const record = 'GET /api/v1/invoices/WJxbojagwO'
    const byKey = 'GET /api/v1/invoice/invkey0001acmeQ7fK2mW9xR4tB8nL3p/download'

    it('by record id: the record, then its first invitation', async () => {
      const r = await run(['invoices', 'download', 'WJxbojagwO', '--output-file', join(dir, 'a.pdf')])
      expectRun(r, {code: 0, stdout: '', stderr: `saved ${join(dir, 'a.pdf')}\n`})
      expect(readFileSync(join(dir, 'a.pdf'))).to.deep.equal(pdf)
      expect(requests()).to.deep.equal([record, byKey])
    })

    it('by number, as the argument or --id', async () => {
      for (const args of [['0001'], ['--id', '0001']]) {
        const r = await run(['invoices', 'download', ...args, '--output-file', '-'])
        expectRun(r, {code: 0, stderr: ''})
        expect(r.stdoutBytes).to.deep.equal(pdf)
      }
      expect(requests()).to.deep.equal([invoiceLookup, record, byKey, invoiceLookup, record, byKey])
    })

    it('an invitation key (32 characters) goes straight to the download', async () => {
      const r = await run(['invoices', 'download', 'invkey0001acmeQ7fK2mW9xR4tB8nL3p', '--output-file', '-'])
      expectRun(r, {code: 0, stderr: ''})
      expect(requests()).to.deep.equal([byKey])
    })

    it('the dry run resolves the number and shows the read', async () => {
      const r = await run(['invoices', 'download', '0001', '--output-file', '-', '--dry-run'])
      expectRun(r, {
        code: 0,
        stdout: `GET ${suite.up.url}/api/v1/invoices/WJxbojagwO\n`,
        stderr:
          'resolved 0001 → WJxbojagwO\ndry run: reads /api/v1/invoices/WJxbojagwO, then downloads through the ' +
          "record's first invitation key: GET /api/v1/invoice/<invitations[0].key>/download\n",
      })
      expect(requests()).to.deep.equal([invoiceLookup])
    })
  })
})
