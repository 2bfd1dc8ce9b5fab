import {expect} from 'chai'

import {localDateTime} from '../src/output/cells.js'
import {fitColumns} from '../src/output/fit.js'
import {wrapWords} from '../src/output/notes.js'
import {chooseColumns, formatCell, headerOf, renderRecord, renderTable, styleFor} from '../src/output/table.js'

const tty = {isTTY: true, columns: 60} as NodeJS.WriteStream
const pipe = {isTTY: false} as NodeJS.WriteStream

describe('tables for people', () => {
  it('colour only on a terminal, never with NO_COLOR (set and not empty, as no-color.org says) or TERM=dumb; a width only on a terminal', () => {
    expect(styleFor(tty, {})).to.deep.equal({color: true, width: 60})
    expect(styleFor(tty, {NO_COLOR: ''})).to.deep.equal({color: true, width: 60})
    expect(styleFor(tty, {NO_COLOR: '1'})).to.deep.equal({color: false, width: 60})
    expect(styleFor(tty, {TERM: 'dumb'})).to.deep.equal({color: false, width: 60})
    expect(styleFor(pipe, {})).to.deep.equal({color: false})
  })

  it('renders a header and aligned rows; bold header only with colour', () => {
    const rows = [
      {id: 'a1', name: 'Acme', balance: 10},
      {id: 'b22', name: 'Globex', balance: 2.5},
    ]
    // Amounts to two decimals, right-aligned under a right-aligned header.
    expect(renderTable(rows, ['id', 'name', 'balance'], {color: false})).to.equal(
      'ID   NAME    BALANCE\na1   Acme      10.00\nb22  Globex     2.50',
    )
    expect(renderTable(rows, ['id'], {color: true}).split('\n')[0]).to.equal('\u001B[1mID\u001B[22m')
  })

  it('chooses the family columns present in the records, dotted paths included', () => {
    expect(
      chooseColumns([{id: 1, number: '1', client: {name: 'x'}}], ['id', 'number', 'client.name', 'due_date']),
    ).to.deep.equal(['id', 'number', 'client.name'])
    expect(chooseColumns([{foo: 1, bar: {x: 1}, baz: 'z'}])).to.deep.equal(['foo', 'baz'])
    // The state column only when some record is archived or deleted: a column of blanks tells nothing.
    const active = {id: 'a', archived_at: 0, is_deleted: false}
    expect(chooseColumns([active], ['id', 'record_state'])).to.deep.equal(['id'])
    expect(chooseColumns([active, {id: 'b', archived_at: 1, is_deleted: false}], ['id', 'record_state'])).to.deep.equal(
      ['id', 'record_state'],
    )
  })

  it('cells stay on one line; lists of records are counts; cut only when asked', () => {
    expect(formatCell('a\nb\tc')).to.equal('a b c')
    expect(formatCell('x'.repeat(50))).to.equal('x'.repeat(50))
    expect(formatCell('x'.repeat(50), 40)).to.equal(`${'x'.repeat(39)}…`)
    expect(formatCell([{a: 1}, {a: 2}])).to.equal('2 items')
    expect(formatCell([{a: 1}])).to.equal('1 item')
    expect(formatCell(null)).to.equal('')
  })

  it('the names of coded values (statuses, frequencies), timestamps in local time, archived and deleted rows', () => {
    const codes = new Map([
      [
        'status_id',
        new Map([
          ['2', 'Sent'],
          ['4', 'Paid'],
        ]),
      ],
      ['frequency_id', new Map([['5', 'Monthly']])],
    ])
    const rows = [
      {id: 'a', status_id: '2', frequency_id: 5, updated_at: 0, is_deleted: false, archived_at: 0},
      {id: 'b', status_id: '4', frequency_id: '5', updated_at: 1_700_000_000, is_deleted: false, archived_at: 1},
      {id: 'c', status_id: '9', frequency_id: 13, updated_at: 1_700_000_000, is_deleted: true, archived_at: 1},
    ]
    const stamp = localDateTime(1_700_000_000)
    const columns = ['id', 'record_state', 'status_id', 'frequency_id', 'updated_at']
    expect(renderTable(rows, columns, {color: false, codes})).to.equal(
      [
        'ID  STATE     STATUS_ID  FREQUENCY_ID  UPDATED_AT',
        'a             Sent       Monthly',
        `b   archived  Paid       Monthly       ${stamp}`,
        `c   deleted   9          13            ${stamp}`,
      ].join('\n'),
    )
    // A status has its colour; another coded value has none.
    const coloured = renderTable(rows.slice(1, 2), columns.slice(0, 4), {color: true, codes}).split('\n')[1]
    expect(coloured).to.equal('b   \u001B[2marchived\u001B[22m  \u001B[32mPaid\u001B[39m       Monthly')
  })

  it('fits a width: narrow columns keep theirs, the widest text column shrinks, then the rightmost columns drop', () => {
    // 10 + 30 + 8 + 2 gaps of 2 = 52.
    expect(fitColumns([10, 30, 8], [false, true, false], 52)).to.deep.equal({keep: 3, widths: [10, 30, 8]})
    expect(fitColumns([10, 30, 8], [false, true, false], 40)).to.deep.equal({keep: 3, widths: [10, 18, 8]})
    expect(fitColumns([10, 30, 8], [false, true, false], 30)).to.deep.equal({keep: 2, widths: [10, 18]})
    const notes: string[] = []
    const rows = [{id: 'VolejRejNm', notes: 'One hour of consulting on the new website', price: 150}]
    // The id goes before the amounts: the record is still named by its other columns.
    expect(renderTable(rows, ['id', 'notes', 'price'], {color: false, width: 30, note: (t) => notes.push(t)})).to.equal(
      'NOTES                    PRICE\nOne hour of consultin…  150.00',
    )
    expect(notes).to.deep.equal([
      'note: column id left out to fit 30 columns (--columns picks them; piped output has them all)',
    ])
    renderTable(rows, ['id', 'notes', 'price'], {color: false, width: 30, note: (t) => notes.push(t)}, true)
    expect(notes[1]).to.equal(
      'note: column price left out to fit 30 columns (fewer --columns or a wider terminal shows them; piped ' +
        'output has them all)',
    )
  })

  it('a header is the column for people: STATE, a related record by its relation (CLIENT), else the path', () => {
    expect(['record_state', 'client.display_name', 'category.name', 'status_id'].map((c) => headerOf(c))).to.deep.equal(
      ['STATE', 'CLIENT', 'CATEGORY.NAME', 'STATUS_ID'],
    )
  })

  it('notes break between words at the width; a word longer than the width is cut across lines; piped, one line', () => {
    expect(wrapWords('note: a b c', 7)).to.deep.equal(['note: a', 'b c'])
    expect(wrapWords('see https://example.test/long', 10)).to.deep.equal(['see', 'https://ex', 'ample.test', '/long'])
    expect(wrapWords('one  line   kept', undefined)).to.deep.equal(['one  line   kept'])
  })

  it('a record is a key/value view, cut to the width only on a terminal', () => {
    expect(renderRecord({id: 'a1', is_deleted: false, contacts: [{}]}, {color: false})).to.equal(
      'id          a1\nis_deleted  false\ncontacts    1 item',
    )
    const notes: string[] = []
    expect(
      renderRecord({id: 'a1', notes: 'x'.repeat(40)}, {color: false, width: 20, note: (t) => notes.push(t)}),
    ).to.equal(`id     a1\nnotes  ${'x'.repeat(12)}…`)
    expect(notes).to.deep.equal(['note: notes cut to fit 20 columns (--output json, or piped output, has it in full)'])
  })

  it('a record view names an embedded relation beside its id; other objects stay JSON', () => {
    const record = {
      id: 'Inv0000001',
      client_id: 'VolejRejNm',
      number: '0001',
      settings: {currency_id: '1'},
      // As include=client and include=category embed them: at the end of the record.
      client: {id: 'VolejRejNm', name: 'Acme', display_name: 'Acme Ltd', contacts: []},
      category: {id: 'Ec1', name: 'Travel'},
    }
    expect(renderRecord(record, {color: false})).to.equal(
      [
        'id         Inv0000001',
        'client_id  VolejRejNm',
        'client     Acme Ltd',
        'number     0001',
        'settings   {"currency_id":"1"}',
        // No category_id beside it: where the server put it.
        'category   Travel',
      ].join('\n'),
    )
    // An object without an id is no relation: JSON, as before.
    expect(renderRecord({meta: {name: 'x'}}, {color: false})).to.equal('meta  {"name":"x"}')
  })
})
