/**
 * The validation policy, table-driven: a value is refused only where the server's rule certainly
 * refuses it (Laravel's integer, numeric, boolean, date, email, url, string and array rules), and
 * every value those rules take passes.
 */
import {expect} from 'chai'

import {ruleTakes} from '../src/registry/schema/value-rules.js'
import type {ServerType} from '../src/registry/server/types.js'

const POLICY: ReadonlyArray<[type: ServerType, takes: unknown[], refuses: unknown[]]> = [
  ['hid', ['VolejRejNm', 'x'], [7, true, {}, []]],
  ['iid', [1, '1', ' 12 ', -3, true], [1.5, '1.5', 'one', false, {}, []]],
  ['int', [0, '12', '+4'], [2.5, 'x', [], {}]],
  ['num', [12.5, '12.5', '1e3', ' 7', '.5', -1], ['twelve', '0x1A', '1,5', true, {}, []]],
  ['bool', [true, false, 0, 1, '0', '1'], ['true', 'yes', 2, '', {}, []]],
  [
    'date',
    ['2024-01-20', '2024-02-29', 'next monday', '20 January 2024', 1700000000],
    ['2024-02-30', '2023-13-01', true],
  ],
  ['email', ['a@example.com', 'first.last+tag@sub.example.org'], ['a.example.com', 'a @b.c', 5, {}]],
  ['url', ['https://example.com/hook', 'http://127.0.0.1:8000/x'], ['example.com', 'https//x', 5]],
  ['str', ['', 'text', '0042'], [42, true, {}, []]],
  ['obj', [{}, {body: 'x'}, []], ['x', 1, true]],
  ['objs', [[], [{a: 1}], {}], ['x', 1]],
  ['strs', [['a'], []], ['a', 1]],
]

describe('validation policy: what each type takes and refuses', () => {
  for (const [type, takes, refuses] of POLICY) {
    it(`${type}: takes ${takes.length} kinds of value, refuses ${refuses.length}`, () => {
      for (const value of takes) expect(ruleTakes(type, value), `${type} takes ${JSON.stringify(value)}`).to.equal(true)
      for (const value of refuses)
        expect(ruleTakes(type, value), `${type} refuses ${JSON.stringify(value)}`).to.equal(false)
    })
  }
})
