import {expect} from 'chai'

import {chooseColumns, formatCell, renderRecord, renderTable, styleFor} from '../src/table.js'

const tty = {isTTY: true} as NodeJS.WriteStream
const pipe = {isTTY: false} as NodeJS.WriteStream

describe('tables for people', () => {
  it('colour only on a terminal, never with NO_COLOR or TERM=dumb', () => {
    expect(styleFor(tty, {})).to.deep.equal({color: true})
    expect(styleFor(tty, {NO_COLOR: ''})).to.deep.equal({color: false})
    expect(styleFor(tty, {NO_COLOR: '1'})).to.deep.equal({color: false})
    expect(styleFor(tty, {TERM: 'dumb'})).to.deep.equal({color: false})
    expect(styleFor(pipe, {})).to.deep.equal({color: false})
  })

  it('renders a header and aligned rows; bold header only with colour', () => {
    const rows = [{id: 'a1', name: 'Acme', balance: 10}, {id: 'b22', name: 'Globex', balance: 2.5}]
    expect(renderTable(rows, ['id', 'name', 'balance'], {color: false})).to.equal('ID   NAME    BALANCE\na1   Acme    10\nb22  Globex  2.5')
    expect(renderTable(rows, ['id'], {color: true}).split('\n')[0]).to.equal('\u001B[1mID\u001B[22m')
  })

  it('chooses the family columns present in the records, dotted paths included', () => {
    expect(chooseColumns([{id: 1, number: '1', client: {name: 'x'}}], ['id', 'number', 'client.name', 'due_date'])).to.deep.equal(['id', 'number', 'client.name'])
    expect(chooseColumns([{foo: 1, bar: {x: 1}, baz: 'z'}])).to.deep.equal(['foo', 'baz'])
  })

  it('cells stay on one line and are cut at 40 characters', () => {
    expect(formatCell('a\nb\tc')).to.equal('a b c')
    expect(formatCell('x'.repeat(50))).to.equal(`${'x'.repeat(39)}…`)
    expect(formatCell([{a: 1}, {a: 2}])).to.equal('[2 items]')
    expect(formatCell(null)).to.equal('')
  })

  it('a record is a key/value view', () => {
    expect(renderRecord({id: 'a1', is_deleted: false, contacts: [{}]}, {color: false})).to.equal('id          a1\nis_deleted  false\ncontacts    [1 items]')
  })
})
