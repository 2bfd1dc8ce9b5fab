/**
 * readCapped ends a body as Node's finished() would: at the stream's end with every byte, at its error with that
 * error, at a close before its end (or on a stream already closed) with the premature-close error the retry rules and
 * the network messages read, never hanging.
 */
import {PassThrough, Readable} from 'node:stream'

import {expect} from 'chai'

import {readCapped} from '../src/http/body.js'

const MB = 1024 * 1024

async function failure(read: Promise<unknown>): Promise<Error & {code?: string}> {
  try {
    await read
  } catch (error) {
    return error as Error & {code?: string}
  }
  throw new Error('the read did not fail')
}

describe('readCapped: how a body read ends', () => {
  it('at its end: every chunk, in order', async () => {
    const body = await readCapped(Readable.from([Buffer.from('{"a":'), Buffer.from('1}')]), {}, MB)
    expect(body.toString()).to.equal('{"a":1}')
  })

  it('an empty body ends at once', async () => {
    expect((await readCapped(Readable.from([]), {}, MB)).length).to.equal(0)
  })

  it("at the stream's error: that error", async () => {
    const stream = new PassThrough()
    const read = readCapped(stream, {}, MB)
    stream.write('{"a":')
    stream.destroy(Object.assign(new Error('aborted'), {code: 'ECONNRESET'}))
    const error = await failure(read)
    expect([error.message, error.code]).to.deep.equal(['aborted', 'ECONNRESET'])
  })

  it('at a close before its end: the premature close, as finished() names it', async () => {
    const stream = new PassThrough()
    const read = readCapped(stream, {}, MB)
    stream.write('{"a":')
    stream.destroy()
    const error = await failure(read)
    expect([error.message, error.code]).to.deep.equal(['Premature close', 'ERR_STREAM_PREMATURE_CLOSE'])
  })

  it('a stream closed before the read begins fails at once, with its error or the premature close', async () => {
    const closed = new PassThrough()
    closed.destroy()
    await new Promise((resolve) => closed.once('close', resolve))
    expect((await failure(readCapped(closed, {}, MB))).code).to.equal('ERR_STREAM_PREMATURE_CLOSE')
    const failed = new PassThrough()
    failed.on('error', () => {})
    failed.destroy(new Error('reset'))
    await new Promise((resolve) => failed.once('close', resolve))
    expect((await failure(readCapped(failed, {}, MB))).message).to.equal('reset')
  })

  it('past the cap: refused, declared or not', async () => {
    const declared = await failure(readCapped(Readable.from([Buffer.alloc(10)]), {'content-length': '10'}, 5))
    const grown = await failure(readCapped(Readable.from([Buffer.alloc(10)]), {}, 5))
    expect([declared.code, grown.code]).to.deep.equal(['ERESPONSETOOLARGE', 'ERESPONSETOOLARGE'])
  })
})
