import {expect} from 'chai'

import {ObjectBuilder, parseKeyPath, parseLineItem, parseScalar} from '../src/input/field-syntax.js'
import {checkJsonText, lossyNumber} from '../src/input/json-limits.js'
import {buildGuided, parseJsonObject} from '../src/input/payload.js'
import {getPath} from '../src/output/table.js'
import {usage} from './helpers.js'

describe('json limits: exact numbers, bounded depth, no prototype keys', () => {
  afterEach(() => {
    // Nothing any test here did may have reached the shared prototype.
    expect(({} as Record<string, unknown>).x).to.equal(undefined)
    expect((Object.prototype.toString as unknown as Record<string, unknown>).x).to.equal(undefined)
  })

  it('carries a number when its decimal value prints back unchanged', () => {
    for (const ok of [
      '0',
      '-0',
      '0.1',
      '12.50',
      '1e3',
      '2.5E-1',
      '9007199254740991',
      '-9007199254740991',
      '1e300',
      '5e-324',
      '0.30000000000000004',
      '100.000',
    ]) {
      expect(lossyNumber(ok), ok).to.equal(undefined)
    }
  })

  it('names what a number would silently become', () => {
    expect(lossyNumber('1e-400')).to.equal(0)
    expect(lossyNumber('1.00000000000000000001')).to.equal(1)
    expect(lossyNumber('9007199254740993')).to.equal(9_007_199_254_740_992)
    expect(lossyNumber('9007199254740992')).to.equal(9_007_199_254_740_992)
    expect(lossyNumber('0.1000000000000000000000001')).to.equal(0.1)
    expect(lossyNumber('1e400')).to.equal(Infinity)
    expect(lossyNumber('abc')).to.equal(undefined)
  })

  it('refuses inexact numbers in --field and --line-item values, and in raw JSON', () => {
    usage(
      () => parseScalar('1e-400', '--field amount'),
      '--field amount "1e-400" cannot be sent exactly as a JSON number (it would be sent as 0)',
    )
    usage(
      () => parseLineItem('cost=1.00000000000000000001'),
      '--line-item cost "1.00000000000000000001" cannot be sent exactly',
      'would be sent as 1)',
    )
    usage(() => buildGuided({amount: '1e-400'}), '--amount "1e-400" cannot be sent exactly')
    usage(
      () => parseJsonObject('{"a":[1,{"b":1e-400}]}', '--data'),
      '--data: the number "1e-400" cannot be sent exactly',
    )
    expect(parseJsonObject('{"a":[1,-2.5e3,{"b":0.1}],"s":"1e-400"}', '--data')).to.deep.equal({
      a: [1, -2500, {b: 0.1}],
      s: '1e-400',
    })
  })

  it('refuses __proto__, prototype and constructor segments, naming them', () => {
    usage(
      () => parseKeyPath('__proto__.x'),
      '--field key "__proto__.x" has the segment "__proto__", which is not allowed',
    )
    usage(() => parseKeyPath('constructor.prototype.x'), 'the segment "constructor"')
    usage(() => parseKeyPath('settings.prototype'), 'the segment "prototype"')
    usage(() => parseLineItem('__proto__=1'), '--line-item pair "__proto__=1" has the segment "__proto__"')
    usage(() => parseJsonObject('{"a":{"__proto__":{"x":1}}}', '--stdin'), '--stdin: a key has the segment "__proto__"')
    usage(() => parseJsonObject('{"\\u005f_proto__":{"x":1}}', '--data'), 'the segment "__proto__"')
  })

  it('never walks into inherited properties: toString.x sets an own field', () => {
    const body = new ObjectBuilder()
    body.set(parseKeyPath('toString.x'), 1, 'a')
    body.set(parseKeyPath('valueOf'), 2, 'b')
    expect(JSON.stringify(body.build())).to.equal('{"toString":{"x":1},"valueOf":2}')
    expect(getPath({id: 1}, 'constructor')).to.equal(undefined)
    expect(getPath({id: 1}, 'toString.name')).to.equal(undefined)
  })

  it('bounds key depth at 32 segments and JSON nesting at 64 levels, without recursion', () => {
    expect(parseKeyPath(Array.from({length: 32}, () => 'a').join('.'))).to.have.length(32)
    usage(() => parseKeyPath(Array.from({length: 5000}, () => 'a').join('.')), 'has 5000 segments: at most 32')
    const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)
    expect(() => checkJsonText(deep(64), '--data')).not.to.throw()
    usage(() => parseJsonObject(deep(65), '--data'), '--data nests deeper than 64 levels')
    usage(() => parseJsonObject(deep(100_000), '--stdin'), '--stdin nests deeper than 64 levels')
  })
})
