/** The stand-in's lists: paging, filters and sorting as the real server does them. */
import {expect} from 'chai'

import {callJson, up, useStandIn} from './helpers.js'

describe('upstream stand-in', () => {
  useStandIn()

  // Products have no name: their filter= searches the product key, the notes and the custom values, as the server's.
  const numbered = (n: number) => Array.from({length: n}, (_, i) => ({product_key: `Item ${i + 1}`, cost: i + 1}))

  describe('lists', () => {
    it('filter= searches the columns the server searches; name=, email=, product_key= as the server reads them', async () => {
      up.seed('clients', [
        {id: 'c1', name: 'Acme Ltd', number: '0007', contacts: [{email: 'ada@acme.test'}]},
        {id: 'c2', name: 'Globex', number: '0008', contacts: []},
      ])
      const ids = async (query: string) =>
        (await callJson(`/api/v1/${query}`)).body.data.map((r: {id: string}) => r.id) as string[]
      expect(await ids('clients?filter=ACME')).to.deep.equal(['c1'])
      expect(await ids('clients?filter=0008')).to.deep.equal(['c2'])
      expect(await ids('clients?filter=ada%40acme')).to.deep.equal(['c1'])
      expect(await ids('clients?email=ada%40acme')).to.deep.equal([])
      expect(await ids('clients?email=ada%40acme.test')).to.deep.equal(['c1'])
      expect(await ids('clients?name=glob')).to.deep.equal(['c2'])
      up.seed('products', [
        {id: 'p1', product_key: 'WIDGET', notes: 'Blue'},
        {id: 'p2', product_key: 'WIDGET-XL', notes: 'Big'},
      ])
      expect(await ids('products?product_key=WIDGET')).to.deep.equal(['p1'])
      expect(await ids('products?filter=big')).to.deep.equal(['p2'])
      expect(await ids('products?product_key=')).to.deep.equal(['p1', 'p2'])
    })

    it('pages with meta, clamps per_page and gives a next link without per_page or filters', async () => {
      up.seed('products', numbered(45))
      const page2 = await callJson('/api/v1/products?page=2&per_page=20&filter=Item')
      expect(page2.body.data).to.have.length(20)
      expect(page2.body.data[0].product_key).to.equal('Item 21')
      const {links, ...counts} = page2.body.meta.pagination
      expect(counts).to.deep.equal({total: 45, count: 20, per_page: 20, current_page: 2, total_pages: 3})
      expect(links.next).to.equal(`${up.url}/api/v1/products?page=3`)
      const last = await callJson('/api/v1/products?page=3')
      expect(last.body.meta.pagination).to.include({count: 5, current_page: 3})
      expect(last.body.meta.pagination.links).to.not.have.property('next')
      const big = await callJson('/api/v1/products?per_page=99999')
      expect(big.body.meta.pagination).to.include({per_page: 5000, total_pages: 1})
      const empty = await callJson('/api/v1/tasks')
      expect(empty.body.meta.pagination).to.include({total: 0, count: 0, total_pages: 1})
    })

    it('include= embeds each related record the family can include, as the server does; other names are ignored', async () => {
      up.seed('clients', [
        {id: 'c1', name: 'Acme Ltd', contacts: []},
        {id: 'c2', name: '', contacts: [{first_name: 'Ada', last_name: 'Lovelace'}]},
      ])
      up.seed('invoices', [
        {id: 'i1', client_id: 'c1', number: '1'},
        {id: 'i2', client_id: 'c2', number: '2'},
        {id: 'i3', client_id: 'gone', number: '3'},
      ])
      const list = await callJson('/api/v1/invoices?include=client,nonsense')
      const clients = list.body.data.map((r: {client?: {id: string; display_name: string}}) => r.client)
      // A client's display name is its name, else its first contact's; a client the record lacks is left out.
      expect(clients.map((c?: {id: string}) => c?.id)).to.deep.equal(['c1', 'c2', undefined])
      expect(clients.map((c?: {display_name: string}) => c?.display_name)).to.deep.equal([
        'Acme Ltd',
        'Ada Lovelace',
        undefined,
      ])
      expect(list.body.data[0]).to.not.have.property('nonsense')
      const plain = await callJson('/api/v1/invoices')
      expect(plain.body.data[0]).to.not.have.property('client')
      const one = await callJson('/api/v1/invoices/i1?include=client')
      expect(one.body.data.client).to.include({id: 'c1', name: 'Acme Ltd'})
      // The server's recurring quotes cannot include their client: the name is ignored there.
      up.seed('recurring_quotes', [{id: 'q1', client_id: 'c1'}])
      expect((await callJson('/api/v1/recurring_quotes?include=client')).body.data[0]).to.not.have.property('client')
      // Stored records are left as they were.
      expect(up.records('invoices')[0]).to.not.have.property('client')
    })

    it('filters by status, client_id, number and text', async () => {
      up.seed('invoices', [
        {client_id: 'c1', number: 'A-1', name: 'alpha'},
        {client_id: 'c2', number: 'A-2', archived_at: 1700000000},
        {client_id: 'c1', number: 'B-1', is_deleted: true, archived_at: 1700000000},
      ])
      const numbers = async (query: string) =>
        (await callJson(`/api/v1/invoices?${query}`)).body.data.map((r: {number: string}) => r.number)
      expect(await numbers('')).to.deep.equal(['A-1', 'A-2', 'B-1'])
      expect(await numbers('status=active')).to.deep.equal(['A-1'])
      expect(await numbers('status=archived,deleted')).to.deep.equal(['A-2', 'B-1'])
      expect(await numbers('client_id=c1')).to.deep.equal(['A-1', 'B-1'])
      expect(await numbers('number=A-2')).to.deep.equal(['A-2'])
      expect(await numbers('filter=a-')).to.deep.equal(['A-1', 'A-2'])
    })

    it('compares a text filter as the database does (utf8mb4_unicode_ci): case, accents and trailing spaces aside', async () => {
      up.seed('invoices', [{number: 'INV-É1'}, {number: 'INV-E2'}])
      up.seed('products', [{product_key: 'Widget'}])
      const numbers = async (query: string) =>
        (await callJson(`/api/v1/invoices?${query}`)).body.data.map((r: {number: string}) => r.number)
      expect(await numbers('number=inv-e1')).to.deep.equal(['INV-É1'])
      expect(await numbers('number=INV-E2%20')).to.deep.equal(['INV-E2'])
      expect(await numbers('number=INV-E')).to.deep.equal([])
      const products = await callJson('/api/v1/products?product_key=WIDGET')
      expect(products.body.data.map((r: {product_key: string}) => r.product_key)).to.deep.equal(['Widget'])
      const clients = await callJson('/api/v1/clients?email=ADA@Acme.test')
      expect(clients.body.data.map((r: {name: string}) => r.name)).to.deep.equal(['Acme Ltd'])
    })

    it('filters by balance operators, updated_at (on or after) and client_status', async () => {
      up.seed('invoices', [
        {number: 'D', status_id: '1', balance: 10, updated_at: 1_600_000_000},
        {number: 'S', status_id: '2', balance: 1000, due_date: '2999-01-01', updated_at: 1_700_000_000},
        {number: 'O', status_id: '3', balance: 1500, due_date: '2000-01-01', updated_at: 1_700_000_000},
        {number: 'P', status_id: '4', balance: 0, updated_at: 1_800_000_000},
      ])
      const numbers = async (query: string) =>
        (await callJson(`/api/v1/invoices?${query}`)).body.data.map((r: {number: string}) => r.number)
      // The balance filter is the clients' (AMOUNT:OPERATOR, as the server splits it); invoices ignore it.
      expect(await numbers('balance=1000:gt')).to.deep.equal(['D', 'S', 'O', 'P'])
      up.seed(
        'clients',
        [10, 1000, 1500, 0].map((balance, i) => ({number: 'DSOP'[i], balance})),
      )
      const clients = async (query: string) =>
        (await callJson(`/api/v1/clients?${query}`)).body.data.map((r: {number: string}) => r.number)
      expect(await clients('balance=1000:gt')).to.deep.equal(['O'])
      expect(await clients('balance=1000:gte')).to.deep.equal(['S', 'O'])
      expect(await clients('balance=10:lt')).to.deep.equal(['P'])
      expect(await clients('balance=10:lte')).to.deep.equal(['D', 'P'])
      expect(await clients('balance=1000:eq')).to.deep.equal(['S'])
      expect(await clients('balance=gt:1000')).to.deep.equal(['D', 'S', 'O', 'P'])
      expect(await numbers('updated_at=1700000000')).to.deep.equal(['S', 'O', 'P'])
      expect(await numbers('updated_at=2027-01-01')).to.deep.equal(['P'])
      expect(await numbers('client_status=unpaid')).to.deep.equal(['S', 'O'])
      expect(await numbers('client_status=overdue')).to.deep.equal(['O'])
      expect(await numbers('client_status=draft,paid')).to.deep.equal(['D', 'P'])
      expect(await numbers('client_status=all')).to.deep.equal(['D', 'S', 'O', 'P'])
    })

    it("client_status as the server's SQL reads it: invoices' overdue, and quotes' states", async () => {
      const today = new Date().toISOString().slice(0, 10)
      up.seed('invoices', [
        {number: 'today', status_id: '2', balance: 5, due_date: today},
        {number: 'later', status_id: '2', balance: 5, due_date: '2999-01-01'},
        // Paid, yet a past partial due date: the OR after the status clause matches it.
        {number: 'paid', status_id: '4', balance: 0, due_date: '2999-01-01', partial_due_date: '2000-01-01'},
        {number: 'draft', status_id: '1', balance: 5, due_date: '2000-01-01'},
      ])
      const invoices = async (query: string) =>
        (await callJson(`/api/v1/invoices?${query}`)).body.data.map((r: {number: string}) => r.number)
      expect(await invoices('client_status=overdue')).to.deep.equal(['today', 'paid'])
      expect(await invoices('client_status=all,draft')).to.deep.equal(['today', 'later', 'paid', 'draft'])
      up.seed('quotes', [
        {number: 'open', status_id: '2', due_date: ''},
        {number: 'due-today', status_id: '2', due_date: today},
        {number: 'past', status_id: '2', due_date: '2000-01-01'},
        // Approved and due later: `sent`'s `OR due_date >= today` takes it too.
        {number: 'approved', status_id: '3', due_date: '2999-01-01'},
        {number: 'converted', status_id: '2', due_date: '2000-01-01', invoice_id: 'i1'},
      ])
      const quotes = async (query: string) =>
        (await callJson(`/api/v1/quotes?${query}`)).body.data.map((r: {number: string}) => r.number)
      expect(await quotes('client_status=sent')).to.deep.equal(['open', 'due-today', 'approved'])
      expect(await quotes('client_status=expired')).to.deep.equal(['due-today', 'past', 'converted'])
      expect(await quotes('client_status=upcoming')).to.deep.equal(['due-today'])
      expect(await quotes('client_status=approved')).to.deep.equal(['approved'])
      expect(await quotes('client_status=converted')).to.deep.equal(['converted'])
    })

    it('client_status for the other families as their SQL reads it: ANDed clauses, NULL columns and all', async () => {
      const today = new Date().toISOString().slice(0, 10)
      const listed = async (segment: string, query: string) =>
        (await callJson(`/api/v1/${segment}?client_status=${query}`)).body.data.map((r: {number: string}) => r.number)
      up.seed(
        'credits',
        ['draft', 'sent', 'partial', 'applied'].map((number, i) => ({number, status_id: String(i + 1)})),
      )
      expect(await listed('credits', 'sent,partial')).to.deep.equal(['sent', 'partial'])
      expect(await listed('credits', 'applied,nonsense')).to.deep.equal(['applied'])
      up.seed('recurring_invoices', [
        {number: 'draft', status_id: '1'},
        {number: 'active', status_id: '2'},
        {number: 'paused', status_id: '3'},
        {number: 'completed', status_id: '4'},
        {number: 'pending', status_id: '-1'},
      ])
      expect(await listed('recurring_invoices', 'active')).to.deep.equal(['active'])
      expect(await listed('recurring_invoices', 'paused,completed')).to.deep.equal(['paused', 'completed'])
      up.seed('payments', [
        {number: 'done', status_id: '4', amount: 10, applied: 10, refunded: 0},
        {number: 'open', status_id: '4', amount: 10, applied: 4, refunded: 0},
        {number: 'pending', status_id: '1', amount: 10, applied: 0, refunded: 0},
        {number: 'part-refunded', status_id: '5', amount: 10, applied: 4, refunded: 2},
      ])
      expect(await listed('payments', 'completed')).to.deep.equal(['done', 'open'])
      expect(await listed('payments', 'pending,partially_refunded')).to.deep.equal(['pending', 'part-refunded'])
      expect(await listed('payments', 'partially_unapplied')).to.deep.equal(['open', 'pending'])
      // partially_unapplied is ANDed to the statuses named, not ORed.
      expect(await listed('payments', 'completed,partially_unapplied')).to.deep.equal(['open'])
      const none = {invoice_id: '', payment_date: '', should_be_invoiced: false}
      up.seed('expenses', [
        {number: 'logged', amount: 5, ...none, category_id: 'k1'},
        // A zero amount is logged; a refund (below zero) is not.
        {number: 'zero', amount: 0, ...none, category_id: 'k1'},
        {number: 'refund', amount: -5, ...none, category_id: ''},
        {
          number: 'pending',
          amount: 5,
          ...none,
          should_be_invoiced: true,
          payment_date: '2024-01-02',
          category_id: 'k1',
        },
        // No should_be_invoiced at all: NULL, neither logged nor pending.
        {number: 'invoiced', amount: 5, invoice_id: 'i1', payment_date: ''},
      ])
      expect(await listed('expenses', 'logged')).to.deep.equal(['logged', 'zero'])
      expect(await listed('expenses', 'pending')).to.deep.equal(['pending'])
      expect(await listed('expenses', 'invoiced')).to.deep.equal(['invoiced'])
      expect(await listed('expenses', 'uninvoiced')).to.deep.equal(['logged', 'zero', 'refund', 'pending'])
      expect(await listed('expenses', 'paid')).to.deep.equal(['pending'])
      expect(await listed('expenses', 'unpaid')).to.deep.equal(['logged', 'zero', 'refund', 'invoiced'])
      expect(await listed('expenses', 'uncategorized')).to.deep.equal(['refund', 'invoiced'])
      expect(await listed('expenses', 'logged,paid')).to.deep.equal(['logged', 'zero', 'pending'])
      up.seed('recurring_expenses', [
        // Recurring expenses want amount > 0 for logged: zero is not.
        {number: 'zero', amount: 0, ...none},
        {number: 'logged', amount: 5, ...none},
        {number: 'invoiced', amount: 5, ...none, invoice_id: 'i1', should_be_invoiced: true},
      ])
      expect(await listed('recurring_expenses', 'logged')).to.deep.equal(['logged'])
      expect(await listed('recurring_expenses', 'invoiced')).to.deep.equal(['invoiced'])
      // Their filter has no uninvoiced: the name is ignored, logged alone filters.
      expect(await listed('recurring_expenses', 'uninvoiced,logged')).to.deep.equal(['logged'])
      up.seed('purchase_orders', [
        {number: 'draft', status_id: '1', due_date: '2999-01-01'},
        {number: 'draft-past', status_id: '1', due_date: '2000-01-01'},
        {number: 'open', status_id: '2', due_date: ''},
        {number: 'sent-past', status_id: '2', due_date: '2000-01-01'},
        {number: 'accepted', status_id: '3', due_date: today},
        {number: 'cancelled', status_id: '5', due_date: ''},
      ])
      // sent's `OR due_date >= today` takes any state due later.
      expect(await listed('purchase_orders', 'sent')).to.deep.equal(['draft', 'open', 'accepted'])
      expect(await listed('purchase_orders', 'draft')).to.deep.equal(['draft', 'draft-past'])
      expect(await listed('purchase_orders', 'accepted,cancelled')).to.deep.equal(['accepted', 'cancelled'])
      // The other states are ANDed to sent: drafts due later, not sent ones.
      expect(await listed('purchase_orders', 'sent,draft')).to.deep.equal(['draft'])
      up.seed('tasks', [
        {number: 'billed', invoice_id: 'i1', is_running: false},
        {number: 'idle', invoice_id: '', is_running: false},
        {number: 'running', invoice_id: '', is_running: true},
      ])
      expect(await listed('tasks', 'invoiced')).to.deep.equal(['billed'])
      expect(await listed('tasks', 'uninvoiced')).to.deep.equal(['idle', 'running'])
      expect(await listed('tasks', 'is_running')).to.deep.equal(['running'])
      // Every task state is ANDed to the others.
      expect(await listed('tasks', 'uninvoiced,is_running')).to.deep.equal(['running'])
      expect(await listed('tasks', 'invoiced,uninvoiced')).to.deep.equal([])
    })

    it('sorts by a column, by id, and answers 500 for an unknown column', async () => {
      up.seed('products', [
        {name: 'b', cost: 10},
        {name: 'a', cost: 9},
        {name: 'c', cost: 100},
      ])
      const names = async (sort: string) =>
        (await callJson(`/api/v1/products?sort=${encodeURIComponent(sort)}`)).body.data.map(
          (r: {name: string}) => r.name,
        )
      expect(await names('name|asc')).to.deep.equal(['a', 'b', 'c'])
      expect(await names('cost|desc')).to.deep.equal(['c', 'b', 'a'])
      expect(await names('id|asc')).to.deep.equal(['b', 'a', 'c'])
      expect(await names('id|desc')).to.deep.equal(['c', 'a', 'b'])
      expect(await callJson('/api/v1/products?sort=bogus|asc')).to.deep.equal({
        status: 500,
        body: {message: 'Server Error'},
      })
      // Products hand the direction to the query as given: anything but asc or desc is refused there.
      expect(await names('name|DESC')).to.deep.equal(['c', 'b', 'a'])
      expect((await callJson('/api/v1/products?sort=name|down')).status).to.equal(500)
    })

    it("sorts as each family's sort reads it: two parts, asc or else desc, numbers by digits, clients by name", async () => {
      up.seed('clients', [
        {id: 'c1', name: 'Zeta', contacts: []},
        {id: 'c2', name: 'Alpha', contacts: []},
      ])
      up.seed('invoices', [
        {id: 'i1', client_id: 'c1', number: 'INV-10'},
        {id: 'i2', client_id: 'c2', number: 'INV-9'},
        {id: 'i3', client_id: 'c1', number: 'INV-100'},
      ])
      const order = async (sort: string) =>
        (await callJson(`/api/v1/invoices?sort=${encodeURIComponent(sort)}`)).body.data.map((r: {id: string}) => r.id)
      expect(await order('number|asc')).to.deep.equal(['i2', 'i1', 'i3'])
      expect(await order('number|ASC')).to.deep.equal(['i3', 'i1', 'i2'])
      // Not two parts: no order at all (the collection's).
      expect(await order('number')).to.deep.equal(['i1', 'i2', 'i3'])
      expect(await order('number|desc|x')).to.deep.equal(['i1', 'i2', 'i3'])
      expect(await order('client_id|asc')).to.deep.equal(['i2', 'i1', 'i3'])
      // Invoices check the table's columns first: an unknown one is left out, not a 500.
      expect(await order('bogus|asc')).to.deep.equal(['i1', 'i2', 'i3'])
    })
  })
})
