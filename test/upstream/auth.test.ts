/**
 * The stand-in's checks of every request: the token, X-Requested-With,
 * the password of users routes, and its 404 for unknown routes.
 */
import {expect} from 'chai'

import {CATCH_ALL_MESSAGE} from '../support/upstream.js'
import {callJson, up, useStandIn} from './helpers.js'

describe('upstream stand-in', () => {
  useStandIn()

  describe('headers and auth', () => {
    it('answers ping and statics (statics without a data wrapper)', async () => {
      expect(await callJson('/api/v1/ping')).to.deep.equal({
        status: 200,
        body: {company_name: 'Stand-in Co', user_name: 'Test User'},
      })
      const statics = await callJson('/api/v1/statics')
      expect(statics.body).to.not.have.property('data')
      expect(statics.body.currencies[0]).to.include({id: '1', code: 'USD'})
      expect(statics.body).to.have.keys('currencies', 'countries', 'languages', 'payment_types')
    })

    it('answers 403 for a missing or wrong token and 401 for a token without permission', async () => {
      const missing = await fetch(`${up.url}/api/v1/ping`, {headers: {'X-Requested-With': 'XMLHttpRequest'}})
      expect(missing.status).to.equal(403)
      expect(await missing.json()).to.deep.equal({message: 'Invalid token', errors: {}})
      const wrong = await callJson('/api/v1/invoices', {headers: {'X-API-TOKEN': 'nope'}})
      expect(wrong.status).to.equal(403)
      const denied = await callJson('/api/v1/invoices', {headers: {'X-API-TOKEN': 'no-permission'}})
      expect(denied).to.deep.equal({status: 401, body: {message: 'This action is unauthorized.'}})
    })

    it('redirects with 302 when X-Requested-With is missing', async () => {
      const res = await fetch(`${up.url}/api/v1/invoices`, {headers: {'X-API-TOKEN': up.token}, redirect: 'manual'})
      expect(res.status).to.equal(302)
      expect(res.headers.get('location')).to.equal(`${up.url}/`)
      const followed = await fetch(`${up.url}/api/v1/invoices`, {headers: {'X-API-TOKEN': up.token}})
      expect(followed.headers.get('content-type')).to.match(/^text\/html/)
    })

    it('needs X-API-PASSWORD on users routes', async () => {
      expect(await callJson('/api/v1/users')).to.deep.equal({
        status: 412,
        body: {message: 'Invalid Password', errors: {}},
      })
      const wrong = await callJson('/api/v1/users', {headers: {'X-API-PASSWORD': 'guess'}})
      expect(wrong.status).to.equal(412)
      const right = await callJson('/api/v1/users', {headers: {'X-API-PASSWORD': 'secret-pass'}})
      expect(right.status).to.equal(200)
    })

    it('answers 404 for unknown routes and wrong methods', async () => {
      const notFound = {status: 404, body: {message: CATCH_ALL_MESSAGE}}
      expect(await callJson('/api/v1/Invoices')).to.deep.equal(notFound)
      expect(await callJson('/api/v1/api/v1/invoices')).to.deep.equal(notFound)
      expect(await callJson('/api/v1/invoices', {method: 'PUT', body: {}})).to.deep.equal(notFound)
      expect(await callJson('/api/v1/ping', {method: 'POST', body: {}})).to.deep.equal(notFound)
      expect(await callJson('/elsewhere')).to.deep.equal(notFound)
    })
  })
})
