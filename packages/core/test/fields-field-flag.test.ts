/** --field pairs end to end through fieldsObject: the object sent, and what is refused. */
import {expect} from 'chai'

import {fieldsObject} from '../src/input/payload.js'
import {usage} from './helpers.js'

describe('fields: --field / --line-item grammar', () => {
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
      usage(
        () => fieldsObject(['id_number=123456789012345678901234']),
        '--field id_number "123456789012345678901234" cannot be sent exactly',
      )
      expect(fieldsObject(['id_number="123456789012345678901234"'])).to.deep.equal({
        id_number: '123456789012345678901234',
      })
    })

    it('true, false, null and numbers become scalars', () => {
      expect(fieldsObject(['a=true', 'b=false', 'c=null', 'd=10', 'e=-1.5'])).to.deep.equal({
        a: true,
        b: false,
        c: null,
        d: 10,
        e: -1.5,
      })
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
})
