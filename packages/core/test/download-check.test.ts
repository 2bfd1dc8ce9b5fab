/** What a download answer must be to be saved (http/download-check.ts), the pure part. */
import {expect} from 'chai'

import {isWantedFile} from '../src/http/download-check.js'

const bytes = (s: string) => Buffer.from(s, 'latin1')

describe('download check', () => {
  it('an empty answer is never a PDF, zip or e-invoice, whatever its type says', () => {
    for (const kind of ['pdf', 'pdf-or-zip', 'xml'] as const)
      expect(isWantedFile(kind, kind === 'xml' ? 'application/xml' : 'application/pdf', bytes('')), kind).to.equal(
        false,
      )
    // A stored document may be empty.
    expect(isWantedFile('any', 'application/octet-stream', bytes(''))).to.equal(true)
  })

  it('by signature: the first bytes decide, the declared type does not', () => {
    expect(isWantedFile('pdf', 'application/pdf', bytes('<html><'), '', true)).to.equal(false)
    expect(isWantedFile('pdf', 'text/html', bytes('%PDF-1.7'), '', true)).to.equal(true)
    expect(isWantedFile('xml', 'application/xml', bytes('{"messa'), '', true)).to.equal(false)
    expect(isWantedFile('xml', 'application/json', bytes('<?xml ve'), '', true)).to.equal(true)
    expect(
      isWantedFile('xml', '', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes('<?xml')]), '', true),
    ).to.equal(true)
    // Without it, the type is believed for a non-empty answer (plain `download`).
    expect(isWantedFile('pdf', 'application/pdf', bytes('<html><'))).to.equal(true)
  })
})
