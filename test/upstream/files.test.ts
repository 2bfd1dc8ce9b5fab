/** The stand-in's files: multipart uploads, and PDFs downloaded by invitation key. */
import {expect} from 'chai'
import {createHash} from 'node:crypto'

import {CATCH_ALL_MESSAGE, fakePdf} from '../support/upstream.js'
import {call, callJson, headers, up, useStandIn} from './helpers.js'

describe('upstream stand-in', () => {
  useStandIn()

  describe('upload', () => {
    const binary = Buffer.concat([Buffer.from(Array.from({length: 256}, (_, i) => i)), Buffer.from('\r\n--x\r\n')])

    function form(method?: string): FormData {
      const data = new FormData()
      if (method) data.append('_method', method)
      data.append('documents[]', new Blob([binary], {type: 'application/pdf'}), 'a.pdf')
      data.append('documents[]', new Blob(['hello']), 'b.txt')
      data.append('documents', new Blob(['ignored']), 'c.txt')
      return data
    }

    const upload = (path: string, body: FormData) =>
      fetch(`${up.url}${path}`, {method: 'POST', headers: headers(), body})

    it('parses documents[] and _method, and ignores a plain documents field', async () => {
      const res = await upload('/api/v1/clients/VolejRejNm/upload', form('PUT'))
      expect(res.status).to.equal(200)
      const {data} = await res.json()
      expect(data.documents.map((d: {name: string; size: number}) => [d.name, d.size])).to.deep.equal([
        ['a.pdf', binary.length],
        ['b.txt', 5],
      ])
      expect(data.documents[0].hash).to.equal(createHash('sha256').update(binary).digest('hex'))
      expect(data.documents[0].id).to.be.a('string')

      const parts = up.requests[0]!.parts!
      expect(parts.map((p) => p.name)).to.deep.equal(['_method', 'documents[]', 'documents[]', 'documents'])
      expect(parts[1]).to.include({filename: 'a.pdf', contentType: 'application/pdf'})
      expect(parts[1]!.data.equals(binary)).to.equal(true)
      expect(up.records('clients')[0]!.documents).to.have.length(2)
    })

    it('answers 404 without _method=PUT and 400 for an unknown record', async () => {
      const missing = await upload('/api/v1/clients/VolejRejNm/upload', form())
      expect(missing.status).to.equal(404)
      expect(await missing.json()).to.deep.equal({message: CATCH_ALL_MESSAGE})
      const unknown = await upload('/api/v1/clients/nope/upload', form('PUT'))
      expect(unknown.status).to.equal(400)
    })
  })

  describe('download by invitation key', () => {
    it('streams a chunked PDF without Content-Length', async () => {
      const res = await call('/api/v1/quote/quokey0001acmeQ7fK2mW9xR4tB8nL3p/download')
      expect(res.status).to.equal(200)
      expect(res.headers.get('content-type')).to.equal('application/pdf')
      expect(res.headers.get('content-disposition')).to.equal('attachment; filename=Quote_0001.pdf')
      expect(res.headers.get('content-length')).to.equal(null)
      expect(res.headers.get('transfer-encoding')).to.equal('chunked')
      expect(Buffer.from(await res.arrayBuffer()).equals(fakePdf('quokey0001acmeQ7fK2mW9xR4tB8nL3p'))).to.equal(true)
    })

    it('finds keys in seeded collections and answers 400 for an unknown key', async () => {
      up.seed('purchase_orders', [{number: 'PO-7', invitations: [{key: 'k1'}]}])
      const res = await call('/api/v1/purchase_order/k1/download')
      expect(res.headers.get('content-disposition')).to.equal('attachment; filename=Purchase_Order_PO-7.pdf')
      await res.arrayBuffer()
      expect(await callJson('/api/v1/invoice/nope/download')).to.deep.equal({
        status: 400,
        body: {message: 'Invalid invitation key'},
      })
    })
  })
})
