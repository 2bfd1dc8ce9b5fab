/**
 * notTheFileError: an answer that is not the file asked for, in one line: text quoted, bytes named by size and type.
 */
import {expect} from 'chai'

import {notTheFileError} from '../src/http/download-check.js'
import {CliError} from '../src/errors.js'

const ZIP = Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.from('WJxbojagwO\nA1')])

describe('download: the error for an answer that is not the file', () => {
  it('a zip where a PDF was wanted: its size and type, never its bytes', () => {
    const error = notTheFileError('pdf', 200, 'application/zip', ZIP)
    expect(error).to.be.instanceOf(CliError)
    expect(error.exitCode).to.equal(1)
    expect(error.message).to.equal(
      `the upstream answered 200 with application/zip instead of a PDF: ${ZIP.length} bytes of application/zip. ` +
        'Nothing was saved',
    )
    expect(error.toDocument()).to.deep.equal({
      error: {status: 200, message: `${ZIP.length} bytes of application/zip`, exit_code: 1},
    })
  })

  it('control bytes make a body binary whatever its type says; without a type it is "binary data"', () => {
    const bytes = Buffer.from([0x3c, 0x68, 0x00, 0x01, 0x1b, 0x5b])
    expect(notTheFileError('pdf', 200, 'text/html', bytes).message).to.equal(
      'the upstream answered 200 with text/html instead of a PDF: 6 bytes of text/html. Nothing was saved',
    )
    expect(notTheFileError('pdf-or-zip', 200, '', bytes).message).to.equal(
      'the upstream answered 200 with no content type instead of a PDF or zip file: 6 bytes of binary data. ' +
        'Nothing was saved',
    )
  })

  it('a type that is not text (octet-stream) is binary even when its bytes could be read', () => {
    const error = notTheFileError('pdf', 200, 'application/octet-stream; charset=binary', Buffer.from('hello'))
    expect(error.message).to.equal(
      'the upstream answered 200 with application/octet-stream instead of a PDF: 5 bytes of ' +
        'application/octet-stream. Nothing was saved',
    )
  })

  it('a body cut at the 64 KB read says so', () => {
    const error = notTheFileError('pdf', 200, 'application/zip', Buffer.alloc(64 * 1024, 0))
    expect(error.upstreamMessage).to.equal('65536 bytes or more of application/zip')
  })

  it('text is still quoted: a JSON message, a plain-text line (UTF-8 included), an HTML page summed up', () => {
    expect(
      notTheFileError('pdf', 200, 'application/json', Buffer.from('{"message":"Session expired"}')).upstreamMessage,
    ).to.equal('Session expired')
    expect(
      notTheFileError('pdf', 200, 'text/plain', Buffer.from('Zugriff verweigert – bitte anmelden\n')).upstreamMessage,
    ).to.equal('Zugriff verweigert – bitte anmelden')
    expect(notTheFileError('pdf', 200, '', Buffer.from('Forbidden')).upstreamMessage).to.equal('Forbidden')
    expect(
      notTheFileError('pdf', 200, 'text/html', Buffer.from('<html><body>x</body></html>')).upstreamMessage,
    ).to.equal('an HTML page (27 bytes)')
  })
})
