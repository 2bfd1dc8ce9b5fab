/** --output csv and yaml, and --columns, end to end against the stand-in upstream. */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {REPORT_CSV} from '../support/upstream.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('output formats: csv and yaml', () => {
  const suite = useUpstream()

  const requests = () => suite.up.requests.map((q) => `${q.method} ${q.path}${q.rawQuery ? `?${q.rawQuery}` : ''}`)

  it('csv: a header row and one row per record, the family columns with the state, CRLF, UTF-8, quoting, ISO dates', async () => {
    suite.up.seed('clients', [
      {
        id: 'c1',
        number: '0001',
        name: 'Müller, Söhne & "Partner"',
        balance: 1250.5,
        paid_to_date: 0,
        updated_at: 1700000000,
      },
      {id: 'c2', number: '0002', name: 'Line\nbreak', balance: 0, paid_to_date: 10, updated_at: 1700000001},
    ])
    const r = await runCli(['clients', 'list', '--output', 'csv'], {env: suite.env})
    expect(r.stderr).to.equal('')
    expect(r.code).to.equal(0)
    expect(
      r.stdoutBytes.equals(
        Buffer.from(
          'id,record_state,number,name,balance,paid_to_date,updated_at\r\n' +
            'c1,active,0001,"Müller, Söhne & ""Partner""",1250.50,0.00,2023-11-14T22:13:20Z\r\n' +
            'c2,active,0002,"Line\nbreak",0.00,10.00,2023-11-14T22:13:21Z\r\n',
          'utf8',
        ),
      ),
    ).to.equal(true)
    expect(requests()).to.deep.equal(['GET /api/v1/clients'])
  })

  it('--columns picks columns, nested ones by dotted path (list elements by index)', async () => {
    const r = await runCli(
      ['invoices', 'list', '--output', 'csv', '--columns', 'number,line_items.0.product_key,invitations.0.key,missing'],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    expect(r.stdout).to.equal(
      'number,line_items.0.product_key,invitations.0.key,missing\r\n' +
        '0001,Consulting,invkey0001acmeQ7fK2mW9xR4tB8nL3p,\r\n',
    )
    expect(r.stderr).to.equal('Warning: --columns: no record has missing\n')
  })

  it('--columns in json keeps the envelope with reduced records; ndjson and yaml print the selected keys', async () => {
    const json = await runCli(['clients', 'list', '--output', 'json', '--columns', 'name,contacts.0.email'], {
      env: suite.env,
    })
    expect(json.code).to.equal(0)
    expect(json.stderr).to.equal('')
    const doc = JSON.parse(json.stdout)
    expect(doc.data).to.deep.equal([
      {name: 'Acme Ltd', 'contacts.0.email': 'ada@acme.test'},
      {name: 'Globex Corporation', 'contacts.0.email': null},
    ])
    expect(doc.meta.pagination.total).to.equal(2)
    expect(json.stdout.trimEnd().split('\n')).to.have.length(1)
    const all = await runCli(['clients', 'list', '--all', '--output', 'ndjson', '--columns', 'id,name'], {
      env: suite.env,
    })
    expect(all.stdout).to.equal(
      '{"id":"VolejRejNm","name":"Acme Ltd"}\n{"id":"Opnel5aKBz","name":"Globex Corporation"}\n',
    )
    const one = await runCli(['clients', 'show', 'VolejRejNm', '--output', 'yaml', '--columns', 'name,balance'], {
      env: suite.env,
    })
    expect(one.stdout).to.equal('data:\n  name: Acme Ltd\n  balance: 150\n')
    const merged = await runCli(['clients', 'list', '--all', '--output', 'json', '--columns', 'name'], {env: suite.env})
    expect(JSON.parse(merged.stdout).data).to.deep.equal([{name: 'Acme Ltd'}, {name: 'Globex Corporation'}])
  })

  it('a column no record has: a warning naming the nearest field, in any format', async () => {
    for (const output of ['table', 'json', 'ndjson', 'csv']) {
      const r = await runCli(['clients', 'list', '--output', output, '--columns', 'id,nmae'], {env: suite.env})
      expect(r.code, output).to.equal(0)
      expect(r.stderr, output).to.equal('Warning: --columns: no record has nmae; did you mean name?\n')
    }
  })

  it('--query applies a JMESPath expression in json, yaml and ndjson, after --columns', async () => {
    const json = await runCli(
      ['invoices', 'list', '--output', 'json', '--query', 'data[].{number: number, client: client_id}'],
      {env: suite.env},
    )
    expect(json.code).to.equal(0)
    expect(json.stdout).to.equal('[{"number":"0001","client":"VolejRejNm"}]\n')
    const ndjson = await runCli(['clients', 'list', '--all', '--output', 'ndjson', '--query', 'data[].name'], {
      env: suite.env,
    })
    expect(ndjson.stdout).to.equal('"Acme Ltd"\n"Globex Corporation"\n')
    const yaml = await runCli(
      ['clients', 'list', '--output', 'yaml', '--columns', 'name,balance', '--query', 'data[?balance > `0`]'],
      {env: suite.env},
    )
    expect(yaml.stdout).to.equal('- name: Acme Ltd\n  balance: 150\n')
    expect(suite.up.requests).to.have.length(3)
  })

  it('--query: a bad expression is exit 2, nothing sent, in any format', async () => {
    for (const output of ['json', 'table', 'csv', 'ids']) {
      const bad = await runCli(['clients', 'list', '--output', output, '--query', 'data['], {env: suite.env})
      expect(bad.code, output).to.equal(2)
      expect(bad.stdout, output).to.equal('')
      expect(bad.stderr.split('\n')[0], output).to.match(/^Error: --query "data\[": /)
    }
    expect(suite.up.requests).to.deep.equal([])
  })

  it('--columns also picks the columns of the table view', async () => {
    const r = await runCli(['clients', 'list', '--columns', 'name,contacts.0.email'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal('')
    expect(r.stdout).to.equal(
      'NAME                CONTACTS.0.EMAIL\nAcme Ltd            ada@acme.test\nGlobex Corporation\n',
    )
  })

  it('csv with --all: every page in one table, one header; the footer stays off stdout', async () => {
    suite.up.seed(
      'products',
      Array.from({length: 5}, (_, i) => ({id: `p${i}`, product_key: `P${i}`, notes: `n${i}`, price: i, quantity: 1})),
    )
    const r = await runCli(
      ['products', 'list', '--all', '--per-page', '2', '--output', 'csv', '--columns', 'id,price'],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal('')
    expect(r.stdout).to.equal('id,price\r\np0,0.00\r\np1,1.00\r\np2,2.00\r\np3,3.00\r\np4,4.00\r\n')
    expect(requests()).to.deep.equal([1, 2, 3].map((p) => `GET /api/v1/products?page=${p}&per_page=2&sort=id|asc`))
  })

  it('csv of one page of several: the page footer on stderr, as for tables', async () => {
    suite.up.seed(
      'vendors',
      Array.from({length: 3}, (_, i) => ({id: `v${i}`, name: `V${i}`})),
    )
    const r = await runCli(['vendors', 'list', '--per-page', '2', '--output', 'csv', '--columns', 'id'], {
      env: suite.env,
    })
    expect(r.code).to.equal(0)
    expect(r.stdout).to.equal('id\r\nv0\r\nv1\r\n')
    expect(r.stderr).to.equal('page 1 of 2 (3 records): --page N for another page, --all for every page\n')
  })

  it('csv of one record is one row; of an empty list, the header only', async () => {
    const one = await runCli(['clients', 'show', 'VolejRejNm', '--output', 'csv', '--columns', 'id,name'], {
      env: suite.env,
    })
    expect(one.stdout).to.equal('id,name\r\nVolejRejNm,Acme Ltd\r\n')
    suite.up.seed('projects', [])
    const none = await runCli(['projects', 'list', '--output', 'csv'], {env: suite.env})
    expectRun(none, {code: 0, stdout: 'id,record_state,number,name,client.display_name,budgeted_hours,due_date\r\n'})
    expect(requests()).to.deep.equal(['GET /api/v1/clients/VolejRejNm', 'GET /api/v1/projects?include=client'])
  })

  it('yaml: the JSON answer as YAML', async () => {
    const r = await runCli(['quotes', 'show', 'Xy9kqR2mLb', '--output', 'yaml'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(r.stdout).to.match(/^data:\n {2}id: Xy9kqR2mLb\n/)
    expect(r.stdout).to.include('\n  number: "0001"\n  status_id: "2"\n  date: "2024-01-10"\n')
    expect(r.stdout).to.include('\n  line_items:\n    - product_key: Audit\n      quantity: 1\n      cost: 90\n')
    expect(r.stderr).to.equal('')
    expect(requests()).to.deep.equal(['GET /api/v1/quotes/Xy9kqR2mLb'])
  })

  it('yaml dry run: the dry-run document as YAML, nothing sent', async () => {
    const r = await runCli(['clients', 'update', 'VolejRejNm', '--name', 'Acme', '--dry-run', '--output', 'yaml'], {
      env: suite.env,
    })
    expect(r.code).to.equal(0)
    expect(r.stdout).to.match(
      new RegExp(
        `^dry_run: true\\nrequest:\\n {2}method: PUT\\n ` +
          `{2}url: ${suite.up.url.replaceAll('.', '\\.')}/api/v1/clients/VolejRejNm\\n`,
      ),
    )
    expect(r.stdout).to.include('\n  body:\n    name: Acme\n')
    expect(r.stdout).to.include('X-API-TOKEN: "[REDACTED]"')
    expect(suite.up.requests).to.deep.equal([])
  })

  it('a malformed --columns or an unknown format: exit 2, nothing sent', async () => {
    const bad = await runCli(['clients', 'list', '--output', 'csv', '--columns', 'id,name;rm'], {env: suite.env})
    expect(bad.code).to.equal(2)
    expect(bad.stderr).to.equal(
      'Error: --columns "id,name;rm": "name;rm" is not a field name or dotted path (e.g. id,number,client.name)\n',
    )
    const unknown = await runCli(['clients', 'list', '--output', 'xml'], {env: suite.env})
    expect(unknown.code).to.equal(2)
    expect(unknown.stderr).to.match(/^Error: Expected --output=xml to be one of: table, json, ndjson, csv, yaml/)
    expect(suite.up.requests).to.deep.equal([])
  })

  it('an answer without plain fields asks for --columns in csv (exit 2 after the read)', async () => {
    const r = await runCli(['statics', '--output', 'csv'], {env: suite.env})
    expect(r.code).to.equal(2)
    expect(r.stderr).to.equal(
      'Error: this answer has no plain fields to put in CSV columns: pick them with --columns a,b.c\n',
    )
    const picked = await runCli(['statics', '--output', 'csv', '--columns', 'currencies.0.code,countries.1.name'], {
      env: suite.env,
    })
    expect(picked.stdout).to.equal('currencies.0.code,countries.1.name\r\nUSD,Germany\r\n')
    expect(requests()).to.deep.equal(['GET /api/v1/statics', 'GET /api/v1/statics'])
  })

  it('reports run --wait: yaml asks for JSON rows and prints them as YAML; csv prints the upstream CSV', async () => {
    const yaml = await runCli(
      ['reports', 'run', '--endpoint', 'reports/invoices', '--wait', '--interval', '0.01', '--output', 'yaml'],
      {env: suite.env},
    )
    expect(yaml.code, yaml.stderr).to.equal(0)
    expect(yaml.stdout).to.equal('- client: Acme Ltd\n  number: "0001"\n  amount: "1250.50"\n')
    expect(suite.up.requests[0].json).to.deep.equal({send_email: false, output: 'json'})
    suite.up.reset()
    const csv = await runCli(
      ['reports', 'run', '--endpoint', 'reports/invoices', '--wait', '--interval', '0.01', '--output', 'csv'],
      {env: suite.env},
    )
    expect(csv.code, csv.stderr).to.equal(0)
    expect(csv.stdout).to.equal(REPORT_CSV)
    expect(suite.up.requests[0].json).to.deep.equal({send_email: false})
  })

  it('local answers (reports run --list) print as csv and yaml too', async () => {
    const csv = await runCli(['reports', 'run', '--list', '--output', 'csv'], {env: suite.env})
    expect(csv.code).to.equal(0)
    expect(csv.stdout.split('\r\n').slice(0, 2)).to.deep.equal(['value', 'reports/clients'])
    const yaml = await runCli(['reports', 'run', '--list', '--output', 'yaml'], {env: suite.env})
    expect(yaml.stdout.split('\n')[0]).to.equal('- reports/clients')
    expect(suite.up.requests).to.deep.equal([])
  })
})
