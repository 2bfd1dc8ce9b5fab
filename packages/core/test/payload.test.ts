import {expect} from 'chai'
import {mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {buildGuided, buildPayload, checkPayloadSources, decodeUtf8, GUIDED_FLAGS, type PayloadInput} from '../src/payload.js'
import {usage, usageAsync} from './helpers.js'

const DOC = {documentLike: true, familyWord: 'invoices'}
const PLAIN = {documentLike: false, familyWord: 'clients'}
const noStdin = async (): Promise<string> => {
  throw new Error('stdin must not be read')
}

describe('payload: raw JSON sources and guided flags', () => {
  describe('guided flags', () => {
    const cases: Array<[string, string, string, unknown]> = [
      ['name', 'Acme Ltd', 'name', 'Acme Ltd'],
      ['number', 'INV-7', 'number', 'INV-7'],
      ['client-id', 'VolejRejNm', 'client_id', 'VolejRejNm'],
      ['vendor-id', 'Wpmbk5ezJn', 'vendor_id', 'Wpmbk5ezJn'],
      ['project-id', 'Opnel5aKBz', 'project_id', 'Opnel5aKBz'],
      ['date', '2024-02-29', 'date', '2024-02-29'],
      ['due-date', '2024-12-31', 'due_date', '2024-12-31'],
      ['amount', '125.5', 'amount', 125.5],
      ['price', '10', 'price', 10],
      ['quantity', '3', 'quantity', 3],
      ['public-notes', 'Thanks, see you', 'public_notes', 'Thanks, see you'],
      ['private-notes', 'internal: true', 'private_notes', 'internal: true'],
    ]

    for (const [flag, value, field, expected] of cases) {
      it(`--${flag} ${value} sets ${field}`, async () => {
        expect(buildGuided({[flag]: value})).to.deep.equal({[field]: expected})
        expect(await buildPayload({[flag]: value}, {...PLAIN, readStdin: noStdin})).to.deep.equal({[field]: expected})
      })
    }

    it('the guided flag table maps exactly these flags to these fields', () => {
      expect(Object.fromEntries(GUIDED_FLAGS.map((g) => [g.flag, g.field]))).to.deep.equal(
        Object.fromEntries(cases.map(([flag, , field]) => [flag, field])),
      )
    })

    it('sets every guided field at once', () => {
      const input = Object.fromEntries(cases.map(([flag, value]) => [flag, value]))
      expect(buildGuided(input)).to.deep.equal(Object.fromEntries(cases.map(([, , field, expected]) => [field, expected])))
    })

    it('ids stay strings: --client-id 123 gives "123"', () => {
      expect(buildGuided({'client-id': '123'})).to.deep.equal({client_id: '123'})
      expect(buildGuided({'vendor-id': '0042', 'project-id': '7'})).to.deep.equal({vendor_id: '0042', project_id: '7'})
    })

    it('--number stays a string: 0042 gives "0042", 12 gives "12"', () => {
      expect(buildGuided({number: '0042'})).to.deep.equal({number: '0042'})
      expect(buildGuided({number: '12'})).to.deep.equal({number: '12'})
    })

    it('--name true stays the string "true"', () => {
      expect(buildGuided({name: 'true'})).to.deep.equal({name: 'true'})
    })

    it('--amount, --price and --quantity take negative and decimal numbers', () => {
      expect(buildGuided({amount: '-10.25', price: '0', quantity: '0.5'})).to.deep.equal({amount: -10.25, price: 0, quantity: 0.5})
    })

    for (const flag of ['amount', 'price', 'quantity']) {
      it(`--${flag} that is not a number is a usage error`, () => {
        usage(() => buildGuided({[flag]: 'ten'}), `--${flag} must be a number`, '"ten"')
        usage(() => buildGuided({[flag]: '12abc'}), `--${flag} must be a number`)
        usage(() => buildGuided({[flag]: ''}), `--${flag} must be a number`)
        usage(() => buildGuided({[flag]: '1,5'}), `--${flag} must be a number`)
      })
    }

    for (const flag of ['date', 'due-date']) {
      it(`--${flag} must be a real YYYY-MM-DD date`, () => {
        usage(() => buildGuided({[flag]: '2024-02-30'}), `--${flag} must be a date as YYYY-MM-DD`, '2024-02-30')
        usage(() => buildGuided({[flag]: '2023-02-29'}), `--${flag} must be a date as YYYY-MM-DD`)
        usage(() => buildGuided({[flag]: '2024-1-01'}), `--${flag} must be a date as YYYY-MM-DD`, '2024-1-01')
        usage(() => buildGuided({[flag]: '2024-13-01'}), `--${flag} must be a date as YYYY-MM-DD`)
        usage(() => buildGuided({[flag]: '01/02/2024'}), `--${flag} must be a date as YYYY-MM-DD`)
        usage(() => buildGuided({[flag]: '2024-01-01T00:00:00Z'}), `--${flag} must be a date as YYYY-MM-DD`)
        usage(() => buildGuided({[flag]: ''}), `--${flag} must be a date as YYYY-MM-DD`)
      })
    }

    it('setting a field twice (--name and --field name=...) is a usage error naming both', () => {
      usage(() => buildGuided({name: 'A', field: ['name=B']}), 'name is set twice', '--name', '--field name=B')
    })

    it('setting a field twice (--client-id and --field client_id=...) is a usage error', () => {
      usage(() => buildGuided({'client-id': 'X', field: ['client_id=Y']}), 'client_id is set twice')
    })

    it('setting a field twice with --field is a usage error', () => {
      usage(() => buildGuided({field: ['number=1', 'number=2']}), 'number is set twice')
    })

    it('--field adds nested fields next to guided ones', () => {
      expect(
        buildGuided({name: 'Acme', field: ['contacts.email=a@b.c', 'settings.currency_id="1"', 'is_deleted=false']}),
      ).to.deep.equal({name: 'Acme', contacts: [{email: 'a@b.c'}], settings: {currency_id: '1'}, is_deleted: false})
    })

    it('--line-item values become line_items in order', () => {
      expect(
        buildGuided({'client-id': 'VolejRejNm', 'line-item': ['product_key=A,quantity=2,cost=10', 'product_key=B,notes="x, y"']}),
      ).to.deep.equal({
        client_id: 'VolejRejNm',
        line_items: [
          {product_key: 'A', quantity: 2, cost: 10},
          {product_key: 'B', notes: 'x, y'},
        ],
      })
    })

    it('--line-item and --field line_items.0... set the same element twice', () => {
      usage(() => buildGuided({'line-item': ['product_key=A'], field: ['line_items.0.cost=1']}), 'line_items.0', 'overlap')
    })

    it('a malformed --line-item pair is a usage error naming the pair', async () => {
      await usageAsync(buildPayload({'line-item': ['product_key=A,qty'], 'client-id': 'X'}, DOC), '--line-item pair "qty" is malformed')
    })
  })

  describe('checkPayloadSources', () => {
    it('tells raw, guided and none apart', () => {
      expect(checkPayloadSources({data: '{}'}, PLAIN)).to.equal('raw')
      expect(checkPayloadSources({'data-file': '/x.json'}, PLAIN)).to.equal('raw')
      expect(checkPayloadSources({stdin: true}, PLAIN)).to.equal('raw')
      expect(checkPayloadSources({name: 'x'}, PLAIN)).to.equal('guided')
      expect(checkPayloadSources({field: ['a=1']}, PLAIN)).to.equal('guided')
      expect(checkPayloadSources({'line-item': ['a=1']}, DOC)).to.equal('guided')
      expect(checkPayloadSources({}, PLAIN)).to.equal('none')
      expect(checkPayloadSources({stdin: false, field: []}, PLAIN)).to.equal('none')
    })

    it('raw + guided is a usage error naming both', () => {
      usage(() => checkPayloadSources({data: '{"name":"a"}', name: 'b'}, PLAIN), '--data', '--name', 'cannot be mixed')
      usage(() => checkPayloadSources({stdin: true, field: ['a=1']}, PLAIN), '--stdin', '--field', 'cannot be mixed')
      usage(() => checkPayloadSources({'data-file': 'x.json', amount: '1'}, PLAIN), '--data-file', '--amount', 'cannot be mixed')
    })

    it('raw + --line-item is a usage error', () => {
      usage(() => checkPayloadSources({data: '{}', 'line-item': ['product_key=A']}, DOC), '--data', '--line-item', 'cannot be mixed')
    })

    it('two raw sources are a usage error naming both', () => {
      usage(() => checkPayloadSources({data: '{}', stdin: true}, PLAIN), '--data', '--stdin', 'alternatives')
      usage(() => checkPayloadSources({data: '{}', 'data-file': 'x.json'}, PLAIN), '--data', '--data-file', 'alternatives')
      usage(() => checkPayloadSources({'data-file': 'x.json', stdin: true}, PLAIN), '--data-file', '--stdin', 'alternatives')
    })

    it('--line-item on a non-document family is a usage error naming the family', () => {
      usage(() => checkPayloadSources({'line-item': ['product_key=A']}, PLAIN), '--line-item is only for document-like families', 'clients')
      usage(() => checkPayloadSources({'line-item': ['product_key=A']}, {documentLike: false, familyWord: 'products'}), 'products')
    })
  })

  describe('buildPayload', () => {
    let dir: string

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'invoicing-cli-payload-'))
    })

    after(async () => {
      await rm(dir, {recursive: true, force: true})
    })

    it('--data gives the parsed object, untouched', async () => {
      const data = '{"client_id":"123","line_items":[{"cost":10,"notes":"a"}],"number":"0042"}'
      expect(await buildPayload({data}, {...DOC, readStdin: noStdin})).to.deep.equal(JSON.parse(data))
    })

    it('--data with invalid JSON is a usage error', async () => {
      await usageAsync(buildPayload({data: '{"name":'}, PLAIN), '--data is not valid JSON')
      await usageAsync(buildPayload({data: "{name:'x'}"}, PLAIN), '--data is not valid JSON')
      await usageAsync(buildPayload({data: ''}, PLAIN), '--data is empty: give one JSON object')
      await usageAsync(buildPayload({data: ' \n'}, PLAIN), '--data is empty: give one JSON object')
    })

    it('--data that is not a JSON object is a usage error', async () => {
      await usageAsync(buildPayload({data: '[{"name":"x"}]'}, PLAIN), '--data must be a JSON object', 'array')
      await usageAsync(buildPayload({data: '"name"'}, PLAIN), '--data must be a JSON object', 'string')
      await usageAsync(buildPayload({data: '42'}, PLAIN), '--data must be a JSON object', 'number')
      await usageAsync(buildPayload({data: 'null'}, PLAIN), '--data must be a JSON object')
    })

    it('--data-file reads the file', async () => {
      const path = join(dir, 'client.json')
      await writeFile(path, '{"name":"From file","contacts":[{"email":"a@b.c"}]}\n')
      expect(await buildPayload({'data-file': path}, {...PLAIN, readStdin: noStdin})).to.deep.equal({
        name: 'From file',
        contacts: [{email: 'a@b.c'}],
      })
    })

    it('--data-file with a missing file is a usage error naming the path', async () => {
      const path = join(dir, 'missing.json')
      await usageAsync(buildPayload({'data-file': path}, PLAIN), `--data-file ${path}`, 'no such file')
    })

    it('--data-file with invalid JSON or a non-object is a usage error naming the path', async () => {
      const bad = join(dir, 'bad.json')
      await writeFile(bad, 'name=x')
      await usageAsync(buildPayload({'data-file': bad}, PLAIN), `--data-file ${bad} is not valid JSON`)
      const list = join(dir, 'list.json')
      await writeFile(list, '[]')
      await usageAsync(buildPayload({'data-file': list}, PLAIN), `--data-file ${list} must be a JSON object`)
    })

    it('--stdin reads through the injected readStdin', async () => {
      let calls = 0
      const readStdin = async (): Promise<string> => {
        calls++
        return '{"name":"From stdin","amount":12.5}'
      }
      expect(await buildPayload({stdin: true}, {...PLAIN, readStdin})).to.deep.equal({name: 'From stdin', amount: 12.5})
      expect(calls).to.equal(1)
    })

    it('--stdin with invalid JSON or a non-object is a usage error', async () => {
      await usageAsync(buildPayload({stdin: true}, {...PLAIN, readStdin: async () => 'not json'}), '--stdin is not valid JSON')
      await usageAsync(buildPayload({stdin: true}, {...PLAIN, readStdin: async () => '[1]'}), '--stdin must be a JSON object')
    })

    it('guided flags never read stdin', async () => {
      expect(await buildPayload({name: 'x', stdin: false}, {...PLAIN, readStdin: noStdin})).to.deep.equal({name: 'x'})
    })

    it('nothing given is a usage error', async () => {
      await usageAsync(buildPayload({}, {...PLAIN, readStdin: noStdin}), 'nothing to send')
      await usageAsync(buildPayload({stdin: false, field: [], 'line-item': []}, {...PLAIN, readStdin: noStdin}), 'nothing to send')
    })

    it('mixed sources are refused before any source is read', async () => {
      let read = false
      const readStdin = async (): Promise<string> => {
        read = true
        return '{}'
      }
      await usageAsync(buildPayload({stdin: true, name: 'x'}, {...PLAIN, readStdin}), 'cannot be mixed')
      await usageAsync(buildPayload({stdin: true, data: '{}'}, {...PLAIN, readStdin}), 'alternatives')
      expect(read).to.equal(false)
    })

    it('raw + guided through buildPayload is a usage error', async () => {
      const input: PayloadInput = {data: '{"name":"a"}', field: ['name=b']}
      await usageAsync(buildPayload(input, PLAIN), '--data', '--field', 'cannot be mixed')
    })

    it('--line-item on a non-document family through buildPayload is a usage error', async () => {
      await usageAsync(buildPayload({'line-item': ['product_key=A']}, PLAIN), '--line-item is only for document-like families', 'clients')
    })

    it('--line-item on a document family works through buildPayload', async () => {
      expect(await buildPayload({'line-item': ['product_key=A,quantity=2,cost=10']}, {...DOC, readStdin: noStdin})).to.deep.equal({
        line_items: [{product_key: 'A', quantity: 2, cost: 10}],
      })
    })
  })

  describe('text that must be right before it is sent', () => {
    it('decodeUtf8: UTF-8 passes (a byte-order mark dropped); anything else is refused, never mangled', () => {
      expect(decodeUtf8(Buffer.from('{"name":"Café"}'), 'x')).to.equal('{"name":"Café"}')
      expect(decodeUtf8(Buffer.from('\uFEFF{"a":1}'), 'x')).to.equal('{"a":1}')
      usage(() => decodeUtf8(Buffer.from('{"name":"Caf\xe9"}', 'latin1'), '--data-file a.json'), '--data-file a.json is not valid UTF-8 text: save it as UTF-8')
      usage(() => decodeUtf8(Buffer.from([0xc3]), '--stdin'), '--stdin is not valid UTF-8 text')
    })

    it('a --data-file with a byte-order mark is read as its JSON', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'cli-bom-'))
      try {
        await writeFile(join(dir, 'a.json'), '\uFEFF{"name":"x"}')
        expect(await buildPayload({'data-file': join(dir, 'a.json')}, PLAIN)).to.deep.equal({name: 'x'})
      } finally {
        await rm(dir, {recursive: true, force: true})
      }
    })

    it('guided text flags refuse an empty value (say --field key="" to clear a field)', () => {
      for (const g of GUIDED_FLAGS.filter((f) => f.kind === 'string')) {
        usage(() => buildGuided({[g.flag]: ''}), `--${g.flag} is empty: give a value, or --field ${g.field}="" to clear the field`)
      }
      expect(buildGuided({field: ['public_notes=""']})).to.deep.equal({public_notes: ''})
    })

    it('guided id flags take upstream ids only', () => {
      expect(buildGuided({'client-id': 'VolejRejNm', 'vendor-id': 'a_b-1', 'project-id': 'X'})).to.deep.equal({client_id: 'VolejRejNm', vendor_id: 'a_b-1', project_id: 'X'})
      usage(() => buildGuided({'client-id': ''}), '--client-id must not be empty')
      usage(() => buildGuided({'vendor-id': 'a/b'}), '--vendor-id "a/b" is not valid')
      usage(() => buildGuided({'project-id': 'x'.repeat(129)}), '--project-id is too long')
    })
  })
})
