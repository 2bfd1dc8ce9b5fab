/**
 * The payload check, from the server's facts (registry/server): unknown names warn with the nearest
 * name the server knows, values its rules certainly refuse are errors, the rest goes to the server.
 */
import {expect} from 'chai'

import {checkPayload, elementTable, familyTable} from '../src/registry/schema/check.js'

const clean = {warnings: [], errors: []}

describe('payload field tables from the server facts', () => {
  it('take each writable field with the type the server gives it; answer keys are known, not writable', () => {
    const invoices = familyTable('invoices')!
    expect(invoices.label).to.equal('an invoices')
    expect(invoices.fields.get('client_id')).to.equal('hid')
    expect(invoices.fields.get('amount')).to.equal('num')
    expect(invoices.fields.get('line_items')).to.equal('objs')
    expect(invoices.fields.has('balance')).to.equal(false)
    expect(invoices.known.has('balance')).to.equal(true)
    expect(elementTable('line_item').fields.get('quantity')).to.equal('num')
    expect(familyTable('vendors')!.fields.get('currency_id')).to.equal('iid')
    expect(familyTable('designs')!.fields.get('design')).to.equal('obj')
  })

  it('families the server has no writes for have no table', () => {
    expect(familyTable('activities')).to.equal(undefined)
  })
})

describe('checkPayload', () => {
  it('passes a payload that fits, nulls and empty strings included', async () => {
    expect(
      await checkPayload('invoices', {
        client_id: 'VolejRejNm',
        public_notes: null,
        partial_due_date: '',
        line_items: [{product_key: 'A', quantity: 2, cost: 10}],
      }),
    ).to.deep.equal(clean)
  })

  it('a misspelled field is a warning naming the nearest field the server writes', async () => {
    expect(await checkPayload('invoices', {client_id: 'X', public_note: 'Thanks'})).to.deep.equal({
      warnings: ['public_note is not an invoices field; did you mean public_notes?'],
      errors: [],
    })
    expect((await checkPayload('tasks', {task_status_id: 'X'})).warnings).to.deep.equal([
      'task_status_id is not a tasks field the server knows; it is sent as given',
    ])
  })

  it('a field with no near name is a warning that it is sent as given', async () => {
    expect((await checkPayload('clients', {name: 'A', loyalty_tier: 'gold'})).warnings).to.deep.equal([
      'loyalty_tier is not a clients field the server knows; it is sent as given',
    ])
  })

  it('keys of the answers (a record read with show and sent back) are not warned', async () => {
    expect(await checkPayload('invoices', {id: 'X', balance: 10, created_at: 1, is_deleted: false})).to.deep.equal(
      clean,
    )
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

  it('a value a rule refuses is an error naming the field, the type and the value', async () => {
    expect((await checkPayload('invoices', {amount: 'twelve', line_items: 'A'})).errors).to.deep.equal([
      'amount must be a number, not the string "twelve"',
      'line_items must be a list, not the string "A"',
    ])
    expect(
      (await checkPayload('products', {in_stock_quantity: 'many', stock_notification: 'yes'})).errors,
    ).to.deep.equal([
      'in_stock_quantity must be a number, not the string "many"',
      'stock_notification must be true, false, 1 or 0, not the string "yes"',
    ])
    expect((await checkPayload('vendors', {name: 5})).errors).to.deep.equal(['name must be a string, not the number 5'])
  })

  it('a hashed id must be a string whether or not a rule names it', async () => {
    expect((await checkPayload('quotes', {client_id: 'X', project_id: 7})).errors).to.deep.equal([
      'project_id must be a hashed id string, not the number 7',
    ])
  })

  it('a field only a cast types is never refused: the cast converts it', async () => {
    expect(await checkPayload('clients', {name: 'A', has_valid_vat_number: 'maybe', number: 12})).to.deep.equal(clean)
    expect(await checkPayload('invoices', {line_items: [{quantity: 'two', type_id: 2}]})).to.deep.equal(clean)
  })

  it('create asks for the fields the server requires; update does not', async () => {
    expect((await checkPayload('invoices', {public_notes: 'x'}, 'create')).errors).to.deep.equal([
      'client_id is required (a hashed id string): give --field client_id=...',
    ])
    expect((await checkPayload('projects', {client_id: 'VolejRejNm'}, 'create')).errors).to.deep.equal([
      'name is required (a string): give --field name=...',
    ])
    // A field the store request fills in when missing is not asked for (a design's parts, a project's task_rate).
    expect((await checkPayload('designs', {name: 'Clean'}, 'create')).errors).to.deep.equal([])
    expect(await checkPayload('invoices', {public_notes: 'x'}, 'update')).to.deep.equal(clean)
  })
})
