/**
 * Keys that must never name a record (issue 30): a blank key (a contact's e-mail is "" on the server, and its filter
 * treats a blank search as none), one holding an invisible character, and a name whose twin is past the first
 * lookup page. Each is exit 2 and changes nothing.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

/** A client whose only contact has no e-mail: the server answers `""` for it. */
const BLANK = {id: 'Blk0000001', name: 'Blank Mail Ltd', number: '0099', contacts: [{first_name: 'Nobody', email: ''}]}

describe('records by key: keys that name no record', () => {
  const suite = useUpstream()
  beforeEach(() => suite.up.seed('clients', [...suite.up.records('clients'), BLANK]))
  const run = (args: string[]) => runCli(args, {env: suite.env})
  const requests = () => suite.up.requests.map((q) => `${q.method} ${q.path}${q.rawQuery ? `?${q.rawQuery}` : ''}`)

  for (const key of [' ', '  \t']) {
    it(`delete ${JSON.stringify(key)}: exit 2, nothing sent, the client stays`, async () => {
      const r = await run(['clients', 'delete', key, '--yes'])
      expect([r.code, r.stdout, r.stderr]).to.deep.equal([2, '', 'Error: id must not be blank\n'])
      expect(requests()).to.deep.equal([])
      expect(suite.up.records('clients').find((c) => c.id === BLANK.id)?.is_deleted).to.not.equal(true)
    })
  }

  it('invoices create --client-id " ": exit 2, nothing sent, no invoice made', async () => {
    const before = suite.up.records('invoices').length
    const r = await run(['invoices', 'create', '--client-id', ' ', '--yes'])
    expect([r.code, r.stderr]).to.deep.equal([2, 'Error: --client-id must not be blank\n'])
    expect(requests()).to.deep.equal([])
    expect(suite.up.records('invoices').length).to.equal(before)
  })

  for (const [name, key] of [
    ['zero-width space', 'Acme\u200b Ltd'],
    ['right-to-left override', '\u202eAcme Ltd'],
    ['escape', 'Acme Ltd\u001b[2J'],
  ]) {
    it(`a key holding a ${name} is refused before any lookup (exit 2)`, async () => {
      const r = await run(['clients', 'delete', key, '--yes'])
      expect(r.code, r.stderr).to.equal(2)
      // An escape is a control character the argument check already refuses; the others are this check's.
      expect(r.stderr).to.match(
        /^Error: id (".*" holds an invisible character \(U\+[0-9A-F]{4}: a control|contains a control)/,
      )
      expect(requests()).to.deep.equal([])
      expect(suite.up.records('clients').filter((c) => c.is_deleted === true)).to.deep.equal([])
    })
  }

  it('a twin in another case on the second lookup page: exit 2 naming both, nothing deleted', async () => {
    const filler = Array.from({length: 99}, (_, i) => ({id: `Fil${String(i).padStart(7, '0')}`, name: `Twin Co ${i}`}))
    const first = {id: 'Twn0000001', name: 'Twin Co'}
    const twin = {id: 'Twn0000002', name: 'TWIN CO'}
    suite.up.seed('clients', [first, ...filler, twin])
    const r = await run(['clients', 'delete', 'Twin Co', '--yes'])
    expect(r.code, r.stderr).to.equal(2)
    expect(r.stderr).to.match(
      /^Error: clients "Twin Co" is ambiguous: 2 records have that name.*Twn0000001.*Twn0000002/,
    )
    expect(requests()).to.deep.equal([
      'GET /api/v1/clients?per_page=100&filter=Twin%20Co',
      'GET /api/v1/clients?page=2&per_page=100&filter=Twin%20Co',
    ])
    expect(suite.up.records('clients').filter((c) => c.is_deleted === true)).to.deep.equal([])
  })
})
