/**
 * The stand-in's lists honour the filters the server reads from a record's own columns (server-filters.ts), as the
 * server's query compares them; a family whose facts lack a filter ignores it, as the server does.
 */
import {expect} from 'chai'

import {FAMILIES} from '../../packages/core/src/registry/registry.js'
import {listFilters, serverFacts} from '../../packages/core/src/registry/server/facts.js'
import {MODELLED_FILTERS} from '../support/server-filters.js'
import {callJson, up, useStandIn} from './helpers.js'

const ids = async (query: string) =>
  (await callJson(`/api/v1/${query}`)).body.data.map((r: {id: string}) => r.id) as string[]

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

describe("upstream stand-in: the filters of a record's own columns", () => {
  useStandIn()

  it('invoices: status_id, date, due_date, due_date_range, private_notes, payable, overdue, upcoming', async () => {
    up.seed('clients', [{id: 'c1', name: 'Acme', contacts: []}])
    up.seed('invoices', [
      {id: 'i1', client_id: 'c1', status_id: '1', balance: 0, date: '2024-01-10', due_date: '2024-02-10'},
      {id: 'i2', client_id: 'c1', status_id: '2', balance: 50, date: '2024-02-10', due_date: day(-3)},
      {id: 'i3', client_id: 'c1', status_id: '3', balance: 20, date: '2024-03-10', due_date: day(10)},
      {id: 'i4', client_id: 'c2', status_id: '4', balance: 0, date: '2024-04-10', private_notes: 'Net 30, ASAP'},
      // Due today: overdue already (its date is its midnight) and upcoming too, as on the server.
      {id: 'i5', client_id: 'c1', status_id: '2', balance: 5, date: '2024-05-10', due_date: day(0)},
    ])
    expect(await ids('invoices?status_id=2,3')).to.deep.equal(['i2', 'i3', 'i5'])
    expect(await ids('invoices?status_id=')).to.deep.equal(['i1', 'i2', 'i3', 'i4', 'i5'])
    expect(await ids('invoices?date=2024-02-10')).to.deep.equal(['i2', 'i3', 'i4', 'i5'])
    // A Unix time at noon: that day's invoices are dated before it (a date column compares as its midnight).
    expect(await ids(`invoices?date=${Date.parse('2024-02-10T12:00:00Z') / 1000}`)).to.deep.equal(['i3', 'i4', 'i5'])
    expect(await ids('invoices?date=not-a-date')).to.have.length(5)
    expect(await ids(`invoices?due_date=${day(0)}`)).to.deep.equal(['i3', 'i5'])
    expect(await ids('invoices?due_date_range=2024-02-01,2024-02-10')).to.deep.equal(['i1'])
    expect(await ids('invoices?private_notes=asap')).to.deep.equal(['i4'])
    expect(await ids('invoices?payable=c1')).to.deep.equal(['i2', 'i3', 'i5'])
    // Applied whatever the value, as QueryFilters::apply calls them without their argument.
    expect(await ids('invoices?overdue=')).to.deep.equal(['i2', 'i5'])
    expect(await ids('invoices?upcoming=1')).to.deep.equal(['i3', 'i5'])
  })

  it('is_deleted as MySQL compares it, with_trashed=false, and the records of deleted or archived clients', async () => {
    up.seed('clients', [
      {id: 'c1', name: 'Live', contacts: []},
      {id: 'c2', name: 'Archived', archived_at: 1_700_000_000, contacts: []},
      {id: 'c3', name: 'Deleted', is_deleted: true, archived_at: 1_700_000_000, contacts: []},
    ])
    up.seed('invoices', [
      {id: 'i1', client_id: 'c1'},
      {id: 'i2', client_id: 'c2'},
      {id: 'i3', client_id: 'c3'},
      {id: 'i4', client_id: 'c1', is_deleted: true, archived_at: 1_700_000_000},
    ])
    expect(await ids('invoices?is_deleted=1')).to.deep.equal(['i4'])
    expect(await ids('invoices?is_deleted=0')).to.deep.equal(['i1', 'i2', 'i3'])
    // 'true' (and the empty value, whose default is 'true') reads as 0 in MySQL: the records not deleted.
    expect(await ids('invoices?is_deleted=true')).to.deep.equal(['i1', 'i2', 'i3'])
    expect(await ids('invoices?is_deleted=')).to.deep.equal(['i1', 'i2', 'i3'])
    expect(await ids('invoices?with_trashed=false')).to.deep.equal(['i1', 'i2', 'i3'])
    expect(await ids('invoices?filter_deleted_clients=true')).to.deep.equal(['i1', 'i2', 'i4'])
    expect(await ids('invoices?without_deleted_clients=1')).to.deep.equal(['i1', 'i4'])
  })

  it('clients: id_number, group, between_balance; expenses: vendor_id, amount, categories; frequency_id', async () => {
    up.seed('clients', [
      {id: 'c1', name: 'A', id_number: 'X-1', group_settings_id: 'g1', balance: 10, contacts: []},
      {id: 'c2', name: 'B', id_number: 'X-2', balance: 250.5, contacts: []},
    ])
    expect(await ids('clients?id_number=X-2')).to.deep.equal(['c2'])
    expect(await ids('clients?group=g1')).to.deep.equal(['c1'])
    expect(await ids('clients?between_balance=100:300')).to.deep.equal(['c2'])
    expect(await ids('clients?between_balance=100')).to.deep.equal(['c1', 'c2'])
    up.seed('vendors', [{id: 'v1', name: 'Paper Co'}])
    up.seed('expenses', [
      {id: 'e1', vendor_id: 'v1', amount: 35.9, category_id: 'k1'},
      {id: 'e2', amount: 12, category_id: 'k2'},
    ])
    expect(await ids('expenses?vendor_id=v1')).to.deep.equal(['e1'])
    expect(await ids('expenses?amount=35.90')).to.deep.equal(['e1'])
    expect(await ids('expenses?categories=k2,k9')).to.deep.equal(['e2'])
    up.seed('recurring_invoices', [
      {id: 'r1', client_id: 'c1', frequency_id: '5'},
      {id: 'r2', client_id: 'c1', frequency_id: '7'},
    ])
    expect(await ids('recurring_invoices?frequency_id=7')).to.deep.equal(['r2'])
  })

  it("tasks: project_tasks, user_id, assigned_user, hash, task_status (that status's tasks not invoiced)", async () => {
    up.seed('tasks', [
      {id: 't1', project_id: 'p1', user_id: 'u1', assigned_user_id: 'u2', status_id: 's1', invoice_id: '', hash: 'h1'},
      {id: 't2', project_id: 'p2', user_id: 'u2', assigned_user_id: 'u1', status_id: 's1', invoice_id: 'i1'},
      {id: 't3', user_id: 'u1', status_id: 's2'},
    ])
    expect(await ids('tasks?project_tasks=p1')).to.deep.equal(['t1'])
    expect(await ids('tasks?user_id=u1')).to.deep.equal(['t1', 't3'])
    expect(await ids('tasks?assigned_user=u1')).to.deep.equal(['t2'])
    expect(await ids('tasks?task_status=s1')).to.deep.equal(['t1'])
    expect(await ids('tasks?task_status=s1,s2')).to.deep.equal(['t1', 't3'])
    expect(await ids('tasks?hash=h1')).to.deep.equal(['t1'])
  })

  it("a filter the family's facts lack is ignored, as upstream: status_id on quotes, amount on invoices", async () => {
    up.seed('quotes', [
      {id: 'q1', client_id: 'c1', status_id: '1'},
      {id: 'q2', client_id: 'c1', status_id: '2'},
    ])
    expect(await ids('quotes?status_id=2')).to.deep.equal(['q1', 'q2'])
    up.seed('invoices', [{id: 'i1', client_id: 'c1', amount: 5}])
    expect(await ids('invoices?amount=6')).to.deep.equal(['i1'])
  })

  it('ignores only these of the filters the families list (the README says so)', () => {
    // Read by server-lists.ts itself (and server-banking.ts), or the list's paging, embedding and order.
    const elsewhere = ['status', 'client_id', 'number', 'product_key', 'name', 'email', 'filter', 'balance']
    elsewhere.push('updated_at', 'created_at', 'client_status', 'date_range', 'bank_integration_ids')
    elsewhere.push('page', 'per_page', 'include', 'sort')
    const handled = new Set([...elsewhere, ...MODELLED_FILTERS])
    const listed = FAMILIES.flatMap((f) => (serverFacts(f.word) ? [...listFilters(f.word).keys()] : []))
    expect([...new Set(listed.filter((n) => !handled.has(n)))].sort()).to.deep.equal(
      [
        ...['active_banks', 'applicable', 'category_id', 'company_documents', 'custom', 'entities', 'event_id'],
        ...['filter_details', 'has_invoices', 'hideOwnerUsers', 'hideRemovedUsers', 'is_system'],
        ...['match_transactions', 'next_send_between', 'reactv2', 'rows', 'sending_users', 'template', 'type'],
        ...['type_id', 'with', 'without'],
      ].sort(),
    )
  })
})
