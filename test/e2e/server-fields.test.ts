/**
 * Fields, types and guided flags as the server has them (issue 21): what the published document
 * got wrong is accepted and sent as given, with no warning; what the server's rules refuse is
 * refused with nothing sent.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('fields as the server has them', () => {
  const suite = useUpstream()

  /** A dry run's request: exit 0, nothing on stderr, nothing sent. */
  async function dryRun(args: string[]): Promise<{method: string; url: string; body: unknown}> {
    const r = await runCli([...args, '--dry-run', '--output', 'json'], {env: suite.env})
    expect(r.stderr).to.equal('')
    expect(r.code).to.equal(0)
    expect(suite.up.requests).to.deep.equal([])
    return (JSON.parse(r.stdout) as {request: {method: string; url: string; body: unknown}}).request
  }

  it('guided --project-id and --vendor-id where the server has them (quotes, credits, purchase orders)', async () => {
    const quote = await dryRun(['quotes', 'create', '--client-id', 'VolejRejNm', '--project-id', 'Wpmbk5ezJn'])
    expect([quote.method, quote.body]).to.deep.equal(['POST', {client_id: 'VolejRejNm', project_id: 'Wpmbk5ezJn'}])
    const credit = await dryRun(['credits', 'create', '--client-id', 'VolejRejNm', '--vendor-id', 'Wpmbk5ezJn'])
    expect(credit.body).to.deep.equal({client_id: 'VolejRejNm', vendor_id: 'Wpmbk5ezJn'})
    const order = await dryRun(['purchase-orders', 'create', '--vendor-id', 'Vv00000001', '--client-id', 'Cc00000001'])
    expect(order.body).to.deep.equal({vendor_id: 'Vv00000001', client_id: 'Cc00000001'})
  })

  it('integer ids as 1 or "1", objects where the server wants objects, fields the document lacked', async () => {
    const vendor = await dryRun(['vendors', 'create', '--name', 'Acme', '--field', 'currency_id=1'])
    expect(vendor.body).to.deep.equal({name: 'Acme', currency_id: 1})
    const quoted = await dryRun(['vendors', 'create', '--name', 'Acme', '--field', 'country_id="840"'])
    expect(quoted.body).to.deep.equal({name: 'Acme', country_id: '840'})
    const design = await dryRun(['designs', 'create', '--name', 'Clean', '--field', 'design.body=<div>x</div>'])
    expect(design.body).to.deep.equal({name: 'Clean', design: {body: '<div>x</div>'}})
    const hook = await dryRun([
      'webhooks',
      'create',
      '--data',
      '{"event_id":"1","target_url":"https://example.test/h","rest_method":"put","headers":{"X-A":"1"}}',
    ])
    expect(hook.body).to.deep.equal({
      event_id: '1',
      target_url: 'https://example.test/h',
      rest_method: 'put',
      headers: {'X-A': '1'},
    })
    const order = await dryRun(['purchase-orders', 'create', '--vendor-id', 'Vv00000001', '--field', 'po_number=PO-7'])
    expect(order.body).to.deep.equal({vendor_id: 'Vv00000001', po_number: 'PO-7'})
    const item = await dryRun([
      'invoices',
      'create',
      '--client-id',
      'VolejRejNm',
      '--line-item',
      'product_key=A,type_id=2,task_id=Wpmbk5ezJn',
    ])
    expect(item.body).to.deep.equal({
      client_id: 'VolejRejNm',
      line_items: [{product_key: 'A', type_id: 2, task_id: 'Wpmbk5ezJn'}],
    })
  })

  it('--field nests as the server keeps the field: an object keyed by gateway type, a list of objects', async () => {
    const gateway = await dryRun([
      'company-gateways',
      'create',
      '--field',
      'gateway_key=d14dd26a37cecc30fdd65700bfb55b23',
      '--field',
      'fees_and_limits.1.min_limit=1',
      '--field',
      'fees_and_limits.3.max_limit=500',
    ])
    expect(gateway.body).to.deep.equal({
      gateway_key: 'd14dd26a37cecc30fdd65700bfb55b23',
      fees_and_limits: {1: {min_limit: 1}, 3: {max_limit: 500}},
    })
    const company = await dryRun([
      'companies',
      'update',
      'Wpmbk5ezJn',
      '--field',
      'client_registration_fields.key=name',
      '--field',
      'client_registration_fields.required=true',
    ])
    expect(company.body).to.deep.equal({client_registration_fields: [{key: 'name', required: true}]})
  })

  it('a create reaches the server once, with the body as given', async () => {
    const r = await runCli(['vendors', 'create', '--name', 'Acme', '--field', 'currency_id=1', '--yes', '-o', 'json'], {
      env: suite.env,
    })
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal(`created vendor 0001 Acme (id ${JSON.parse(r.stdout).data.id})\n`)
    expect(JSON.parse(r.stdout).data).to.deep.include({name: 'Acme', currency_id: 1})
    expect(suite.up.requests.map((q) => [q.method, q.path, q.json])).to.deep.equal([
      ['POST', '/api/v1/vendors', {name: 'Acme', currency_id: 1}],
    ])
  })

  it('a required field missing on create is refused, nothing sent', async () => {
    const r = await runCli(['projects', 'create', '--name', 'Website', '--yes'], {env: suite.env})
    expect(r.stdout).to.equal('')
    expect(r.stderr).to.equal(
      'Error: projects payload: client_id is required (a hashed id string): give --field client_id=... ' +
        '(--no-validate sends it unchecked)\n',
    )
    expect(r.code).to.equal(2)
    expect(suite.up.requests).to.deep.equal([])
  })

  it('a field the server does not have warns, suggesting only a field it has', async () => {
    const r = await runCli(['tasks', 'update', 'Tk00000001', '--field', 'task_status_id=Wpmbk5ezJn', '--dry-run'], {
      env: suite.env,
    })
    expect(r.stderr).to.equal('Warning: task_status_id is not a tasks field the server knows; it is sent as given\n')
    expect(r.code).to.equal(0)
    expect(suite.up.requests).to.deep.equal([])
  })
})
