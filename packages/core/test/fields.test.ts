import {expect} from 'chai'

import {
  LIST_FIELDS,
  ObjectBuilder,
  parseKeyPath,
  parseLineItem,
  parseNumber,
  parseScalar,
  splitAssignment,
  splitPairs,
} from '../src/fields.js'
import {fieldsObject} from '../src/payload.js'
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
      for (const raw of ['', 'abc', '12abc', '0042', '00', '+1', '.5', '5.', '1,5', ' 1', '0x10', 'NaN', 'Infinity', '-', '1e']) {
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
      usage(() => parseScalar('12345678901234567890'), 'value "12345678901234567890" cannot be sent exactly as a JSON number')
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
      usage(() => b.set(['settings', 'currency_id'], '1', '--field settings.currency_id=1'), 'settings', 'settings.currency_id', 'overlap')

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

  describe('--field through fieldsObject', () => {
    it('contacts.email=x gives the list form', () => {
      expect(fieldsObject(['contacts.email=x'])).to.deep.equal({contacts: [{email: 'x'}]})
    })

    it('contacts.0.email=a@b.c gives the list form', () => {
      expect(fieldsObject(['contacts.0.email=a@b.c'])).to.deep.equal({contacts: [{email: 'a@b.c'}]})
    })

    it('contacts.email and contacts.0.email are the same field', () => {
      usage(() => fieldsObject(['contacts.email=a@b.c', 'contacts.0.email=d@e.f']), 'is set twice')
    })

    it('two keys of the first contact merge into one element', () => {
      expect(fieldsObject(['contacts.email=a@b.c', 'contacts.first_name=Ann'])).to.deep.equal({
        contacts: [{email: 'a@b.c', first_name: 'Ann'}],
      })
    })

    it('settings.currency_id="1" stays the string "1"', () => {
      expect(fieldsObject(['settings.currency_id="1"'])).to.deep.equal({settings: {currency_id: '1'}})
    })

    it('number="0042" gives "0042" and bare 0042 stays a string too', () => {
      expect(fieldsObject(['number="0042"'])).to.deep.equal({number: '0042'})
      expect(fieldsObject(['number=0042'])).to.deep.equal({number: '0042'})
    })

    it('huge integers are refused unless quoted (issue 14)', () => {
      usage(() => fieldsObject(['id_number=123456789012345678901234']), '--field id_number "123456789012345678901234" cannot be sent exactly')
      expect(fieldsObject(['id_number="123456789012345678901234"'])).to.deep.equal({id_number: '123456789012345678901234'})
    })

    it('true, false, null and numbers become scalars', () => {
      expect(fieldsObject(['a=true', 'b=false', 'c=null', 'd=10', 'e=-1.5'])).to.deep.equal({a: true, b: false, c: null, d: 10, e: -1.5})
    })

    it('an empty value gives ""', () => {
      expect(fieldsObject(['public_notes='])).to.deep.equal({public_notes: ''})
    })

    it('a value may contain = and commas', () => {
      expect(fieldsObject(['notes=a=b, c'])).to.deep.equal({notes: 'a=b, c'})
    })

    it('refuses a pair without =, naming it', () => {
      usage(() => fieldsObject(['name']), '--field "name" needs the form key=value')
    })

    it('refuses an empty key', () => {
      usage(() => fieldsObject(['=x']), 'the key is empty')
    })

    it('refuses the same field twice', () => {
      usage(() => fieldsObject(['name=A', 'name=B']), 'name is set twice', '--field name=A', '--field name=B')
    })

    it('refuses a gap in a list', () => {
      usage(() => fieldsObject(['contacts.1.email=x@y.z']), 'contacts.0 is missing')
    })
  })

  describe('splitPairs', () => {
    it('splits at commas', () => {
      expect(splitPairs('a=1,b=2,c=x', '--line-item')).to.deep.equal(['a=1', 'b=2', 'c=x'])
    })

    it('keeps commas inside a quoted value (double or single quotes)', () => {
      expect(splitPairs('notes="a, b",cost=1', '--line-item')).to.deep.equal(['notes="a, b"', 'cost=1'])
      expect(splitPairs("notes='a,b,c'", '--line-item')).to.deep.equal(["notes='a,b,c'"])
      expect(splitPairs('a=1,notes="x,y"', '--line-item')).to.deep.equal(['a=1', 'notes="x,y"'])
    })

    it('refuses an unclosed quote, naming the pair', () => {
      usage(() => splitPairs('a=1,notes="x,y', '--line-item'), '--line-item pair "notes=\\"x,y" has an unclosed quote')
    })

    it('refuses text after a closing quote, naming the pair', () => {
      // Quoted as every user value in a message is (shown): escaped, so it stays one line.
      usage(() => splitPairs('notes="x"y,b=1', '--line-item'), '--line-item pair "notes=\\"x\\"y" has text after its closing quote')
      const broken = usage(() => splitPairs("notes='x,\n,notes='x", '--line-item'), 'has text after its closing quote')
      expect(broken.message).not.to.match(/[\r\n]/)
    })
  })

  describe('parseLineItem', () => {
    it('product_key=A,quantity=2,cost=10 gives one object with numbers', () => {
      expect(parseLineItem('product_key=A,quantity=2,cost=10')).to.deep.equal({product_key: 'A', quantity: 2, cost: 10})
    })

    it('a quoted value keeps its commas and loses its quotes', () => {
      expect(parseLineItem('product_key=A,notes="Design, build and test",cost=10')).to.deep.equal({
        product_key: 'A',
        notes: 'Design, build and test',
        cost: 10,
      })
    })

    it('a quoted number stays a string; 0042 stays a string', () => {
      expect(parseLineItem('product_key="10",custom_value1=0042')).to.deep.equal({product_key: '10', custom_value1: '0042'})
    })

    it('true/false/null and an empty value', () => {
      expect(parseLineItem('is_amount_discount=true,tax_name1=null,notes=')).to.deep.equal({
        is_amount_discount: true,
        tax_name1: null,
        notes: '',
      })
    })

    it('refuses a pair without =, naming the pair', () => {
      usage(() => parseLineItem('product_key=A,quantity,cost=10'), '--line-item pair "quantity" is malformed')
    })

    it('refuses a pair with an empty key, naming the pair', () => {
      usage(() => parseLineItem('product_key=A,=5'), '--line-item pair "=5" is malformed')
    })

    it('refuses an invalid key, naming the pair', () => {
      usage(() => parseLineItem('product-key=A'), '--line-item pair "product-key=A"', 'invalid key')
      usage(() => parseLineItem('a.b=1'), '--line-item pair "a.b=1"')
    })

    it('refuses an empty pair', () => {
      usage(() => parseLineItem('a=1,,b=2'), 'empty pair')
      usage(() => parseLineItem(''), 'empty pair')
    })

    it('refuses a key given twice', () => {
      usage(() => parseLineItem('cost=1,cost=2'), 'cost is set twice')
    })
  })
})
