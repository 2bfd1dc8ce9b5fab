/**
 * Guided flags and list columns come from the server's facts: a family offers a guided flag
 * exactly where the server writes its field, with the kind of value the server takes, and every
 * column of its list table is a key of the server's answers.
 */
import {expect} from 'chai'

import {guidedFlagsFor} from '../src/commands/resource/guided.js'
import {GUIDED_FLAGS} from '../src/input/payload.js'
import {FAMILIES} from '../src/registry/registry.js'
import {names, serverFacts, serverFieldType} from '../src/registry/server/facts.js'
import type {ServerType} from '../src/registry/server/types.js'

/** The server types a guided flag's kind of value fits. */
const FITS: Record<string, readonly ServerType[]> = {
  id: ['hid'],
  date: ['date'],
  number: ['num', 'int'],
  string: ['str'],
  pairs: ['objs'],
}

describe('guided flags from the server facts', () => {
  for (const f of FAMILIES.filter((g) => g.verbs.has('create') || g.verbs.has('update'))) {
    it(`${f.word}: a guided flag exactly where the server writes its field, of a kind its type takes`, () => {
      const offered = guidedFlagsFor(f).map((g) => g.flag)
      const written = GUIDED_FLAGS.filter((g) => serverFieldType(f.word, g.field) !== undefined).map((g) => g.flag)
      expect(offered).to.deep.equal(written)
      for (const g of guidedFlagsFor(f))
        expect(FITS[g.kind], `--${g.flag}`).to.include(serverFieldType(f.word, g.field))
    })
  }

  it("the issue's cases: quotes take --project-id and --vendor-id, purchase orders --client-id; terms no --name", () => {
    const flags = (word: string) => guidedFlagsFor(FAMILIES.find((f) => f.word === word)!).map((g) => g.flag)
    expect(flags('quotes')).to.include.members(['project-id', 'vendor-id', 'client-id'])
    expect(flags('purchase-orders')).to.include.members(['client-id', 'project-id'])
    expect(flags('invoices')).to.include('vendor-id')
    expect(flags('payment-terms')).to.not.include('name')
  })

  it('--invoice INVOICE:AMOUNT on payments create only: the one family whose create pays invoices', () => {
    const offering = (verb: 'create' | 'update') =>
      FAMILIES.filter((f) => guidedFlagsFor(f, verb).some((g) => g.flag === 'invoice')).map((f) => f.word)
    expect(offering('create')).to.deep.equal(['payments'])
    expect(offering('update')).to.deep.equal([])
  })
})

describe('list columns from the server facts', () => {
  it('every family has list columns: CSV has a stable header', () => {
    expect(FAMILIES.filter((f) => !f.columns).map((f) => f.word)).to.deep.equal([])
  })

  for (const f of FAMILIES.filter((g) => g.columns)) {
    it(`${f.word}: every column is a key of the server's answers, or a relation they can include`, () => {
      const answer = new Set([...names(serverFacts(f.word)?.answer), ...names(serverFacts(f.word)?.includes)])
      expect(f.columns!.filter((c) => !answer.has(c.split('.')[0]))).to.deep.equal([])
    })
  }
})
