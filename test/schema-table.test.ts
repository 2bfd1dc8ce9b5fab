/**
 * Where the server departs from its published OpenAPI document (read from ../shared; skipped when
 * it is absent). The CLI's fields and types come from the server's own source (registry/server);
 * this is the record of the places a user of the document would go wrong, each checked against
 * both: what the document publishes, and what the server's facts say.
 */
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'
import YAML from 'yaml'

import {elementFacts, fieldTypes, serverFacts} from '../packages/core/src/registry/server/facts.js'
import {ROOT} from './support/cli.js'

const DOC = join(ROOT, '..', 'shared', 'upstream', 'openapi.yaml')

type SchemaNode = {$ref?: string; type?: string; allOf?: SchemaNode[]; properties?: Record<string, SchemaNode>}

/** [document schema, field, its published type or absent, family (or `item:` element), the server's type]. */
const DEPARTURES: ReadonlyArray<[string, string, string, string, string]> = [
  ['Quote', 'project_id', 'absent', 'quotes', 'hid'],
  ['Quote', 'vendor_id', 'absent', 'quotes', 'hid'],
  ['Credit', 'project_id', 'absent', 'credits', 'hid'],
  ['Invoice', 'vendor_id', 'absent', 'invoices', 'hid'],
  ['PurchaseOrder', 'project_id', 'absent', 'purchase-orders', 'hid'],
  ['PurchaseOrder', 'client_id', 'absent', 'purchase-orders', 'hid'],
  ['PurchaseOrder', 'po_number', 'absent', 'purchase-orders', 'str'],
  ['Vendor', 'currency_id', 'string', 'vendors', 'iid'],
  ['Vendor', 'country_id', 'string', 'vendors', 'iid'],
  ['Expense', 'payment_type_id', 'string', 'expenses', 'iid'],
  ['Expense', 'number', 'absent', 'expenses', 'str'],
  ['Expense', 'tax_amount1', 'absent', 'expenses', 'num'],
  ['Payment', 'type_id', 'string', 'payments', 'iid'],
  ['Product', 'tax_id', 'string', 'products', 'iid'],
  ['Task', 'status_id', 'absent', 'tasks', 'hid'],
  ['Task', 'task_status_id', 'string', 'tasks', 'absent'],
  ['Webhook', 'event_id', 'string', 'webhooks', 'iid'],
  ['Webhook', 'rest_method', 'absent', 'webhooks', 'str'],
  ['Webhook', 'headers', 'absent', 'webhooks', 'obj'],
  ['Design', 'design', 'string', 'designs', 'obj'],
  ['Subscription', 'webhook_configuration', 'string', 'subscriptions', 'obj'],
  ['InvoiceItem', 'task_id', 'absent', 'item:line_item', 'hid'],
  ['InvoiceItem', 'type_id', 'string', 'item:line_item', 'iid'],
]

describe('where the server departs from the published OpenAPI document', function () {
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
  const serverType = (where: string, field: string) =>
    fieldTypes(where.startsWith('item:') ? elementFacts(where.slice(5))?.fields : serverFacts(where)?.fields).get(field)

  for (const [schema, field, published, where, server] of DEPARTURES) {
    it(`${schema}.${field}: the document says ${published}, the server ${server}`, () => {
      const node = properties({$ref: `#/${schema}`})[field]
      expect(node === undefined ? 'absent' : (deref(node).type ?? 'untyped'), 'the document').to.equal(published)
      expect(serverType(where, field) ?? 'absent', 'the server').to.equal(server)
    })
  }

  it("vendors' balance is a column the document offers; the server's answers have no such key", () => {
    expect(serverFacts('vendors')!.answer.split(/\s+/)).to.not.include('balance')
  })
})
