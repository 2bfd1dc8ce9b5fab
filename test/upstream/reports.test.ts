/** The stand-in's search, reports (mailed, or previewed once ready) and charts. */
import {expect} from 'chai'

import {REPORT_CSV} from '../support/upstream.js'
import {callJson, up, useStandIn} from './helpers.js'

describe('upstream stand-in', () => {
  useStandIn()

  describe('search, reports and charts', () => {
    it('searches clients and invoices by name or number', async () => {
      const {body} = await callJson('/api/v1/search', {method: 'POST', body: {search: 'acme'}})
      expect(body.clients.map((c: {name: string}) => c.name)).to.deep.equal(['Acme Ltd'])
      expect(body).to.include.keys('client_contacts', 'invoices', 'settings')
    })

    it('answers working... for an e-mailed report, chart data for charts', async () => {
      expect(await callJson('/api/v1/reports/clients', {method: 'POST', body: {}})).to.deep.equal({
        status: 200,
        body: {message: 'working...'},
      })
      const chart = await callJson('/api/v1/charts/totals', {method: 'POST', body: {}})
      expect(chart.body.chart).to.equal('totals')
      expect(up.requests.map((r) => r.path)).to.deep.equal(['/api/v1/reports/clients', '/api/v1/charts/totals'])
    })

    it('answers a hash for send_email:false, then 409 on the preview until ready, then the result once', async () => {
      up.setReportDelay(1)
      const {body} = await callJson('/api/v1/reports/invoices', {method: 'POST', body: {send_email: false}})
      const preview = `/api/v1/reports/preview/${body.message}`
      expect((await callJson(preview, {method: 'POST', body: {}})).status).to.equal(409)
      const ready = await fetch(`${up.url}${preview}`, {
        method: 'POST',
        headers: {'X-API-TOKEN': up.token, 'X-Requested-With': 'XMLHttpRequest'},
      })
      expect(ready.status).to.equal(200)
      expect(ready.headers.get('content-type')).to.match(/^text\/csv/)
      expect(await ready.text()).to.equal(REPORT_CSV)
      expect((await callJson(preview, {method: 'POST', body: {}})).status).to.equal(404)
    })
  })
})
