/**
 * The server's field and filter knowledge (registry/server/): the tables are well-formed, cover
 * every family, and say what the server's source (5.10.x) says where the published document is wrong.
 */
import {readdirSync, readFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {expect} from 'chai'

import {FAMILIES} from '../src/registry/registry.js'
import {
  ELEMENT_FACTS,
  GENERIC_FILTERS,
  LIST_PARAMS,
  SERVER_TYPES,
  allServerFacts,
  SERVER_VERSION,
  elementFacts,
  fieldTypes,
  listFilters,
  names,
  requiredFields,
  serverFacts,
  serverFieldType,
  type ServerFields,
} from '../src/registry/server/facts.js'

const SERVER_FACTS = allServerFacts()
const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'registry', 'server')
const NAME = /^[a-z_][a-z0-9_]*$/

/** Every name of a field group, with duplicates kept (a name under two types is an error). */
const allNames = (fields: ServerFields | undefined) => SERVER_TYPES.flatMap((t) => names(fields?.[t]))

describe('server facts: the tables are well-formed', () => {
  it('name the server version they were read from, a 5.10 release', () => {
    expect(SERVER_VERSION).to.match(/^5\.10\.\d+$/)
  })

  it('have an entry for every family of the registry, and none for a family it lacks', () => {
    expect(Object.keys(SERVER_FACTS).sort()).to.deep.equal(FAMILIES.map((f) => f.word).sort())
  })

  it('give each field one known type, and field names in snake case', () => {
    const groups: Array<[string, ServerFields | undefined]> = [
      ...Object.entries(SERVER_FACTS).map(([w, f]): [string, ServerFields | undefined] => [w, f.fields]),
      ...Object.entries(ELEMENT_FACTS).map(([e, f]): [string, ServerFields | undefined] => [e, f.fields]),
      ...Object.entries(SERVER_FACTS).flatMap(([w, f]) =>
        Object.entries(f.items ?? {}).flatMap(([k, v]): Array<[string, ServerFields]> =>
          typeof v === 'string' ? [] : [[`${w}.${k}`, v]],
        ),
      ),
    ]
    for (const [where, fields] of groups) {
      expect(
        Object.keys(fields ?? {}).filter((t) => !(SERVER_TYPES as readonly string[]).includes(t)),
        where,
      ).to.deep.equal([])
      const list = allNames(fields)
      expect(
        list.filter((n, i) => list.indexOf(n) !== i),
        `${where}: names under two types`,
      ).to.deep.equal([])
      expect(
        list.filter((n) => !NAME.test(n)),
        where,
      ).to.deep.equal([])
    }
  })

  it('require, fix, restrict and itemise only fields the family may write', () => {
    for (const [word, facts] of Object.entries(SERVER_FACTS)) {
      const types = fieldTypes(facts.fields)
      const unknown = (list: string[]) => list.filter((n) => !types.has(n))
      expect(unknown(names(facts.required?.create)), `${word} required on create`).to.deep.equal([])
      expect(unknown(names(facts.required?.update)), `${word} required on update`).to.deep.equal([])
      expect(unknown(names(facts.fixed)), `${word} fixed`).to.deep.equal([])
      expect(unknown(Object.keys(facts.values ?? {}).map((k) => k.split('.')[0])), `${word} values`).to.deep.equal([])
      for (const [field, item] of Object.entries(facts.items ?? {})) {
        expect(['obj', 'objs'], `${word}.${field}`).to.include(types.get(field))
        if (typeof item === 'string') expect(elementFacts(item), `${word}.${field}: ${item}`).to.not.equal(undefined)
      }
    }
  })

  it('give every family answer keys, once each (the company ledger has no id)', () => {
    for (const [word, facts] of Object.entries(SERVER_FACTS)) {
      const keys = names(facts.answer)
      expect(keys, word).to.not.have.length(0)
      expect(
        keys.filter((k, i) => keys.indexOf(k) !== i),
        word,
      ).to.deep.equal([])
    }
  })

  it('explain every filter, and name only generic filters that exist', () => {
    for (const [word, facts] of Object.entries(SERVER_FACTS)) {
      for (const [name, fact] of Object.entries({...facts.filters, ...LIST_PARAMS, ...GENERIC_FILTERS})) {
        expect(fact.means, `${word} ${name}`).to.be.a('string').and.not.equal('')
      }
      expect(
        names(facts.generic).filter((g) => !(g in GENERIC_FILTERS)),
        word,
      ).to.deep.equal([])
    }
  })

  it('keep each generated file under about 250 lines of at most 120 columns', () => {
    for (const file of readdirSync(SERVER_DIR).filter((f) => f.endsWith('.ts'))) {
      const lines = readFileSync(join(SERVER_DIR, file), 'utf8').split('\n')
      expect(lines.length, file).to.be.at.most(260)
      expect(
        lines.filter((l) => l.length > 120),
        file,
      ).to.deep.equal([])
    }
  })
})

describe('server facts: what the server really has', () => {
  const type = serverFieldType

  it('documents carry project_id and vendor_id as hashed ids, purchase orders a client_id too', () => {
    for (const word of ['invoices', 'quotes', 'credits', 'purchase-orders', 'recurring-invoices']) {
      expect([word, type(word, 'project_id'), type(word, 'vendor_id')]).to.deep.equal([word, 'hid', 'hid'])
    }
    expect(type('recurring-quotes', 'project_id')).to.equal('hid')
    expect(type('purchase-orders', 'client_id')).to.equal('hid')
    expect(type('purchase-orders', 'po_number')).to.equal('str')
  })

  it('small ids from statics are integer ids: vendors, expenses, payments, products, webhooks, line items', () => {
    for (const field of ['currency_id', 'country_id', 'language_id'])
      expect(type('vendors', field), field).to.equal('iid')
    expect(type('expenses', 'payment_type_id')).to.equal('iid')
    expect(type('payments', 'type_id')).to.equal('iid')
    expect(type('products', 'tax_id')).to.equal('iid')
    expect(type('webhooks', 'event_id')).to.equal('iid')
    expect(fieldTypes(ELEMENT_FACTS.line_item.fields).get('type_id')).to.equal('iid')
  })

  it('objects and lists of objects have their shapes', () => {
    expect(type('designs', 'design')).to.equal('obj')
    expect(names((serverFacts('designs')?.items?.design as ServerFields).str)).to.include.members([
      'header',
      'body',
      'footer',
    ])
    expect(type('subscriptions', 'webhook_configuration')).to.equal('obj')
    expect(type('companies', 'client_registration_fields')).to.equal('objs')
    expect(type('company-gateways', 'fees_and_limits')).to.equal('obj')
    expect(type('webhooks', 'headers')).to.equal('obj')
  })

  it('fields the document lacks are there; fields it invents are not', () => {
    expect([type('expenses', 'number'), type('expenses', 'tax_amount1')]).to.deep.equal(['str', 'num'])
    expect(type('tasks', 'status_id')).to.equal('hid')
    expect(type('tasks', 'task_status_id')).to.equal(undefined)
    expect(type('vendors', 'balance')).to.equal(undefined)
    expect(type('webhooks', 'rest_method')).to.equal('str')
    expect(serverFacts('webhooks')?.values?.rest_method).to.equal('post put')
    expect(fieldTypes(ELEMENT_FACTS.line_item.fields).get('task_id')).to.equal('hid')
  })

  it('create requires what the store request requires and does not fill in', () => {
    expect(requiredFields('invoices', 'create')).to.deep.equal(['client_id'])
    expect(requiredFields('purchase-orders', 'create')).to.deep.equal(['vendor_id'])
    expect(requiredFields('recurring-invoices', 'create')).to.deep.equal(['client_id', 'frequency_id'])
    // currency_id is required, but the request sets the company's when it is missing.
    expect(requiredFields('vendors', 'create')).to.deep.equal(['name'])
    expect(requiredFields('clients', 'create')).to.deep.equal([])
    expect(requiredFields('webhooks', 'update')).to.deep.equal(['event_id', 'target_url'])
    expect(serverFacts('invoices')?.fixed).to.equal('client_id')
  })

  it('documents list their line items and contacts their keys', () => {
    for (const word of ['invoices', 'quotes', 'credits', 'purchase-orders', 'recurring-invoices', 'recurring-quotes']) {
      expect(serverFacts(word)?.items?.line_items, word).to.equal('line_item')
    }
    expect(serverFacts('clients')?.items?.contacts).to.equal('client_contact')
    expect(serverFacts('vendors')?.items?.contacts).to.equal('vendor_contact')
    const contact = fieldTypes(ELEMENT_FACTS.client_contact.fields)
    expect([contact.get('email'), contact.get('id'), contact.get('is_primary')]).to.deep.equal(['email', 'hid', 'bool'])
  })

  it('list filters: their own, the generic ones, the list parameters, with value sets', () => {
    const invoices = listFilters('invoices')
    expect(names(invoices.get('client_status')?.values)).to.include.members(['all', 'paid', 'unpaid', 'overdue'])
    expect(names(invoices.get('status')?.values)).to.deep.equal(['active', 'archived', 'deleted'])
    expect([...invoices.keys()]).to.include.members(['page', 'per_page', 'include', 'number', 'client_id', 'sort'])
    expect(invoices.has('balance')).to.equal(false)
    expect(names(listFilters('clients').get('balance')?.values)).to.include.members(['lt', 'gte'])
    expect(names(listFilters('quotes').get('client_status')?.values)).to.include.members([
      'draft',
      'approved',
      'expired',
    ])
    expect([...listFilters('companies').keys()]).to.deep.equal(Object.keys(LIST_PARAMS))
    expect(serverFacts('no-such-family')).to.equal(undefined)
  })
})
