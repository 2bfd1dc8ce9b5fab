/** The lazy command table: every key there at once, each value built on first read and only once. */
import {expect} from 'chai'

import {hasTopic, lazyTable} from '../src/commands/resource/lazy-table.js'
import {resourceCommands} from '../src/commands/resource/commands.js'
import {FAMILIES, VERBS} from '../src/registry/registry.js'

const KEYS = ['a:list', 'a:show', 'b:list']

/** A table over three keys that counts what its source is asked. */
function counted() {
  const made: string[] = []
  let listed = 0
  const table = lazyTable({
    has: (key) => KEYS.includes(key),
    hasTopic: (prefix) => KEYS.some((key) => key.startsWith(`${prefix}:`)),
    keys: () => (listed++, [...KEYS]),
    make: (key) => (made.push(key), {id: key}),
  })
  return {table, made, listed: () => listed}
}

describe('lazyTable', () => {
  it('has every key, in order, and builds nothing to say so', () => {
    const {table, made, listed} = counted()
    expect(Object.hasOwn(table, 'a:show')).to.equal(true)
    expect('b:list' in table).to.equal(true)
    expect(Object.hasOwn(table, 'c:list')).to.equal(false)
    expect('toString' in table).to.equal(true)
    expect(listed()).to.equal(0)
    expect(Object.keys(table)).to.deep.equal(KEYS)
    expect(Reflect.ownKeys(table)).to.deep.equal(KEYS)
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
    Object.assign(table, {api: {id: 'api'}, 'c:run': {id: 'c:run'}})
    expect(Object.keys(table)).to.deep.equal([...KEYS, 'api', 'c:run'])
    expect(Object.entries(table).map(([k, v]) => `${k}=${(v as {id: string}).id}`)).to.deep.equal([
      'a:list=a:list',
      'a:show=a:show',
      'b:list=b:list',
      'api=api',
      'c:run=c:run',
    ])
    expect(made).to.deep.equal(KEYS)
    // Two commands under one id is a mistake in the table, not an override.
    expect(() => Object.assign(table, {'a:list': {id: 'mine'}})).to.throw(TypeError)
    expect(table['a:list']).to.deep.equal({id: 'a:list'})
  })

  it('hasTopic: a prefix of a lazy key (the source asked, no key listed) or of a plain one; not a key itself', () => {
    const {table, listed} = counted()
    Object.assign(table, {'c:run': {id: 'c:run'}})
    expect(['a', 'b', 'c', 'a:list', 'd', 'a:'].map((p) => hasTopic(table, p))).to.deep.equal([
      true,
      true,
      true,
      false,
      false,
      false,
    ])
    expect(listed()).to.equal(0)
    expect(hasTopic({'x:y:z': 1}, 'x:y')).to.equal(true)
    expect(hasTopic({'x:y': 1}, 'x:y')).to.equal(false)
  })

  it("the registry's table: one command per published verb and operation, built only when read", () => {
    const table = resourceCommands(FAMILIES)
    const expected = FAMILIES.flatMap((f) => [
      ...VERBS.filter((v) => f.verbs.has(v)).map((v) => `${f.word}:${v}`),
      ...f.operations.map((op) => `${f.word}:${op.name}`),
    ])
    expect(Object.keys(table)).to.deep.equal(expected)
    // Asked one by one, the table says the same of every id, and of ids it does not have.
    expect(expected.every((id) => Object.hasOwn(table, id))).to.equal(true)
    const unpublished = FAMILIES.flatMap((f) => VERBS.filter((v) => !f.verbs.has(v)).map((v) => `${f.word}:${v}`))
    expect(unpublished.length).to.be.above(0)
    expect([...unpublished, 'invoices', 'nothing:list', 'invoices:list:x', ':list'].some((id) => id in table)).to.equal(
      false,
    )
    expect(FAMILIES.every((f) => hasTopic(table, f.word))).to.equal(true)
    const show = table['invoices:show'] as unknown as {family: {word: string}}
    expect(show.family.word).to.equal('invoices')
    expect(table['invoices:show']).to.equal(show)
    const email = table['invoices:email'] as unknown as {operation: {name: string}}
    expect(email.operation.name).to.equal('email')
  })

  it("no family has an operation named like a verb: the table's ids would clash", () => {
    for (const f of FAMILIES)
      expect(
        f.operations.filter((op) => (VERBS as readonly string[]).includes(op.name)),
        f.word,
      ).to.deep.equal([])
  })
})
