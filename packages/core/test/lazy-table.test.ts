/** The lazy command table: every key known at once, each value built on first read and only once. */
import {expect} from 'chai'

import {lazyTable} from '../src/commands/resource/lazy-table.js'
import {resourceCommands} from '../src/commands/resource/commands.js'
import {FAMILIES, VERBS} from '../src/registry/registry.js'

function counted() {
  const made: string[] = []
  const makers = new Map(['a:list', 'a:show', 'b:list'].map((k) => [k, () => (made.push(k), {id: k})]))
  return {table: lazyTable(makers), made}
}

describe('lazyTable', () => {
  it('lists every key, in order, and builds nothing to do so', () => {
    const {table, made} = counted()
    expect(Object.keys(table)).to.deep.equal(['a:list', 'a:show', 'b:list'])
    expect(Reflect.ownKeys(table)).to.deep.equal(['a:list', 'a:show', 'b:list'])
    expect(Object.hasOwn(table, 'a:show')).to.equal(true)
    expect('b:list' in table).to.equal(true)
    expect(Object.hasOwn(table, 'c:list')).to.equal(false)
    expect('toString' in table).to.equal(true)
    expect(made).to.deep.equal([])
  })

  it('builds a value on its first read only, and hands the same value back', () => {
    const {table, made} = counted()
    const first = table['a:show']
    expect(first).to.deep.equal({id: 'a:show'})
    expect(table['a:show']).to.equal(first)
    expect(Object.getOwnPropertyDescriptor(table, 'a:show')?.get?.()).to.equal(first)
    expect(table['c:list']).to.equal(undefined)
    expect(made).to.deep.equal(['a:show'])
  })

  it('takes plain properties beside the lazy ones (Object.assign); setting a lazy key throws, as on a getter', () => {
    const {table, made} = counted()
    Object.assign(table, {api: {id: 'api'}})
    expect(Object.keys(table)).to.deep.equal(['a:list', 'a:show', 'b:list', 'api'])
    expect(Object.entries(table).map(([k, v]) => `${k}=${(v as {id: string}).id}`)).to.deep.equal([
      'a:list=a:list',
      'a:show=a:show',
      'b:list=b:list',
      'api=api',
    ])
    expect(made).to.deep.equal(['a:list', 'a:show', 'b:list'])
    // Two commands under one id is a mistake in the table, not an override.
    expect(() => Object.assign(table, {'a:list': {id: 'mine'}})).to.throw(TypeError)
    expect(table['a:list']).to.deep.equal({id: 'a:list'})
  })

  it("the registry's table: one command per published verb and operation, built only when read", () => {
    const table = resourceCommands(FAMILIES)
    const expected = FAMILIES.flatMap((f) => [
      ...VERBS.filter((v) => f.verbs.has(v)).map((v) => `${f.word}:${v}`),
      ...f.operations.map((op) => `${f.word}:${op.name}`),
    ])
    expect(Object.keys(table)).to.deep.equal(expected)
    const show = table['invoices:show'] as unknown as {id?: string; family: {word: string}}
    expect(show.family.word).to.equal('invoices')
    expect(table['invoices:show']).to.equal(show)
  })
})
