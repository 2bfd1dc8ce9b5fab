/** `--filter` names and values checked against the server's filters (registry/server), table-driven. */
import {expect} from 'chai'

import {checkFilters, filterHelp} from '../src/commands/resource/list-filters.js'
import {usage} from './helpers.js'

const TAKEN: ReadonlyArray<[string, string]> = [
  ['invoices', 'client_status=paid,overdue'],
  ['invoices', 'status=active,archived'],
  ['invoices', 'client_id=VolejRejNm'],
  ['invoices', 'filter=acme'],
  ['invoices', 'date_range=2024-01-01,2024-01-31'],
  ['quotes', 'client_status=upcoming'],
  ['purchase-orders', 'client_status=accepted'],
  ['recurring-invoices', 'client_status=paused'],
  ['payments', 'client_status=partially_unapplied'],
  ['clients', 'balance=1000:gt'],
  ['clients', 'balance=-5.5:lte'],
  ['designs', 'template=false'],
  ['quotes', 'is_deleted=1'],
]

const REFUSED: ReadonlyArray<[string, string, string]> = [
  ['invoices', 'clinet_id=X', 'did you mean client_id?'],
  ['invoices', 'balance=1000:gt', 'is not a filter of invoices lists'],
  ['clients', 'balance=gt:1000', 'an amount, a colon and one of'],
  ['quotes', 'is_deleted=true', 'one of 0, 1'],
  ['tasks', 'task_status_id=X', 'is not a filter of tasks lists'],
]

describe('list filters: names and values the server knows', () => {
  for (const [word, filter] of TAKEN)
    it(`${word}: --filter ${filter} is taken`, () => expect(() => checkFilters(word, [filter])).to.not.throw())

  for (const [word, filter, says] of REFUSED)
    it(`${word}: --filter ${filter} is refused`, () => usage(() => checkFilters(word, [filter]), says))

  // A value of a comma-separated set the server does not know: the server ignores it (issue 33).
  const IGNORED: ReadonlyArray<[string, string, string]> = [
    ['invoices', 'client_status=ovrdue', 'did you mean overdue?'],
    ['invoices', 'client_status=paid,upcoming', 'comma-separated values of all, draft, paid'],
  ]
  for (const [word, filter, says] of IGNORED) {
    it(`${word}: --filter ${filter} is refused where a change acts on the list (bulk)`, () =>
      usage(() => checkFilters(word, [filter], false, 'bulk'), says))

    it(`${word}: --filter ${filter} is warned about and taken by a list that only reads`, () => {
      const written: string[] = []
      const write = process.stderr.write
      process.stderr.write = ((chunk: string) => written.push(String(chunk)) > 0) as typeof write
      try {
        expect(() => checkFilters(word, [filter])).to.not.throw()
      } finally {
        process.stderr.write = write
      }
      expect(written).to.have.length(1)
      expect(written[0]).to.include(says).and.include('the server ignores the values it does not know (sent as given)')
    })
  }

  it('--status where the list has no status filter is refused; where it has one, taken', () => {
    usage(() => checkFilters('activities', ['status=active'], true), 'activities lists have no status filter')
    expect(() => checkFilters('invoices', ['status=active'], true)).to.not.throw()
  })

  it('the help lists the filters and the values of a known set, never one the list lacks', () => {
    const help = filterHelp('invoices')
    expect(help).to.include('- client_status: states, comma-separated; all: no filter. Values: all, draft, paid,')
    expect(help).to.not.include('- balance:').and.not.include('- page:').and.not.include('- sort:')
  })
})
