/** csv and yaml output, and --columns. */
import {expect} from 'chai'

import {csvCell, renderCsv} from '../src/output/formats/csv.js'
import {FORMAT_NAMES, FORMATS, formatOf, formatsInArgv} from '../src/output/formats/index.js'
import {renderYaml} from '../src/output/formats/yaml.js'
import {recordsOf} from '../src/output/records.js'
import {outputColumns} from '../src/output/shape.js'
import {expectEach, thrown} from './helpers.js'

/** csvCell: a field that needs quoting (RFC 4180), and one that does not. */
const QUOTING: Array<[string, string]> = [
  ['plain', 'plain'],
  ['Acme, Ltd', '"Acme, Ltd"'],
  ['the "best"', '"the ""best"""'],
  ['two\nlines', '"two\nlines"'],
  ['cr\rlf', '"cr\rlf"'],
  [' padded ', '" padded "'],
  ['Müller & Söhne – 10 €', 'Müller & Söhne – 10 €'],
]

/** csvCell: values that are not strings. */
const NON_STRINGS: Array<[unknown, string]> = [
  [1250.5, '1250.5'],
  [false, 'false'],
  [null, ''],
  [undefined, ''],
  [[{a: 1}], '"[{""a"":1}]"'],
]

describe('csv output', () => {
  it('quotes a field that holds a quote, comma, line break or edge spaces, doubling quotes (RFC 4180)', () => {
    expectEach(csvCell, QUOTING)
  })

  it('writes numbers and booleans as JSON does, nothing for null, nested values as JSON', () => {
    expectEach(csvCell, NON_STRINGS)
  })

  it('a header row, then a row per record, CRLF line ends; dotted paths reach nested fields', () => {
    const body = {
      data: [
        {id: 'a', client: {name: 'Acme, Ltd'}, amount: 10},
        {id: 'b', amount: 2.5},
      ],
    }
    expect(renderCsv(body, {columns: ['id', 'client.name', 'amount']})).to.equal(
      'id,client.name,amount\r\na,"Acme, Ltd",10.00\r\nb,,2.50\r\n',
    )
  })

  it('the columns given are the header, whatever the records hold: every export of a family has the same one', () => {
    const body = {data: [{id: 'a', number: '0001', notes: 'x'}]}
    expect(renderCsv(body, {columns: ['id', 'number', 'due_date']})).to.equal('id,number,due_date\r\na,0001,\r\n')
  })

  it('status names, timestamps in ISO 8601 UTC (0: empty), the record state; other values as they are', () => {
    const statuses = new Map([['4', 'Paid']])
    const columns = ['id', 'record_state', 'status_id', 'updated_at', 'archived_at', 'due_date', 'amount']
    const body = {
      data: [
        {id: 'a', status_id: '4', updated_at: 1_700_000_000, archived_at: 0, is_deleted: false, amount: 0.1},
        {id: 'b', status_id: '9', updated_at: 0, archived_at: 1_700_000_001, is_deleted: false, due_date: '2024-01-15'},
        {id: 'c', status_id: 4, archived_at: 1_700_000_001, is_deleted: true},
        {id: 'd'},
      ],
    }
    expect(renderCsv(body, {columns, codes: new Map([['status_id', statuses]])})).to.equal(
      'id,record_state,status_id,updated_at,archived_at,due_date,amount\r\n' +
        'a,active,Paid,2023-11-14T22:13:20Z,,,0.10\r\n' +
        'b,archived,9,,2023-11-14T22:13:21Z,2024-01-15,\r\n' +
        'c,deleted,Paid,,2023-11-14T22:13:21Z,,\r\n' +
        'd,,,,,,\r\n',
    )
  })

  it('without columns: chosen from the first records; a --query result: every key its records have', () => {
    const body = {data: [{id: 'a', number: '0001', notes: 'x'}]}
    expect(renderCsv(body)).to.equal('id,number\r\na,0001\r\n')
    const queried = [
      {n: '0001', total: 5},
      {n: '0002', extra: true},
    ]
    expect(renderCsv(queried, {queried: true})).to.equal('n,total,extra\r\n0001,5,\r\n0002,,true\r\n')
    expect(renderCsv(150, {queried: true})).to.equal('value\r\n150\r\n')
  })

  it('one record is one row; an empty list is the header only', () => {
    expect(renderCsv({data: {id: 'a', number: '1'}}, {columns: ['id', 'number']})).to.equal('id,number\r\na,1\r\n')
    expect(renderCsv({data: []}, {columns: ['id', 'number']})).to.equal('id,number\r\n')
    expect(renderCsv({data: []})).to.equal('')
    expect(renderCsv(['x', 'y'])).to.equal('value\r\nx\r\ny\r\n')
  })

  it('an answer without plain fields needs --columns', () => {
    expect(thrown(() => renderCsv({currencies: [{id: '1'}]})).message).to.equal(
      'this answer has no plain fields to put in CSV columns: pick them with --columns a,b.c',
    )
  })

  it('finds the records of an answer', () => {
    expect(recordsOf({data: [1, 2]})).to.deep.equal([1, 2])
    expect(recordsOf({data: {id: 1}})).to.deep.equal([{id: 1}])
    expect(recordsOf([{id: 1}])).to.deep.equal([{id: 1}])
    expect(recordsOf({data: null})).to.deep.equal([])
  })
})

describe('--columns', () => {
  it('splits names and dotted paths at commas', () => {
    expect(outputColumns({output: 'csv', columns: 'id, number,client.name'})).to.deep.equal([
      'id',
      'number',
      'client.name',
    ])
    expect(outputColumns({output: 'table'})).to.equal(undefined)
  })

  it('refuses what is not a path; any output format takes it', () => {
    const bad = thrown(() => outputColumns({output: 'csv', columns: 'id,,name'}))
    expect(bad.exitCode).to.equal(2)
    expect(bad.message).to.equal(
      '--columns "id,,name": "" is not a field name or dotted path (e.g. id,number,client.name)',
    )
    expect(thrown(() => outputColumns({output: 'csv', columns: 'a..b'})).exitCode).to.equal(2)
    expect(outputColumns({output: 'json', columns: 'id'})).to.deep.equal(['id'])
  })
})

describe('yaml output', () => {
  it('prints the JSON answer as YAML, quoting what YAML 1.1 readers would retype', async () => {
    expect(
      await renderYaml({
        data: {id: 'a', number: '0001', date: '2024-01-15', on: 'yes', amount: 10, line_items: [{product_key: 'A'}]},
      }),
    ).to.equal(
      'data:\n  id: a\n  number: "0001"\n  date: "2024-01-15"\n  "on": "yes"\n  amount: 10\n  line_items:\n    - ' +
        'product_key: A\n',
    )
  })
})

describe('the table of output formats', () => {
  const ctx = (columns?: string[]) => ({columns, queried: false, style: () => ({color: false})})

  it('has one entry per --output choice, table first (the default)', () => {
    expect(FORMAT_NAMES).to.deep.equal(['table', 'json', 'ndjson', 'csv', 'yaml', 'ids', 'xlsx'])
    expect(formatOf(undefined).name).to.equal('table')
    expect(() => formatOf('xml')).to.throw('unknown output format xml')
  })

  it('a local result: table and ndjson print its text, json and yaml the result, csv its rows', async () => {
    const result = {data: [{id: 1}]}
    expect(await formatOf('table').local(result, 'one record', ctx())).to.equal('one record\n')
    expect(await formatOf('ndjson').local(result, 'one record\n', ctx())).to.equal('one record\n')
    expect(await formatOf('json').local(result, 'x', ctx())).to.equal('{"data":[{"id":1}]}\n')
    expect(await formatOf('yaml').local(result, 'x', ctx())).to.equal('data:\n  - id: 1\n')
    expect(await formatOf('csv').local(result, 'x', ctx(['id']))).to.equal('id\r\n1\r\n')
  })

  it('an empty answer: the JSON formats print a document, table, csv and ids nothing', async () => {
    const doc = {status: 204, data: null}
    const printed = await Promise.all(FORMATS.map(async (f) => [f.name, await f.empty(doc)]))
    expect(Object.fromEntries(printed)).to.deep.equal({
      table: undefined,
      json: '{"status":204,"data":null}\n',
      ndjson: '{"status":204,"data":null}\n',
      csv: undefined,
      yaml: 'status: 204\ndata: null\n',
      ids: undefined,
      xlsx: undefined,
    })
  })

  it('a dry run: json and yaml print the document with what it carries, the others the request for people', async () => {
    const described = {method: 'DELETE' as const, url: 'http://127.0.0.1:1/api/v1/clients/X', headers: {}, body: null}
    const extra = {fallback: {when: 'w'}}
    expect(await formatOf('json').dryRun(described, extra)).to.equal(
      '{"dry_run":true,"request":{"method":"DELETE","url":"http://127.0.0.1:1/api/v1/clients/X",' +
        '"headers":{},"body":null},"fallback":{"when":"w"}}\n',
    )
    expect(await formatOf('yaml').dryRun(described, extra)).to.match(/^dry_run: true\nrequest:\n {2}method: DELETE\n/)
    for (const name of ['table', 'ndjson', 'csv', 'ids']) {
      expect(await formatOf(name).dryRun(described, extra)).to.equal('DELETE http://127.0.0.1:1/api/v1/clients/X\n')
    }
  })

  it('what each accepts and adds: --columns as fields in the JSON formats, an error document with json, a page footer for people', () => {
    const which = (pick: (f: (typeof FORMATS)[number]) => boolean) => FORMATS.filter(pick).map((f) => f.name)
    expect(which((f) => f.json)).to.deep.equal(['json', 'ndjson', 'yaml'])
    expect(which((f) => f.document)).to.deep.equal(['json', 'yaml'])
    expect(which((f) => f.errorDocument)).to.deep.equal(['json'])
    expect(which((f) => f.pageFooter)).to.deep.equal(['table', 'csv', 'ids'])
    expect(which((f) => f.pageSink !== undefined)).to.deep.equal(['json', 'ndjson', 'csv', 'yaml', 'ids'])
    // The family's columns (so the relations they name are included): a table's lists, CSV always.
    expect(which((f) => f.familyColumns?.('list') === true)).to.deep.equal(['table', 'csv', 'xlsx'])
    expect(which((f) => f.familyColumns?.('record') === true)).to.deep.equal(['csv', 'xlsx'])
    expect(which((f) => f.writesFile === true)).to.deep.equal(['xlsx'])
    expect(which((f) => f.columnsRefused !== undefined)).to.deep.equal(['ids'])
  })

  it('ids: one id a line, a --query result as it is; records without an id are refused', async () => {
    const ids = formatOf('ids')
    const lines = async (body: unknown) => [...(await ids.answer(body, ctx()))].join('')
    expect(await lines({data: [{id: 'a'}, {id: 'b'}]})).to.equal('a\nb\n')
    expect(await lines({data: {id: 'a'}})).to.equal('a\n')
    expect(await lines(['0001', 2])).to.equal('0001\n2\n')
    expect(await lines({data: []})).to.equal('')
    const refused = await lines({data: [{name: 'x'}]}).catch((e: Error) => e.message)
    expect(refused).to.equal('--output ids: this answer has records without an id (--output json shows what it holds)')
  })

  it('finds the format among raw arguments, in every spelling', () => {
    const names = (argv: string[]) => formatsInArgv(argv).map((f) => f.name)
    expect(names(['clients', 'list', '--output', 'json'])).to.deep.equal(['json'])
    expect(names(['-o', 'yaml'])).to.deep.equal(['yaml'])
    expect(names(['--output=csv'])).to.deep.equal(['csv'])
    expect(names(['-ojson'])).to.deep.equal(['json'])
    expect(names(['--field', 'output=json', 'json'])).to.deep.equal([])
  })
})
