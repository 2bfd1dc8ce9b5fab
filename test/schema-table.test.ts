/**
 * The project's payload field table against the upstream's published OpenAPI document (read
 * from ../shared; skipped when it is absent): every field the document publishes for a family
 * is in its table with the same JSON type, except the corrections registry/schema/field-table.ts names.
 */
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'
import YAML from 'yaml'

import {FAMILIES, family} from '../packages/core/src/registry/registry.js'
import {elementTable, familyTable, type FieldTable} from '../packages/core/src/registry/schema/field-table.js'
import {ROOT} from './support/cli.js'

const DOC = join(ROOT, '..', 'shared', 'upstream', 'openapi.yaml')

type SchemaNode = {
  $ref?: string
  type?: string
  allOf?: SchemaNode[]
  properties?: Record<string, SchemaNode>
  items?: SchemaNode
}

/** The schemas a family's payload was written from: its request schema (if published) and its record schema. */
const SOURCES: Record<string, string[]> = {
  clients: ['ClientRequest', 'Client'],
  invoices: ['InvoiceRequest', 'Invoice'],
  quotes: ['Quote'],
  credits: ['Credit'],
  payments: ['Payment'],
  products: ['ProductRequest', 'Product'],
  vendors: ['Vendor'],
  projects: ['Project'],
  'purchase-orders': ['PurchaseOrder'],
  expenses: ['Expense'],
  tasks: ['Task'],
  'recurring-invoices': ['RecurringInvoice'],
  activities: ['Activity'],
  'bank-integrations': ['BankIntegration'],
  'bank-transactions': ['BankTransaction'],
  'bank-transaction-rules': ['BankTransactionRule'],
  'client-gateway-tokens': ['ClientGatewayToken'],
  companies: ['Company'],
  'company-gateways': ['CompanyGateway'],
  'company-ledger': ['CompanyLedger'],
  designs: ['Design'],
  documents: ['Document'],
  'expense-categories': ['ExpenseCategory'],
  'group-settings': ['GroupSetting'],
  'payment-terms': ['PaymentTerm'],
  'recurring-expenses': ['RecurringExpense'],
  'recurring-quotes': ['RecurringQuote'],
  subscriptions: ['Subscription'],
  'system-logs': ['SystemLog'],
  'task-schedulers': ['TaskSchedulerSchema'],
  'task-statuses': ['TaskStatus'],
  'tax-rates': ['TaxRate'],
  tokens: ['CompanyToken'],
  users: ['User'],
  webhooks: ['Webhook'],
}

/** Where the table departs from the document on purpose (field-table.ts says why). */
const CORRECTED: Record<string, string> = {
  'clients.industry_id': 'sn',
  'clients.size_id': 'sn',
  'clients.country_id': 'sn',
  'clients.shipping_country_id': 'sn',
  'recurring-invoices.frequency_id': 'sn',
  'recurring-invoices.line_items': 'list',
  'expenses.transcation_id': 'renamed transaction_id',
  'recurring-expenses.transcation_id': 'renamed transaction_id',
  'recurring-expenses.frequency_id': 'sn',
  'recurring-quotes.frequency_id': 'sn',
  'recurring-quotes.line_items': 'list',
  'bank-integrations.bank_account_id': 'sn',
  'bank-transactions.transaction_id': 'sn',
  'bank-transactions.category_id': 'sn',
  'bank-transactions.bank_account_id': 'sn',
  'subscriptions.currency_id': 'sn',
  'companies.custom_surcharge_taxes4': 'b',
}

/** Every record's times are numbers, where some schemas say integers (products) or strings (system logs). */
const RECORD_TIMES = new Set(['created_at', 'updated_at', 'archived_at'])

const TABLE_TYPE: Record<string, string> = {
  string: 's',
  number: 'n',
  integer: 'i',
  boolean: 'b',
  object: 'o',
  array: 'list',
}

describe('payload field table against the published OpenAPI document', function () {
  let schemas: Record<string, SchemaNode>
  before(function () {
    if (!existsSync(DOC)) this.skip()
    schemas = (YAML.parse(readFileSync(DOC, 'utf8')) as {components: {schemas: Record<string, SchemaNode>}}).components
      .schemas
  })

  const deref = (node: SchemaNode): SchemaNode => (node.$ref ? deref(schemas[node.$ref.split('/').pop()!]) : node)
  const properties = (node: SchemaNode): Record<string, SchemaNode> => {
    const n = deref(node)
    return Object.assign({}, ...(n.allOf ?? []).map((part) => properties(part)), n.properties)
  }
  const typeIn = (table: FieldTable, name: string): string | undefined => {
    const t = table.fields.get(name)
    return t === undefined ? undefined : typeof t === 'string' ? (t === 'ls' ? 'list' : t) : 'list'
  }

  it('every family is compared', () => {
    expect(FAMILIES.map((f) => f.word).filter((word) => !SOURCES[word])).to.deep.equal([])
  })

  for (const [word, names] of Object.entries(SOURCES)) {
    it(`${word}: every published field, with its JSON type`, () => {
      const table = familyTable(family(word))
      const problems: string[] = []
      for (const name of names) {
        for (const [field, node] of Object.entries(properties({$ref: `#/${name}`}))) {
          const published = TABLE_TYPE[deref(node).type ?? ''] ?? deref(node).type
          const expected = CORRECTED[`${word}.${field}`] ?? (RECORD_TIMES.has(field) ? 'n' : published)
          if (expected.startsWith('renamed ')) {
            if (!table.fields.has(expected.slice('renamed '.length))) problems.push(`${field} → ${expected}`)
            continue
          }
          const actual = typeIn(table, field)
          if (actual !== expected)
            problems.push(`${name}.${field}: published ${published}, table ${actual ?? 'missing'}`)
        }
      }
      expect(problems).to.deep.equal([])
    })
  }

  it('line items, contacts and invitations: the element tables', () => {
    const problems: string[] = []
    const compare = (schema: string, element: string) => {
      const table = elementTable(element)
      for (const [field, node] of Object.entries(properties({$ref: `#/${schema}`}))) {
        const published = TABLE_TYPE[deref(node).type ?? '']
        if (typeIn(table, field) !== published)
          problems.push(`${schema}.${field}: published ${published}, table ${typeIn(table, field) ?? 'missing'}`)
      }
    }
    compare('InvoiceItem', 'line_item')
    compare('ClientContactRequest', 'client_contact')
    compare('ClientContact', 'client_contact')
    compare('VendorContact', 'vendor_contact')
    compare('InvoiceInvitation', 'invitation')
    compare('BTRules', 'rule')
    compare('FeesAndLimits', 'fees_and_limits')
    expect(problems).to.deep.equal([])
  })
})
