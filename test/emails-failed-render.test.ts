/** What `emails failed` prints for people: on a terminal, long lines break between words, never inside one. */
import {expect} from 'chai'

import type {Joined} from '../src/month-end/emails-failed/join.js'
import {failedText} from '../src/month-end/emails-failed/render.js'

const FAILED: Joined = {
  id: 'Sl1',
  at: 1_700_000_000,
  reason: 'bounced',
  event_id: 30,
  type_id: 303,
  client_id: 'Opnel5aKBz',
  record: {entity: 'invoice', id: 'Iv4gH2kLm1'},
  recipient: 'accounts@globex.test',
  detail: 'The mailbox accounts@globex.test does not exist: the receiving server refused the message permanently',
  client: {id: 'Opnel5aKBz', name: 'Globex Corporation'},
  document: {family: 'invoices', id: 'Iv4gH2kLm1', number: '0004'},
}

describe('emails failed, for people', () => {
  it('at 40 columns every line fits and breaks between words; the detail keeps its indent', () => {
    const lines = failedText([FAILED], 1, 40).split('\n')
    expect(lines.filter((l) => l.length > 40)).to.deep.equal([])
    const words = (text: string) => text.split(/\s+/).filter(Boolean)
    expect(words(lines.join(' '))).to.deep.equal(words(failedText([FAILED], 1)))
    expect(lines).to.include('  The mailbox accounts@globex.test does')
  })

  it('piped (no width): one line each, as before', () => {
    const lines = failedText([FAILED]).split('\n')
    expect(lines[2]).to.match(/^2023-11-14 22:13 {2}bounced: invoice 0004, Globex Corporation <accounts@globex.test>$/)
    expect(lines[3]).to.equal(`  ${FAILED.detail}`)
  })
})
