/** How a --field or --line-item value becomes a JSON scalar: parseNumber and parseScalar. */
import {expect} from 'chai'

import {parseNumber, parseScalar} from '../src/input/field-syntax.js'
import {expectEach, usage} from './helpers.js'

describe('fields: --field / --line-item grammar', () => {
  describe('parseNumber', () => {
    it('parses JSON numbers', () => {
      expectEach(parseNumber, [
        ['0', 0],
        ['12', 12],
        ['-3', -3],
        ['12.50', 12.5],
        ['-0.25', -0.25],
        ['1e3', 1000],
        ['2.5E-1', 0.25],
        ['9007199254740991', 9_007_199_254_740_991],
      ])
    })

    it('refuses what is not a JSON number', () => {
      for (const raw of [
        '',
        'abc',
        '12abc',
        '0042',
        '00',
        '+1',
        '.5',
        '5.',
        '1,5',
        ' 1',
        '0x10',
        'NaN',
        'Infinity',
        '-',
        '1e',
      ]) {
        expect(parseNumber(raw), JSON.stringify(raw)).to.equal(undefined)
      }
    })

    it('refuses numbers that would not survive JSON unchanged', () => {
      expectEach(parseNumber, [
        ['9007199254740993', undefined],
        ['12345678901234567890', undefined],
        ['-12345678901234567890', undefined],
        ['1e400', undefined],
      ])
    })
  })

  describe('parseScalar', () => {
    it('turns true, false and null into JSON scalars', () => {
      expectEach(parseScalar, [
        ['true', true],
        ['false', false],
        ['null', null],
      ])
    })

    it('turns numbers into JSON numbers', () => {
      expectEach(parseScalar, [
        ['10', 10],
        ['-2.5', -2.5],
        ['0', 0],
        ['1e2', 100],
      ])
    })

    it('keeps a leading-zero value a string: 0042 stays "0042"', () => {
      expect(parseScalar('0042')).to.equal('0042')
    })

    // Issue 14: a number JSON cannot carry exactly is a usage error (it was sent as a string).
    it('refuses huge integers: quote them to send a string', () => {
      usage(
        () => parseScalar('12345678901234567890'),
        'value "12345678901234567890" cannot be sent exactly as a JSON number',
      )
      usage(() => parseScalar('9007199254740993'), 'would be sent as 9007199254740992')
      expect(parseScalar('"9007199254740993"')).to.equal('9007199254740993')
    })

    it('removes double or single quotes and forces a string', () => {
      expectEach(parseScalar, [
        ['"1"', '1'],
        ["'1'", '1'],
        ['"0042"', '0042'],
        ['"true"', 'true'],
        ["'null'", 'null'],
        ['"a, b"', 'a, b'],
        ['""', ''],
      ])
    })

    it('keeps mismatched or lone quotes as they are', () => {
      expectEach(parseScalar, [
        ['"1\'', '"1\''],
        ['"', '"'],
        ['"abc', '"abc'],
      ])
    })

    it('leaves anything else a string, untouched', () => {
      expectEach(parseScalar, [
        ['Acme Ltd', 'Acme Ltd'],
        ['True', 'True'],
        ['NULL', 'NULL'],
        ['VolejRejNm', 'VolejRejNm'],
        [' 1', ' 1'],
        ['a=b', 'a=b'],
      ])
    })

    it('turns an empty value into ""', () => {
      expect(parseScalar('')).to.equal('')
    })
  })
})
