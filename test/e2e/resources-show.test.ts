/** Reading one record (show, a crafted id refused), the create and edit templates, and statics. */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useResourceUpstream} from './resources-suite.js'

describe('resource commands against the stand-in upstream', () => {
  const {suite, only} = useResourceUpstream()

  it('show: GET /api/v1/{seg}/{id} with include', async () => {
    const r = await runCli(['clients', 'show', 'VolejRejNm', '--include', 'activities', '--output', 'json'], {
      env: suite.env,
    })
    expect(r.code).to.equal(0)
    const req = only()
    expect([req.method, req.path, req.rawQuery]).to.deep.equal([
      'GET',
      '/api/v1/clients/VolejRejNm',
      'include=activities',
    ])
    expect(JSON.parse(r.stdout).data.name).to.equal('Acme Ltd')
  })

  it('show: a key/value view by default', async () => {
    const r = await runCli(['clients', 'show', 'VolejRejNm'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(r.stdout).to.match(/^id\s+VolejRejNm$/m)
    expect(r.stdout).to.match(/^name\s+Acme Ltd$/m)
  })

  it('a crafted id never reaches another route: refused before anything is sent', async () => {
    // Group settings have no human keys: the id is only ever an id (a client's would be looked up by name).
    const r = await runCli(['group-settings', 'show', '../invoices?x=#'], {env: suite.env})
    expect(r.code).to.equal(2)
    expect(r.stderr).to.equal(
      'Error: id "../invoices?x=#" is not valid: use only letters, digits, - and _ (upstream ids look like ' +
        'VolejRejNm)\n',
    )
    expect(suite.up.requests).to.deep.equal([])
  })

  it('template: GET /api/v1/{seg}/create, edit-template: GET /api/v1/{seg}/{id}/edit', async () => {
    const t = await runCli(['invoices', 'template', '--output', 'json'], {env: suite.env})
    expect(t.code).to.equal(0)
    expect(JSON.parse(t.stdout).data.id).to.equal('')
    const e = await runCli(['invoices', 'edit-template', 'WJxbojagwO', '--output', 'json'], {env: suite.env})
    expect(e.code).to.equal(0)
    expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal([
      'GET /api/v1/invoices/create',
      'GET /api/v1/invoices/WJxbojagwO/edit',
    ])
  })

  it('statics: GET /api/v1/statics', async () => {
    const r = await runCli(['statics', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(`${only().method} ${only().path}`).to.equal('GET /api/v1/statics')
    expect(JSON.parse(r.stdout)).to.have.property('currencies')
  })
})
