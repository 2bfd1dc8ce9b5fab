/** Guided flags (--name, --client-id, --amount, --date, ...), --field and --line-item next to them. */
import {expect} from 'chai'

import {buildGuided, buildPayload, GUIDED_FLAGS} from '../src/input/payload.js'
import {usage, usageAsync} from './helpers.js'
import {DOC, noStdin, PLAIN} from './payload-helpers.js'

describe('payload: raw JSON sources and guided flags', () => {
  describe('guided flags', () => {
    const cases: Array<[string, string, string, unknown]> = [
      ['name', 'Acme Ltd', 'name', 'Acme Ltd'],
      ['number', 'INV-7', 'number', 'INV-7'],
      ['client-id', 'VolejRejNm', 'client_id', 'VolejRejNm'],
      ['vendor-id', 'Wpmbk5ezJn', 'vendor_id', 'Wpmbk5ezJn'],
      ['project-id', 'Opnel5aKBz', 'project_id', 'Opnel5aKBz'],
      ['date', '2024-02-29', 'date', '2024-02-29'],
      ['due-date', '2024-12-31', 'due_date', '2024-12-31'],
      ['amount', '125.5', 'amount', 125.5],
      ['price', '10', 'price', 10],
      ['quantity', '3', 'quantity', 3],
      ['public-notes', 'Thanks, see you', 'public_notes', 'Thanks, see you'],
      ['private-notes', 'internal: true', 'private_notes', 'internal: true'],
    ]

    for (const [flag, value, field, expected] of cases) {
      it(`--${flag} ${value} sets ${field}`, async () => {
        expect(buildGuided({[flag]: value})).to.deep.equal({[field]: expected})
        expect(await buildPayload({[flag]: value}, {...PLAIN, readStdin: noStdin})).to.deep.equal({[field]: expected})
      })
    }

    it('the guided flag table maps exactly these flags to these fields', () => {
      expect(Object.fromEntries(GUIDED_FLAGS.map((g) => [g.flag, g.field]))).to.deep.equal({
        ...Object.fromEntries(cases.map(([flag, , field]) => [flag, field])),
        invoice: 'invoices',
        credit: 'credits',
      })
    })

    it('--invoice INVOICE:AMOUNT (repeatable): an item of invoices each, the key as given, the amount exact', () => {
      expect(buildGuided({invoice: ['0042:25.50', 'INV/2024/7:100', 'WJxbojagwO:0.1']})).to.deep.equal({
        invoices: [
          {invoice_id: '0042', amount: 25.5},
          {invoice_id: 'INV/2024/7', amount: 100},
          {invoice_id: 'WJxbojagwO', amount: 0.1},
        ],
      })
      expect(buildGuided({invoice: ['0042:25'], credit: ['C-7:25']})).to.deep.equal({
        invoices: [{invoice_id: '0042', amount: 25}],
        credits: [{credit_id: 'C-7', amount: 25}],
      })
      // A number holding a colon: the amount is after the last one.
      expect(buildGuided({invoice: ['2024:07:5']})).to.deep.equal({invoices: [{invoice_id: '2024:07', amount: 5}]})
      usage(() => buildGuided({invoice: ['0042']}), '--invoice "0042" must be INVOICE:AMOUNT, e.g. 0042:25.50')
      usage(() => buildGuided({invoice: [':5']}), '--invoice ":5" must be INVOICE:AMOUNT, e.g. 0042:25.50')
      usage(() => buildGuided({invoice: ['0042:-1']}), '--invoice 0042 must be a number above 0, got "-1"')
      usage(() => buildGuided({invoice: ['0042:ten']}), '--invoice 0042 must be a number above 0, got "ten"')
      usage(() => buildGuided({invoice: ['0042:1e-400']}), '--invoice 0042 "1e-400" cannot be sent exactly')
      // Set twice by --field and --invoice: refused as any field set twice.
      usage(
        () => buildGuided({invoice: ['0042:5'], field: ['invoices.0.amount=6']}),
        'fields invoices.0 and invoices.0.amount overlap',
      )
    })

    it('sets every guided field at once', () => {
      const input = Object.fromEntries(cases.map(([flag, value]) => [flag, value]))
      expect(buildGuided(input)).to.deep.equal(
        Object.fromEntries(cases.map(([, , field, expected]) => [field, expected])),
      )
    })

    it('ids stay strings: --client-id 123 gives "123"', () => {
      expect(buildGuided({'client-id': '123'})).to.deep.equal({client_id: '123'})
      expect(buildGuided({'vendor-id': '0042', 'project-id': '7'})).to.deep.equal({vendor_id: '0042', project_id: '7'})
    })

    it('--number stays a string: 0042 gives "0042", 12 gives "12"', () => {
      expect(buildGuided({number: '0042'})).to.deep.equal({number: '0042'})
      expect(buildGuided({number: '12'})).to.deep.equal({number: '12'})
    })

    it('--name true stays the string "true"', () => {
      expect(buildGuided({name: 'true'})).to.deep.equal({name: 'true'})
    })

    it('--amount, --price and --quantity take negative and decimal numbers', () => {
      expect(buildGuided({amount: '-10.25', price: '0', quantity: '0.5'})).to.deep.equal({
        amount: -10.25,
        price: 0,
        quantity: 0.5,
      })
    })

    for (const flag of ['amount', 'price', 'quantity']) {
      it(`--${flag} that is not a number is a usage error`, () => {
        usage(() => buildGuided({[flag]: 'ten'}), `--${flag} must be a number`, '"ten"')
        usage(() => buildGuided({[flag]: '12abc'}), `--${flag} must be a number`)
        usage(() => buildGuided({[flag]: ''}), `--${flag} must be a number`)
        usage(() => buildGuided({[flag]: '1,5'}), `--${flag} must be a number`)
      })
    }

    for (const flag of ['date', 'due-date']) {
      it(`--${flag} must be a real YYYY-MM-DD date`, () => {
        usage(() => buildGuided({[flag]: '2024-02-30'}), `--${flag} must be a date as YYYY-MM-DD`, '2024-02-30')
        usage(() => buildGuided({[flag]: '2023-02-29'}), `--${flag} must be a date as YYYY-MM-DD`)
        usage(() => buildGuided({[flag]: '2024-1-01'}), `--${flag} must be a date as YYYY-MM-DD`, '2024-1-01')
        usage(() => buildGuided({[flag]: '2024-13-01'}), `--${flag} must be a date as YYYY-MM-DD`)
        usage(() => buildGuided({[flag]: '01/02/2024'}), `--${flag} must be a date as YYYY-MM-DD`)
        usage(() => buildGuided({[flag]: '2024-01-01T00:00:00Z'}), `--${flag} must be a date as YYYY-MM-DD`)
        usage(() => buildGuided({[flag]: ''}), `--${flag} must be a date as YYYY-MM-DD`)
      })
    }

    it('setting a field twice (--name and --field name=...) is a usage error naming both', () => {
      usage(() => buildGuided({name: 'A', field: ['name=B']}), 'name is set twice', '--name', '--field name=B')
    })

    it('setting a field twice (--client-id and --field client_id=...) is a usage error', () => {
      usage(() => buildGuided({'client-id': 'X', field: ['client_id=Y']}), 'client_id is set twice')
    })

    it('setting a field twice with --field is a usage error', () => {
      usage(() => buildGuided({field: ['number=1', 'number=2']}), 'number is set twice')
    })

    it('--field adds nested fields next to guided ones', () => {
      expect(
        buildGuided({name: 'Acme', field: ['contacts.email=a@b.c', 'settings.currency_id="1"', 'is_deleted=false']}),
      ).to.deep.equal({name: 'Acme', contacts: [{email: 'a@b.c'}], settings: {currency_id: '1'}, is_deleted: false})
    })

    it('--line-item values become line_items in order', () => {
      expect(
        buildGuided({
          'client-id': 'VolejRejNm',
          'line-item': ['product_key=A,quantity=2,cost=10', 'product_key=B,notes="x, y"'],
        }),
      ).to.deep.equal({
        client_id: 'VolejRejNm',
        line_items: [
          {product_key: 'A', quantity: 2, cost: 10},
          {product_key: 'B', notes: 'x, y'},
        ],
      })
    })

    it('--line-item and --field line_items.0... set the same element twice', () => {
      usage(
        () => buildGuided({'line-item': ['product_key=A'], field: ['line_items.0.cost=1']}),
        'line_items.0',
        'overlap',
      )
    })

    it('a malformed --line-item pair is a usage error naming the pair', async () => {
      await usageAsync(
        buildPayload({'line-item': ['product_key=A,qty'], 'client-id': 'X'}, DOC),
        '--line-item pair "qty" is malformed',
      )
    })
  })
})
