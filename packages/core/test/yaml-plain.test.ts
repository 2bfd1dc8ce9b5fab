/**
 * The YAML written directly (formats/yaml-plain.ts) is the yaml library's text, byte for byte: on values built from
 * the strings, keys and numbers that YAML 1.1 and 1.2 treat specially, and on records shaped as the server's.
 */
import {expect} from 'chai'
import fc from 'fast-check'
import {Document} from 'yaml'

import {libraryYaml, renderYaml, yamlText, type YamlText} from '../src/output/formats/yaml.js'
import {plainYaml} from '../src/output/formats/yaml-plain.js'

/** Strings a YAML writer must quote or may leave plain, and some it must not write on one line. */
const TRICKY = [
  ...['yes', 'No', 'ON', 'off', 'y', 'n', 'Y', 'True', 'false', 'null', 'Null', '~', 'NaN', 'Infinity', '.inf'],
  ...['2024-01-15', '2024-01-15 10:00:00', '1:20', '0x1F', '0b101', '012', '12', '1_000', '1.5e3', '-3', '+4'],
  ...['a: b', 'a:b', 'a:', 'a #b', 'a#b', '#a', ' lead', 'trail ', '', ' ', '-', '- a', '-a', '?', '? a', ':a'],
  ...["'q'", '"d"', "it's", 'say "hi"', 'both \' and "', 'back\\slash', 'a,b', '[x]', '{y}', '&anchor', '*alias'],
  ...['!tag', '|', '>', '%', '@at', '`tick', '=', '...', '---', 'x---', '<<', '<<: x', 'Widget, blue; large.'],
  ...['a\tb', 'line\nbreak', 'café', 'a\u2028b', 'x\u0085', '\u00a0', 'Acme Ltd', 'INV-0001', 'ada@acme.test'],
  'Notes for invoice 7. '.repeat(40),
  'x'.repeat(300),
]
const KEYS = ['id', 'number', 'line_items', '_x', 'y', 'yes', 'null', 'on', '1', 'a b', '<<', 'k:', 'k'.repeat(300)]
const NUMBERS = [0, -1, 1.5, 1250.5, 1e21, 1e-7, -0, 0.1 + 0.2, 123456789012, Number.MAX_SAFE_INTEGER + 2]

const scalar = fc.oneof(
  fc.constantFrom(...TRICKY),
  fc.constantFrom(...NUMBERS),
  fc.boolean(),
  fc.constant(null),
  fc.string(),
  fc.double({noNaN: true}),
)
const key = fc.oneof({weight: 3, arbitrary: fc.constantFrom(...KEYS)}, fc.string({minLength: 1, maxLength: 8}))
const {value} = fc.letrec((tie) => ({
  value: fc.oneof({depthSize: 'small', withCrossShrink: true}, scalar, tie('list'), tie('map')),
  list: fc.array(tie('value'), {maxLength: 4}),
  map: fc.dictionary(key, tie('value'), {maxKeys: 5}),
}))

/** A record as the server answers one: ids, numbers, names, dates, amounts, lines. */
const record = (i: number) => ({
  id: `Wjx${i}bojag`,
  number: String(i).padStart(4, '0'),
  name: ['Acme Ltd', 'Globex, Inc.', "O'Brien & Sons", 'Café Noir', 'yes'][i % 5],
  date: '2026-11-27',
  amount: 150.25 * i,
  is_deleted: i % 3 === 0,
  archived_at: i % 2 === 0 ? 0 : 1_764_000_000,
  public_notes: i % 4 === 0 ? '' : `Thanks for your business: order ${i}.`,
  contacts: i % 3 === 0 ? [] : [{email: `ap${i}@acme.test`, phone: '', custom_value1: null}],
  line_items: [{product_key: `SKU-${i}`, notes: 'Widget, blue', cost: 10.5, quantity: 2, tax_name1: ''}],
  settings: i % 2 === 0 ? {} : {currency_id: '1', lock_invoices: 'off'},
})

describe('yaml written directly is the library text', () => {
  let library: (value: unknown) => string
  let yaml: YamlText
  let plain: (value: unknown) => string | undefined
  before(async () => {
    library = await libraryYaml()
    yaml = await yamlText()
    plain = plainYaml(new Document(null, {version: '1.1'}).schema, (text, item) =>
      library(item ? [text] : {k: text}).slice(item ? 2 : 3, -1),
    )
  })

  it('on generated values, of which the direct writer takes some', () => {
    let direct = 0
    fc.assert(
      fc.property(value, (v) => {
        if (plain(v) !== undefined) direct++
        expect(yaml(v)).to.equal(library(v))
        expect(yaml([v], '  ')).to.equal(library([v]).replaceAll(/^(?=.)/gm, '  '))
      }),
      {numRuns: 2000},
    )
    expect(direct).to.be.above(40)
  })

  it('on records shaped as the server answers them, one by one and as a document', async () => {
    const records = Array.from({length: 40}, (_, i) => record(i))
    for (const r of records) expect(yaml([r])).to.equal(library([r]))
    // All but the one with an accent are written directly.
    expect(records.filter((r) => plain([r]) === undefined).map((r) => r.name)).to.deep.equal(Array(8).fill('Café Noir'))
    const doc = {data: records, meta: {pagination: {total: 40, count: 40, per_page: 50, current_page: 1}}}
    expect(await renderYaml(doc)).to.equal(library(doc))
  })

  it('each special string, as a value, a list item and a key', () => {
    for (const s of TRICKY)
      for (const v of [{s}, [s], {[s]: 1}, [{a: s, b: [s]}], {a: {b: s}}])
        expect(yaml(v), JSON.stringify(v)).to.equal(library(v))
  })
})
