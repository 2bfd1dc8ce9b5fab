/** What HttpClient puts on the wire: the headers, the URL built from the base URL, a multipart upload. */
import {expect} from 'chai'
import nock from 'nock'
import {mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {family} from '../src/registry/registry.js'
import {createRequest, downloadRequest, listRequest, showRequest, uploadRequest} from '../src/plan/routes.js'
import {HOST, PASSWORD, record, TOKEN, UA, useFakeUpstream} from './http-helpers.js'

describe('http: HttpClient against a fake upstream', () => {
  const client = useFakeUpstream()

  describe('headers', () => {
    it('a GET sends the token, X-Requested-With, Accept and the User-Agent, and no Content-Type', async () => {
      const scope = nock(HOST).get('/api/v1/clients').reply(200, {data: []})
      const seen = record(scope)
      const res = await client().send(listRequest(family('clients'), {}))
      expect(res.status).to.equal(200)
      expect(JSON.parse(res.body.toString('utf8'))).to.deep.equal({data: []})
      expect(scope.isDone()).to.equal(true)
      expect(seen).to.have.length(1)
      const h = seen[0].headers
      expect(h['x-api-token']).to.equal(TOKEN)
      expect(h['x-requested-with']).to.equal('XMLHttpRequest')
      expect(h.accept).to.equal('application/json')
      expect(h['user-agent']).to.equal(UA)
      expect(h).not.to.have.property('content-type')
      expect(h).not.to.have.property('x-api-password')
      expect(seen[0].body).to.equal('')
    })

    it('a JSON body is sent with Content-Type: application/json and exactly these bytes', async () => {
      const scope = nock(HOST)
        .post('/api/v1/invoices')
        .reply(200, {data: {id: 'abc'}})
      const seen = record(scope)
      const body = {
        client_id: '123',
        number: '0042',
        amount: 12.5,
        is_amount_discount: false,
        po_number: null,
        line_items: [{product_key: 'A', quantity: 2, cost: 10, notes: 'Café, ünïcode'}],
      }
      await client().send(createRequest(family('invoices'), body))
      expect(scope.isDone()).to.equal(true)
      expect(seen[0].method).to.equal('POST')
      expect(seen[0].headers['content-type']).to.equal('application/json')
      expect(seen[0].headers['x-api-token']).to.equal(TOKEN)
      expect(seen[0].headers['x-requested-with']).to.equal('XMLHttpRequest')
      expect(seen[0].headers.accept).to.equal('application/json')
      expect(seen[0].body).to.equal(
        '{"client_id":"123","number":"0042","amount":12.5,"is_amount_discount":false,"po_number":null,' +
          '"line_items":[{"product_key":"A","quantity":2,"cost":10,"notes":"Café, ünïcode"}]}',
      )
    })

    it('X-API-PASSWORD is sent when the spec asks for it and a password is set', async () => {
      const scope = nock(HOST).get('/api/v1/users').reply(200, {data: []})
      const seen = record(scope)
      const spec = listRequest(family('users'), {})
      expect(spec.password).to.equal(true)
      await client({password: PASSWORD}).send(spec)
      expect(seen[0].headers['x-api-password']).to.equal(PASSWORD)
      expect(seen[0].headers['x-api-token']).to.equal(TOKEN)
    })

    it('X-API-PASSWORD is not sent when the spec asks for it but no password is set', async () => {
      const scope = nock(HOST).get('/api/v1/users').reply(200, {data: []})
      const seen = record(scope)
      await client().send(listRequest(family('users'), {}))
      expect(seen[0].headers).not.to.have.property('x-api-password')
    })

    it('X-API-PASSWORD is not sent on routes that are not password-protected', async () => {
      const scope = nock(HOST).get('/api/v1/clients').reply(200, {data: []})
      const seen = record(scope)
      await client({password: PASSWORD}).send(listRequest(family('clients'), {}))
      expect(seen[0].headers).not.to.have.property('x-api-password')
    })

    it('a download request also sends Accept: application/json (FACTS.md: every request)', async () => {
      const scope = nock(HOST)
        .get('/api/v1/quote/key123/download')
        .reply(200, Buffer.from('%PDF-1.4'), {'Content-Type': 'application/pdf'})
      const seen = record(scope)
      const res = await client().send(downloadRequest(family('quotes'), 'key123'))
      expect(res.body.toString('latin1')).to.equal('%PDF-1.4')
      expect(seen[0].headers['x-requested-with']).to.equal('XMLHttpRequest')
      expect(seen[0].headers.accept).to.equal('application/json')
    })
  })

  describe('URLs', () => {
    it('a base URL ending in /api/v1/ is not doubled, and sort/filters stay readable', async () => {
      const scope = nock(HOST).get('/api/v1/clients').query(true).reply(200, {data: []})
      const seen = record(scope)
      const spec = listRequest(family('clients'), {page: 1, perPage: 20, sort: 'id|asc', filters: ['balance=gt:1000']})
      await client({baseUrl: `${HOST}/api/v1/`}).send(spec)
      expect(seen[0].path.split('?')[0]).to.equal('/api/v1/clients')
      const qs = seen[0].path.split('?')[1]
      expect(qs.split('&')).to.have.members(['page=1', 'per_page=20', 'sort=id|asc', 'balance=gt:1000'])
    })

    it('a path prefix in the base URL is kept', async () => {
      const scope = nock(HOST).get('/ninja/api/v1/clients/VolejRejNm').reply(200, {data: {}})
      const seen = record(scope)
      await client({baseUrl: `${HOST}/ninja/`}).send(showRequest(family('clients'), 'VolejRejNm'))
      expect(seen[0].path).to.equal('/ninja/api/v1/clients/VolejRejNm')
    })
  })

  describe('upload', () => {
    // A scratch folder for the file to upload.
    let dir: string
    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'invoicing-cli-http-'))
    })
    after(() => rm(dir, {recursive: true, force: true}))

    it('sends a multipart POST with _method=PUT and the file bytes under documents[]', async () => {
      const path = join(dir, 'note.txt')
      const content = 'hello, upload\nline 2 ünïcode\n'
      await writeFile(path, content)
      const scope = nock(HOST)
        .post('/api/v1/clients/abc/upload')
        .reply(200, {data: {id: 'abc'}})
      const seen = record(scope)
      const spec = uploadRequest(family('clients'), 'abc', [
        {path, filename: 'note.txt', size: Buffer.byteLength(content)},
      ])
      await client().send(spec)
      expect(scope.isDone()).to.equal(true)
      const {headers, body, method} = seen[0]
      expect(method).to.equal('POST')
      expect(String(headers['content-type'])).to.match(/^multipart\/form-data; ?boundary=/)
      expect(headers['x-api-token']).to.equal(TOKEN)
      expect(headers['x-requested-with']).to.equal('XMLHttpRequest')
      expect(headers.accept).to.equal('application/json')
      expect(body).to.match(/Content-Disposition: form-data; name="_method"\r\n\r\nPUT\r\n/)
      const at = body.indexOf('name="documents[]"; filename="note.txt"')
      expect(at, 'a documents[] part with the file name').to.be.greaterThan(-1)
      expect(
        body.indexOf(`\r\n\r\n${content}\r\n`, at),
        'the file bytes inside the documents[] part',
      ).to.be.greaterThan(at)
      expect(body).not.to.match(/name="documents"[;\r]/)
    })
  })
})
