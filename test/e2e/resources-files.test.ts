/** Files: upload as multipart, download to a file or stdout, and a bad download key leaving nothing behind. */
import {existsSync, mkdtempSync, readFileSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {fakePdf} from '../support/upstream.js'
import {useResourceUpstream} from './resources-suite.js'

describe('resource commands against the stand-in upstream', () => {
  const {suite, only} = useResourceUpstream()

  it('upload: multipart POST with _method=PUT and each file as documents[]', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-up-'))
    const a = join(dir, 'receipt.pdf')
    const b = join(dir, 'notes.txt')
    writeFileSync(a, Buffer.from([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 255]))
    writeFileSync(b, 'hello')
    const r = await runCli(['clients', 'upload', 'VolejRejNm', '--file', a, '--file', b, '--yes', '--output', 'json'], {
      env: suite.env,
    })
    expect(r.stderr).to.equal('attached 2 files to client 0001 Acme Ltd (id VolejRejNm)\n')
    expect(r.code).to.equal(0)
    const req = only()
    expect([req.method, req.path]).to.deep.equal(['POST', '/api/v1/clients/VolejRejNm/upload'])
    expect(String(req.headers['content-type'])).to.match(/^multipart\/form-data; boundary=/)
    expect(req.parts!.map((p) => [p.name, p.filename ?? null, p.data.toString('hex')])).to.deep.equal([
      ['_method', null, Buffer.from('PUT').toString('hex')],
      ['documents[]', 'receipt.pdf', readFileSync(a).toString('hex')],
      ['documents[]', 'notes.txt', Buffer.from('hello').toString('hex')],
    ])
    expect(JSON.parse(r.stdout).data.documents).to.have.length(2)
  })

  it('download: GET /api/v1/{singular}/{key}/download, the bytes written unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-dl-'))
    const out = join(dir, 'quote.pdf')
    const r = await runCli(['quotes', 'download', 'quokey0001acmeQ7fK2mW9xR4tB8nL3p', '--output-file', out], {
      env: suite.env,
    })
    expect(r.code).to.equal(0)
    const req = only()
    expect([req.method, req.path]).to.deep.equal(['GET', '/api/v1/quote/quokey0001acmeQ7fK2mW9xR4tB8nL3p/download'])
    expect(readFileSync(out).equals(fakePdf('quokey0001acmeQ7fK2mW9xR4tB8nL3p'))).to.equal(true)
    expect(r.stdout).to.equal('')
  })

  it('download to - writes the bytes to stdout unchanged', async () => {
    const r = await runCli(['invoices', 'download', 'invkey0001acmeQ7fK2mW9xR4tB8nL3p', '--output-file', '-'], {
      env: suite.env,
    })
    expect(r.code).to.equal(0)
    expect(only().path).to.equal('/api/v1/invoice/invkey0001acmeQ7fK2mW9xR4tB8nL3p/download')
    expect(r.stdoutBytes.equals(fakePdf('invkey0001acmeQ7fK2mW9xR4tB8nL3p'))).to.equal(true)
  })

  it('download with a bad key: exit 1, the upstream message, no file left behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-dl-'))
    const out = join(dir, 'x.pdf')
    const r = await runCli(['quotes', 'download', 'nopekey0000000000000000000000000', '--output-file', out], {
      env: suite.env,
    })
    expect(r.code).to.equal(1)
    expect(r.stderr).to.equal('Error: upstream answered 400: Invalid invitation key\n')
    expect(existsSync(out)).to.equal(false)
  })
})
