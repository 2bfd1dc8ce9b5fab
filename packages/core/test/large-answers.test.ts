/**
 * Large answers in bounded memory: parsing by pieces (json-scan.ts) accepts and yields exactly
 * what JSON.parse does; the streamed renderers (yaml record by record, the table in two passes,
 * csv row by row) print exactly what the whole-document renderers printed; json text slices join
 * back to the answer.
 */
import {expect} from 'chai'
import fc from 'fast-check'

import {csvChunks} from '../src/output/formats/csv.js'
import {yamlChunks, yamlText} from '../src/output/formats/yaml.js'
import {parseJsonBytes} from '../src/http/json-scan.js'
import {jsonTextSlices} from '../src/output/write.js'
import {formatCell, getPath, tableChunks} from '../src/output/table.js'

const record = fc.dictionary(fc.string({maxLength: 8}), fc.jsonValue({maxDepth: 3}), {maxKeys: 6})
const listAnswer = fc.record({data: fc.array(record, {maxLength: 8}), meta: fc.jsonValue({maxDepth: 2})})

describe('large answers', () => {
  describe('parseJsonBytes', () => {
    it('yields what JSON.parse yields, compact or spaced, for list answers and any JSON', () => {
      fc.assert(
        fc.property(fc.oneof(listAnswer, fc.jsonValue()), fc.boolean(), (value, space) => {
          const text = space ? ` \r\n${JSON.stringify(value, null, '\t ')}\n` : JSON.stringify(value)
          expect(parseJsonBytes(Buffer.from(text))).to.deep.equal(JSON.parse(text))
        }),
        {numRuns: 300},
      )
    })

    it('refuses what JSON.parse refuses, with a SyntaxError', () => {
      const bad = [
        '',
        '{',
        '{"data":[1,2}',
        '{"data":[1 2]}',
        '{"a" 1}',
        '{"a":1,}',
        '{"data":[1,]}',
        '{"a":1} x',
        '{"a":"\\q"}',
        '{"data":[{"a":1]}',
        '{a:1}',
        '{"a":1}}',
      ]
      for (const text of bad) {
        expect(() => JSON.parse(text), text).to.throw(SyntaxError)
        expect(() => parseJsonBytes(Buffer.from(text)), text).to.throw(SyntaxError)
      }
    })

    it('random damage to a valid answer: accepted exactly when JSON.parse accepts it', () => {
      fc.assert(
        fc.property(
          listAnswer,
          fc.nat(),
          fc.constantFrom('', ',', ']', '}', '"', '[', '{', ':', ' ', 'x'),
          (value, at, insert) => {
            const text = JSON.stringify(value)
            const cut = at % (text.length + 1)
            const damaged = text.slice(0, cut) + insert + text.slice(cut + (insert ? 0 : 1))
            let expected: unknown
            try {
              expected = JSON.parse(damaged)
            } catch {
              expect(() => parseJsonBytes(Buffer.from(damaged))).to.throw(SyntaxError)
              return
            }
            expect(parseJsonBytes(Buffer.from(damaged))).to.deep.equal(expected)
          },
        ),
        {numRuns: 500},
      )
    })

    it('"__proto__" is an own key, as with JSON.parse, never the prototype', () => {
      const parsed = parseJsonBytes(Buffer.from('{"__proto__":{"x":1},"data":[]}')) as Record<string, unknown>
      expect(Object.getPrototypeOf(parsed)).to.equal(Object.prototype)
      expect(Object.keys(parsed)).to.deep.equal(['__proto__', 'data'])
      expect(({} as Record<string, unknown>).x).to.equal(undefined)
    })
  })

  it('yaml record by record is the yaml of the whole document', async () => {
    // The whole document as yamlText writes it: the library's text, with a `<<` key quoted (no YAML 1.1 merge).
    const whole = await yamlText()
    await fc.assert(
      fc.asyncProperty(listAnswer, async (value) => {
        expect([...(await yamlChunks(value))].join('')).to.equal(whole(value))
      }),
      {numRuns: 200},
    )
  })

  it('the table in two passes is the table of before: widths from every row', () => {
    const records = [{id: 'a', name: 'short'}, {id: 'bbbbbbbb', name: 'a much longer name'}, {id: 'c'}]
    const expected = ['ID        NAME', 'a         short', 'bbbbbbbb  a much longer name', 'c'].join('\n')
    expect([...tableChunks(records, ['id', 'name'], {color: false})].join('')).to.equal(expected)
    expect(formatCell(getPath(records[1], 'name'))).to.equal('a much longer name')
  })

  it('csv row by row: header, then one CRLF row per record', () => {
    expect([...csvChunks({data: [{id: 1, n: 'a,b'}, {id: 2}]}, {columns: ['id', 'n']})]).to.deep.equal([
      'id,n\r\n',
      '1,"a,b"\r\n',
      '2,\r\n',
    ])
  })

  describe('jsonTextSlices', () => {
    const big = Buffer.from(
      JSON.stringify({data: Array.from({length: 30_000}, (_, i) => ({id: i, note: 'ünïcödé ✓ '.repeat(5)}))}) + '\n \n',
    )

    it('joins back to the answer (trailing white space trimmed, one line break), cut after commas only', () => {
      const slices = [...jsonTextSlices(big, {token: 'tok-123'})]
      expect(slices.length).to.be.above(2)
      expect(slices.join('')).to.equal(big.toString('utf8').trimEnd() + '\n')
      for (const s of slices.slice(0, -2)) expect(s.endsWith(',')).to.equal(true)
    })

    it('one piece when a secret holds a comma (a cut could split it)', () => {
      expect([...jsonTextSlices(big, {token: 'to,ken'})]).to.have.length(2)
    })
  })
})
