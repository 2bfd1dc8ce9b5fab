/** The payload check: unknown fields warn with the nearest name, wrong JSON types are errors. */
import {expect} from 'chai'

import {checkPayload, jsonSchema} from '../src/registry/schema/check.js'
import {elementTable, familyTable} from '../src/registry/schema/field-table.js'
import {FAMILIES, family} from '../src/registry/registry.js'

describe('payload field tables', () => {
  it('cover every family: the fields every record has, and more from its entry', () => {
    for (const f of FAMILIES) {
      const table = familyTable(f)
      expect(table.fields.get('id'), f.word).to.equal('s')
      expect(table.fields.size, f.word).to.be.above(5)
    }
    expect(familyTable(family('designs')).fields.get('name')).to.equal('s')
    expect(familyTable(family('task-schedulers')).fields.get('report_keys')).to.equal('ls')
  })

  it('name each field once, with its JSON type; list fields name their element table', () => {
    const invoices = familyTable(family('invoices'))
    expect(invoices.label).to.equal('an invoices')
    expect(invoices.fields.get('client_id')).to.equal('s')
    expect(invoices.fields.get('amount')).to.equal('n')
    expect(invoices.fields.get('line_items')).to.deep.equal({list: 'line_item'})
    expect(elementTable('line_item').fields.get('quantity')).to.equal('n')
    expect(familyTable(family('clients')).fields.get('country_id')).to.equal('sn')
  })

  it('become JSON Schemas where null always passes and unknown fields fail additionalProperties', () => {
    const schema = jsonSchema(familyTable(family('projects')))
    expect(schema.additionalProperties).to.equal(false)
    expect(schema.properties!.budgeted_hours).to.deep.equal({type: ['number', 'null']})
    expect(schema.properties!.name).to.deep.equal({type: ['string', 'null']})
  })
})

describe('checkPayload', () => {
  it('passes a payload that fits, nulls included', async () => {
    expect(
      await checkPayload('invoices', {
        client_id: 'VolejRejNm',
        public_notes: null,
        line_items: [{product_key: 'A', quantity: 2, cost: 10}],
      }),
    ).to.deep.equal({warnings: [], errors: []})
  })

  it('a misspelled field is a warning naming the nearest known field', async () => {
    expect(await checkPayload('invoices', {client_id: 'X', public_note: 'Thanks'})).to.deep.equal({
      warnings: ['public_note is not an invoices field; did you mean public_notes?'],
      errors: [],
    })
  })

  it('a field with no near name is a warning that it is sent as given', async () => {
    expect((await checkPayload('clients', {name: 'A', loyalty_tier: 'gold'})).warnings).to.deep.equal([
      'loyalty_tier is not a clients field the CLI knows; it is sent as given',
    ])
  })

  it('list elements are checked too, with one warning per misspelled key', async () => {
    const problems = await checkPayload('quotes', {
      line_items: [
        {product_key: 'A', quantiy: 1},
        {product_key: 'B', quantiy: 2},
      ],
    })
    expect(problems).to.deep.equal({
      warnings: ['line_items.0.quantiy is not a line item field; did you mean quantity?'],
      errors: [],
    })
    expect((await checkPayload('clients', {contacts: [{emial: 'a@b.c'}]})).warnings).to.deep.equal([
      'contacts.0.emial is not a contact field; did you mean email?',
    ])
  })

  it('a wrong JSON type is an error naming the field, the type and the value', async () => {
    expect((await checkPayload('invoices', {amount: '12', line_items: 'A'})).errors).to.deep.equal([
      'amount must be a number, not the string "12"',
      'line_items must be a list, not the string "A"',
    ])
    expect((await checkPayload('invoices', {line_items: [{quantity: '2'}, 'x']})).errors).to.deep.equal([
      'line_items.0.quantity must be a number, not the string "2"',
      'line_items.1 must be an object, not the string "x"',
    ])
    expect((await checkPayload('products', {in_stock_quantity: 2.5, stock_notification: 'yes'})).errors).to.deep.equal([
      'in_stock_quantity must be a whole number, not the number 2.5',
      'stock_notification must be true or false, not the string "yes"',
    ])
    expect((await checkPayload('clients', {name: 5, settings: []})).errors).to.deep.equal([
      'name must be a string, not the number 5',
      'settings must be an object, not a list',
    ])
  })

  it('inside an object field (settings), status_id, country_id, currency_id and type_id must be strings; the rest is not checked', async () => {
    expect(
      (await checkPayload('group-settings', {name: 'g', settings: {currency_id: 1, country_id: '840', timezone_id: 5}}))
        .errors,
    ).to.deep.equal(['settings.currency_id must be a string, not the number 1'])
    expect(await checkPayload('companies', {settings: {currency_id: '1', status_id: null, anything: 2}})).to.deep.equal(
      {warnings: [], errors: []},
    )
  })

  it('where the document and FACTS.md disagree, both types pass', async () => {
    expect(await checkPayload('clients', {country_id: '840'})).to.deep.equal({warnings: [], errors: []})
    expect(await checkPayload('clients', {country_id: 840})).to.deep.equal({warnings: [], errors: []})
    expect(await checkPayload('payments', {invoices: [{invoice_id: 'X', amount: '10.00'}]})).to.deep.equal({
      warnings: [],
      errors: [],
    })
    expect((await checkPayload('recurring-invoices', {line_items: {}})).errors).to.deep.equal([
      'line_items must be a list, not an object',
    ])
  })

  it('every family is checked, the ones written from the document since issue 16 too', async () => {
    expect(await checkPayload('designs', {anything: 'goes'})).to.deep.equal({
      warnings: ['anything is not a designs field the CLI knows; it is sent as given'],
      errors: [],
    })
    expect((await checkPayload('task-schedulers', {report_keys: ['a', 1]})).errors).to.deep.equal([
      'report_keys.1 must be a string, not the number 1',
    ])
    expect((await checkPayload('bank-transactions', {transaction_id: 'X', amount: '1'})).errors).to.deep.equal([
      'amount must be a number, not the string "1"',
    ])
  })
})
