/** Keys and nesting: parseKeyPath, splitAssignment, and ObjectBuilder's overlaps and gaps. */
import {expect} from 'chai'

import {LIST_FIELDS, ObjectBuilder, parseKeyPath, splitAssignment} from '../src/input/field-syntax.js'
import {usage} from './helpers.js'

describe('fields: --field / --line-item grammar', () => {
  describe('parseKeyPath', () => {
    it('splits dotted keys into nested segments', () => {
      expect(parseKeyPath('name')).to.deep.equal(['name'])
      expect(parseKeyPath('settings.currency_id')).to.deep.equal(['settings', 'currency_id'])
      expect(parseKeyPath('a.b.c_2')).to.deep.equal(['a', 'b', 'c_2'])
    })

    it('turns numeric segments into array indexes', () => {
      expect(parseKeyPath('contacts.0.email')).to.deep.equal(['contacts', 0, 'email'])
      expect(parseKeyPath('contacts.1.email')).to.deep.equal(['contacts', 1, 'email'])
      expect(parseKeyPath('custom.2')).to.deep.equal(['custom', 2])
    })

    it('addresses the first element of a list field given without an index', () => {
      expect([...LIST_FIELDS].sort()).to.include.members(['contacts', 'line_items'])
      expect(parseKeyPath('contacts.email')).to.deep.equal(['contacts', 0, 'email'])
      expect(parseKeyPath('line_items.product_key')).to.deep.equal(['line_items', 0, 'product_key'])
    })

    it('keeps a numeric segment a key right under an object keyed by numbers, and lists as the family has them', () => {
      const shapes = {lists: new Set(['client_registration_fields']), keyed: new Set(['fees_and_limits'])}
      expect(parseKeyPath('fees_and_limits.1.min_limit', '--field', shapes)).to.deep.equal([
        'fees_and_limits',
        '1',
        'min_limit',
      ])
      expect(parseKeyPath('fees_and_limits.1.x.0', '--field', shapes)).to.deep.equal(['fees_and_limits', '1', 'x', 0])
      expect(parseKeyPath('client_registration_fields.key', '--field', shapes)).to.deep.equal([
        'client_registration_fields',
        0,
        'key',
      ])
      // Without the family's shapes a number is an index, and only the common lists default to item 0.
      expect(parseKeyPath('fees_and_limits.1.min_limit')).to.deep.equal(['fees_and_limits', 1, 'min_limit'])
      expect(parseKeyPath('contacts.email', '--field', shapes)).to.deep.equal(['contacts', 'email'])
    })

    it('refuses an empty key', () => {
      usage(() => parseKeyPath(''), 'the key is empty')
    })

    it('refuses a key that starts with an index', () => {
      usage(() => parseKeyPath('0.name'), 'key "0.name" must start with a field name')
    })

    it('refuses empty segments and characters outside letters, digits and _', () => {
      usage(() => parseKeyPath('a..b'), 'key "a..b" is not valid')
      usage(() => parseKeyPath('a.'), 'key "a." is not valid')
      usage(() => parseKeyPath('.a'), 'key ".a" is not valid')
      usage(() => parseKeyPath('first-name'), 'key "first-name" is not valid')
      usage(() => parseKeyPath('a b'), 'key "a b" is not valid')
      usage(() => parseKeyPath('a.-1'), 'key "a.-1" is not valid')
    })

    it('names the flag it was given', () => {
      usage(() => parseKeyPath('', '--line-item'), '--line-item')
    })
  })

  describe('splitAssignment', () => {
    it('splits at the first =', () => {
      expect(splitAssignment('name=Acme', '--field')).to.deep.equal(['name', 'Acme'])
      expect(splitAssignment('a=b=c', '--field')).to.deep.equal(['a', 'b=c'])
      expect(splitAssignment('notes=', '--field')).to.deep.equal(['notes', ''])
    })

    it('refuses a value without =, naming it', () => {
      usage(() => splitAssignment('name', '--field'), '--field "name" needs the form key=value')
    })
  })

  describe('ObjectBuilder', () => {
    it('builds nested objects and arrays', () => {
      const b = new ObjectBuilder()
      expect(b.isEmpty).to.equal(true)
      b.set(['name'], 'Acme', '--name')
      b.set(['settings', 'currency_id'], '1', '--field settings.currency_id="1"')
      b.set(['contacts', 0, 'email'], 'a@b.c', '--field contacts.0.email=a@b.c')
      b.set(['contacts', 1, 'email'], 'd@e.f', '--field contacts.1.email=d@e.f')
      expect(b.isEmpty).to.equal(false)
      expect(b.build()).to.deep.equal({
        name: 'Acme',
        settings: {currency_id: '1'},
        contacts: [{email: 'a@b.c'}, {email: 'd@e.f'}],
      })
    })

    it('refuses a field set twice, naming both sources', () => {
      const b = new ObjectBuilder()
      b.set(['name'], 'A', '--field name=A')
      usage(() => b.set(['name'], 'B', '--field name=B'), 'name is set twice', '--field name=A', '--field name=B')
    })

    it('refuses a field and something inside it, either way round', () => {
      const b = new ObjectBuilder()
      b.set(['settings'], 'x', '--field settings=x')
      usage(
        () => b.set(['settings', 'currency_id'], '1', '--field settings.currency_id=1'),
        'settings',
        'settings.currency_id',
        'overlap',
      )

      const c = new ObjectBuilder()
      c.set(['settings', 'currency_id'], '1', '--field settings.currency_id=1')
      usage(() => c.set(['settings'], 'x', '--field settings=x'), 'settings.currency_id', 'overlap')
    })

    it('does not treat a shared prefix that is not a parent as an overlap', () => {
      const b = new ObjectBuilder()
      b.set(['name'], 'A', '--field name=A')
      b.set(['name_2'], 'B', '--field name_2=B')
      expect(b.build()).to.deep.equal({name: 'A', name_2: 'B'})
    })

    it('refuses gaps in arrays', () => {
      const b = new ObjectBuilder()
      b.set(['contacts', 1, 'email'], 'x@y.z', '--field contacts.1.email=x@y.z')
      usage(() => b.build(), 'contacts.0 is missing')
    })

    it('refuses gaps in nested arrays', () => {
      const b = new ObjectBuilder()
      b.set(['a', 0, 'b', 2], 1, '--field a.0.b.2=1')
      b.set(['a', 0, 'b', 0], 1, '--field a.0.b.0=1')
      usage(() => b.build(), 'a.0.b.1 is missing')
    })
  })
})
