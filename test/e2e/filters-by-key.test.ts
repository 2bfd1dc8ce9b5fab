/**
 * A list filter that takes a record's hashed id (`client_id`, `vendor_id`, `payable`, `project_tasks`, `with`) takes
 * the record's number, name or e-mail too, looked up as a record argument is. The server reads any other value as no
 * record and answers an empty list, so before this `--filter "client_id=Acme Ltd"` printed "No records." for a client
 * with invoices, and a bulk so filtered selected nothing.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('list filters by number, name and e-mail', () => {
  const suite = useUpstream()
  beforeEach(() => {
    const [acme] = suite.up.records('invoices')
    // Globex's invoice, so that a filter that selected nothing or everything would show; a namesake of Globex.
    suite.up.seed('invoices', [acme, {...acme, id: 'Glbinv0002', number: '0002', client_id: 'Opnel5aKBz'}])
    suite.up.seed('clients', [
      ...suite.up.records('clients'),
      {id: 'Glb2000002', name: 'Globex Corporation', number: '0004', contacts: []},
    ])
  })
  const requests = () => suite.up.requests.map((q) => `${q.method} ${q.path}${q.rawQuery ? `?${q.rawQuery}` : ''}`)
  const clientLookup = (key: string) => `GET /api/v1/clients?per_page=100&filter=${key}`
  const run = (args: string[]) => runCli(args, {env: suite.env})
  const NUMBERS = ['-o', 'json', '--query', 'data[].number']

  it("a client's name: one lookup, then the list of that client's invoices; the live run says nothing more", async () => {
    const r = await run(['invoices', 'list', '--filter', 'client_id=Acme Ltd', ...NUMBERS])
    expectRun(r, {code: 0, stdout: '["0001"]\n', stderr: ''})
    expect(requests()).to.deep.equal([clientLookup('Acme%20Ltd'), 'GET /api/v1/invoices?client_id=VolejRejNm'])
  })

  it('a contact e-mail, and the dry run: it says what the key named and prints the list with the id', async () => {
    const r = await run(['invoices', 'list', '--filter', 'client_id=ADA@acme.test', '--dry-run'])
    expectRun(r, {
      code: 0,
      stdout: `GET ${suite.up.url}/api/v1/invoices?client_id=VolejRejNm&include=client\n`,
      stderr: 'resolved ADA@acme.test → VolejRejNm\n',
    })
    expect(requests()).to.deep.equal([clientLookup('ADA%40acme.test')])
  })

  it('an id is sent as it is, with no lookup; --no-validate sends a name as typed', async () => {
    const id = await run(['invoices', 'list', '--filter', 'client_id=Opnel5aKBz', ...NUMBERS])
    expectRun(id, {code: 0, stdout: '["0002"]\n', stderr: ''})
    const raw = await run(['invoices', 'list', '--filter', 'client_id=Acme Ltd', '--no-validate', ...NUMBERS])
    // What the server answers for a value it cannot decode: no record.
    expectRun(raw, {code: 0, stdout: '[]\n', stderr: ''})
    expect(requests()).to.deep.equal([
      'GET /api/v1/invoices?client_id=Opnel5aKBz',
      'GET /api/v1/invoices?client_id=Acme%20Ltd',
    ])
  })

  it('a name that is no client, or two clients, is exit 2 with one line; only the lookup was sent', async () => {
    const none = await run(['invoices', 'list', '--filter', 'client_id=Initech'])
    expectRun(none, {
      code: 2,
      stdout: '',
      stderr:
        'Error: clients "Initech": no record has that name, number or contact e-mail, and it is no id (ids are 10 ' +
        'letters and digits); see "cli clients list"\n',
    })
    const two = await run(['invoices', 'list', '--filter', 'client_id=Globex Corporation'])
    expectRun(two, {
      code: 2,
      stdout: '',
      stderr:
        'Error: clients "Globex Corporation" is ambiguous: 2 records have that name, number or contact e-mail ' +
        '(Opnel5aKBz 0002 Globex Corporation; Glb2000002 0004 Globex Corporation); give the id of the one you mean\n',
    })
    expect(requests()).to.deep.equal([clientLookup('Initech'), clientLookup('Globex%20Corporation')])
  })

  it("a bulk selected by a client's name changes that client's invoices only, in one request", async () => {
    const r = await run(['invoices', 'bulk', '--action', 'archive', '--filter', 'client_id=Acme Ltd', '--yes'])
    expect(r.code, r.stderr).to.equal(0)
    const sent = requests()
    expect(sent[0]).to.equal(clientLookup('Acme%20Ltd'))
    expect(sent[1]).to.match(/^GET \/api\/v1\/invoices\?.*client_id=VolejRejNm/)
    expect(sent.slice(2)).to.deep.equal(['POST /api/v1/invoices/bulk'])
    expect(suite.up.requests[2].json).to.deep.equal({action: 'archive', ids: ['WJxbojagwO']})
    const archived = suite.up.records('invoices').map((i) => [i.number, Number(i.archived_at) > 0])
    expect(archived).to.deep.equal([
      ['0001', true],
      ['0002', false],
    ])
  })

  it("a project's number: its tasks, read live (the stand-in filters project_tasks as the server does)", async () => {
    suite.up.seed('projects', [{id: 'Prj0000001', number: '0001', name: 'Website', client_id: 'VolejRejNm'}])
    suite.up.seed('tasks', [
      {id: 'Tsk0000001', number: '0001', project_id: 'Prj0000001', client_id: 'VolejRejNm'},
      {id: 'Tsk0000002', number: '0002', client_id: 'VolejRejNm'},
    ])
    const r = await run(['tasks', 'list', '--filter', 'project_tasks=0001', ...NUMBERS])
    expectRun(r, {code: 0, stdout: '["0001"]\n', stderr: ''})
    expect(requests()).to.have.length(2)
    expect(requests()[0]).to.match(/^GET \/api\/v1\/projects\?per_page=100&number=0001/)
    expect(requests()[1]).to.equal('GET /api/v1/tasks?project_tasks=Prj0000001')
  })

  it('payable and with take keys too (with: a record of the list itself); a product key in with is no id', async () => {
    const payable = await run(['invoices', 'list', '--filter', 'payable=0001', '--dry-run'])
    expectRun(payable, {code: 0, stderr: 'resolved 0001 → VolejRejNm\n'})
    expect(payable.stdout).to.contain('?payable=VolejRejNm&')
    const withInvoice = await run(['invoices', 'list', '--filter', 'with=0002', '--dry-run'])
    expectRun(withInvoice, {code: 0, stderr: 'resolved 0002 → Glbinv0002\n'})
    expect(withInvoice.stdout).to.contain('?with=Glbinv0002&')
    // ProductFilters compares `with` with the product key: sent as typed.
    const product = await run(['products', 'list', '--filter', 'with=WIDGET', '--dry-run'])
    expectRun(product, {code: 0, stdout: `GET ${suite.up.url}/api/v1/products?with=WIDGET\n`, stderr: ''})
    expect(requests()).to.deep.equal([
      'GET /api/v1/clients?per_page=100&filter=0001',
      'GET /api/v1/invoices?per_page=100&number=0002&include=client',
    ])
  })
})
