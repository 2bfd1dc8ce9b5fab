import {expect} from 'chai'

import {CliError} from '../src/errors.js'
import {checkRecordId, checkUnchanged, listItems} from '../src/plan/record-read.js'

describe('record-read: what a record read before a write must be', () => {
  it('a list of objects is itself; a PHP-style object keyed by index is the list in numeric key order', () => {
    expect(listItems([{a: 1}, {b: 2}])).to.deep.equal([{a: 1}, {b: 2}])
    expect(listItems({10: {c: 3}, 2: {b: 2}, 0: {a: 1}})).to.deep.equal([{a: 1}, {b: 2}, {c: 3}])
    expect(listItems({})).to.deep.equal([])
  })

  it('anything else is not a list of objects', () => {
    for (const value of [null, undefined, '[]', 3, true, [{a: 1}, 2], [null], {a: {}}, {'01': {}}, {0: 'x'}])
      expect(listItems(value as never), JSON.stringify(value)).to.equal(undefined)
  })

  it('the record asked for passes; another id or none is exit 1', () => {
    expect(() => checkRecordId({id: 'X'}, 'X', 'invoices X')).not.to.throw()
    for (const record of [{id: 'Y'}, {}, {id: 7}] as Array<Record<string, string | number>>) {
      const error = (() => {
        try {
          checkRecordId(record, 'X', 'invoices X')
        } catch (e) {
          return e
        }
      })()
      expect(error).to.be.instanceOf(CliError)
      expect((error as CliError).exitCode).to.equal(1)
    }
  })

  it('updated_at unchanged passes; a changed one names both values', () => {
    expect(() => checkUnchanged({updated_at: 5}, {updated_at: 5}, 'invoices X')).not.to.throw()
    expect(() => checkUnchanged({updated_at: 5}, {updated_at: 6}, 'invoices X')).to.throw(
      'invoices X changed since it was read (updated_at 5 → 6): run the command again, or pass --force to overwrite',
    )
  })
})
