import {expect} from 'chai'

import {editDistance, nearest} from '../src/suggest.js'

describe('nearest name (did you mean ...?)', () => {
  it('counts insertions, deletions, substitutions and swapped neighbours as one edit each', () => {
    expect(editDistance('public_note', 'public_notes')).to.equal(1)
    expect(editDistance('cleint_id', 'client_id')).to.equal(1)
    expect(editDistance('amont', 'amount')).to.equal(1)
    expect(editDistance('kitten', 'sitting')).to.equal(3)
    expect(editDistance('', 'abc')).to.equal(3)
  })

  it('suggests only names within a third of the length (one edit for short names)', () => {
    expect(nearest('public_note', ['public_notes', 'private_notes'])).to.equal('public_notes')
    expect(nearest('emial', ['email', 'phone'])).to.equal('email')
    expect(nearest('qty', ['quantity', 'cost'])).to.equal(undefined)
    expect(nearest('design_id', ['client_id', 'user_id'])).to.equal(undefined)
    expect(nearest('invoice:list', ['invoices:list', 'invoices:show'])).to.equal('invoices:list')
  })

  it('the closest wins; ties go to the earlier candidate', () => {
    expect(nearest('tax_rate', ['tax_rate1', 'tax_rate2', 'tax_rate'])).to.equal('tax_rate')
    expect(nearest('tax_rat', ['tax_rate1', 'tax_rate'])).to.equal('tax_rate')
    expect(nearest('ab', ['ac', 'ad'])).to.equal('ac')
  })
})
