/** Records by key, the pure part (plan/record-keys.ts): ids, invitation keys, and which record a key names. */
import {expect} from 'chai'

import {CliError} from '../src/errors.js'
import {isHashedId, isInvitationKey, lookupRequest, resolveKey} from '../src/plan/record-keys.js'
import {checkKey} from '../src/plan/request.js'
import {family} from '../src/registry/registry.js'
import type {KeyLookup} from '../src/registry/types.js'

type Rec = {[key: string]: unknown}

/** resolveKey over fixed pages, one a lookup; the lookups it read come back too. */
async function resolve(
  word: string,
  key: string,
  pages: Rec[][],
): Promise<{id?: string; error?: string; read: string[]}> {
  const read: string[] = []
  try {
    const id = await resolveKey(family(word), key, async (lookup: KeyLookup) => {
      read.push(lookup.filter)
      const records = (pages[read.length - 1] ?? []) as never[]
      return {records, total: records.length}
    })
    return {id, read}
  } catch (error) {
    expect(error).to.be.instanceOf(CliError)
    expect((error as CliError).exitCode).to.equal(2)
    return {error: (error as Error).message, read}
  }
}

describe('records by key: the pure part', () => {
  it('an id is exactly 10 letters and digits (the server Hashids length); an invitation key 20 or more', () => {
    expect(['WJxbojagwO', 'Inv0000001'].map(isHashedId)).to.deep.equal([true, true])
    expect(['0001', 'Acme Ltd', 'ada@acme.test', 'WJxbojagwO1', 'WJxbojag-O', ''].map(isHashedId)).to.deep.equal([
      false,
      false,
      false,
      false,
      false,
      false,
    ])
    expect(isInvitationKey('a'.repeat(32))).to.equal(true)
    expect(isInvitationKey(`${'b'.repeat(10)}-${'a'.repeat(32)}`)).to.equal(true)
    expect(['WJxbojagwO', '0001', 'INV/2024/0001'].map(isInvitationKey)).to.deep.equal([false, false, false])
  })

  it("the lookup is the family's list with its filter, one page of 100", () => {
    const request = lookupRequest(family('products'), family('products').keys[0], 'A&B 1', undefined)
    expect([request.method, request.path, request.query]).to.deep.equal([
      'GET',
      '/api/v1/products',
      [
        ['per_page', '100'],
        ['product_key', 'A&B 1'],
      ],
    ])
  })

  it('the exact match wins over partial ones, in any case; a contact e-mail names its client', async () => {
    const page = [
      {id: 'Acm0000002', name: 'Acme Holdings', number: '0003'},
      {id: 'VolejRejNm', name: 'Acme Ltd', number: '0001', contacts: [{email: 'ada@acme.test'}]},
    ]
    expect(await resolve('clients', 'acme ltd', [page])).to.deep.equal({id: 'VolejRejNm', read: ['filter']})
    expect(await resolve('clients', 'ADA@acme.test', [page])).to.deep.equal({id: 'VolejRejNm', read: ['filter']})
    expect(await resolve('clients', '0003', [page])).to.deep.equal({id: 'Acm0000002', read: ['filter']})
  })

  it('of several with the key, the one not deleted; several alive: ambiguous, naming them', async () => {
    const deleted = {id: 'Inv0000001', number: '0001', is_deleted: true}
    const alive = {id: 'Inv0000002', number: '0001', client: {display_name: 'Acme Ltd'}}
    expect((await resolve('invoices', '0001', [[deleted, alive]])).id).to.equal('Inv0000002')
    expect((await resolve('invoices', '0001', [[deleted]])).id).to.equal('Inv0000001')
    const twice = await resolve('invoices', '0001', [[alive, {...alive, id: 'Inv0000003', archived_at: 1}]])
    expect(twice.error).to.equal(
      'invoices "0001" is ambiguous: 2 records have that number (Inv0000002 0001 Acme Ltd; Inv0000003 0001 Acme Ltd ' +
        '(archived)); give the id of the one you mean',
    )
  })

  it("vendors: number= only when the filter's page has no exact match", async () => {
    const vendor = {id: 'Vn2cR5sYt8', name: 'Paper Supplies Co', number: '0001'}
    expect(await resolve('vendors', 'paper supplies co', [[vendor]])).to.deep.equal({
      id: 'Vn2cR5sYt8',
      read: ['filter'],
    })
    expect(await resolve('vendors', '0001', [[], [vendor]])).to.deep.equal({
      id: 'Vn2cR5sYt8',
      read: ['filter', 'number'],
    })
    const none = await resolve('vendors', 'Paper', [[vendor], []])
    expect(none.read).to.deep.equal(['filter', 'number'])
    // One record contains it: named, with both ways to name it, and still refused.
    expect(none.error).to.equal(
      'vendors "Paper": no record has that name, contact e-mail or number; one contains it: Vn2cR5sYt8 0001 Paper ' +
        'Supplies Co. If it is the one you mean, give its id (Vn2cR5sYt8) or its name in full ("Paper Supplies Co")',
    )
  })

  it('a blank key, or one holding a control, zero-width or bidi character, is refused', () => {
    const refusal = (value: string) => {
      try {
        checkKey(value, '--client-id')
        return 'accepted'
      } catch (error) {
        expect((error as CliError).exitCode).to.equal(2)
        return (error as Error).message
      }
    }
    expect(['', ' ', '\t \n'].map(refusal)).to.deep.equal([
      '--client-id must not be empty',
      '--client-id must not be blank',
      '--client-id must not be blank',
    ])
    expect(refusal('Acme\u200bLtd')).to.match(/holds an invisible character \(U\+200B/)
    expect(refusal('Acme\u202eLtd')).to.match(/U\+202E/)
    expect(refusal('0001\u0007')).to.match(/U\+0007/)
    expect(refusal('\ufeff0001')).to.match(/U\+FEFF/)
    expect(['Acme Ltd', 'Müller & Söhne', 'INV/2024/001'].map(refusal)).to.deep.equal([
      'accepted',
      'accepted',
      'accepted',
    ])
  })

  it('spaces count and an empty field never matches: "Acme " is not "Acme", a contact\'s "" e-mail is nothing', async () => {
    const page = [{id: 'VolejRejNm', name: 'Acme', number: '0001', contacts: [{email: ''}]}]
    expect((await resolve('clients', 'Acme ', [page])).error).to.match(/no record has that name/)
    expect((await resolve('clients', ' acme', [page])).error).to.match(/no record has that name/)
  })

  it('reads every page of a lookup: a twin in another case on page 2 makes the key ambiguous', async () => {
    const acme = (n: number, name = `Acme ${n}`) => ({id: `Acm${String(n).padStart(7, '0')}`, name, number: `${n}`})
    const first = [acme(1, 'Acme Ltd'), ...Array.from({length: 99}, (_, i) => acme(i + 2))]
    const pages = [first, [acme(101, 'ACME LTD')]]
    const read: number[] = []
    const error = await resolveKey(family('clients'), 'Acme Ltd', async (_lookup, page) => {
      read.push(page)
      return {records: (pages[page - 1] ?? []) as never[], total: 101}
    }).catch((error_: Error) => error_.message)
    expect(read).to.deep.equal([1, 2])
    expect(error).to.match(/^clients "Acme Ltd" is ambiguous: 2 records have that name/)
  })

  it('more records than the lookup reads (500): exit 2 with the count, even when one read is exact', async () => {
    const read: number[] = []
    const error = await resolveKey(family('clients'), 'Acme', async (_lookup, page) => {
      read.push(page)
      const records = Array.from({length: 100}, (_, i) => ({
        id: `A${page}${String(i).padStart(8, '0')}`,
        name: i ? 'Acme x' : 'x',
      }))
      if (page === 1) records[0].name = 'Acme'
      return {records: records as never[], total: 9000}
    }).catch((error_: CliError) => [error_.exitCode, error_.message])
    expect(read).to.deep.equal([1, 2, 3, 4, 5])
    expect(error).to.deep.equal([
      2,
      'clients "Acme": 9000 records contain it, more than a lookup reads (500), so another could have that name, ' +
        'number or contact e-mail; give the record\'s id (see "cli clients list")',
    ])
  })
})
