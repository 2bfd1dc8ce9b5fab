/** Text that must be right before it is sent: UTF-8 only, no empty guided text, upstream ids only. */
import {expect} from 'chai'
import {mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {buildGuided, buildPayload, decodeUtf8, GUIDED_FLAGS} from '../src/input/payload.js'
import {usage} from './helpers.js'
import {PLAIN} from './payload-helpers.js'

describe('payload: raw JSON sources and guided flags', () => {
  describe('text that must be right before it is sent', () => {
    it('decodeUtf8: UTF-8 passes (a byte-order mark dropped); anything else is refused, never mangled', () => {
      expect(decodeUtf8(Buffer.from('{"name":"Café"}'), 'x')).to.equal('{"name":"Café"}')
      expect(decodeUtf8(Buffer.from('\uFEFF{"a":1}'), 'x')).to.equal('{"a":1}')
      usage(
        () => decodeUtf8(Buffer.from('{"name":"Caf\xe9"}', 'latin1'), '--data-file a.json'),
        '--data-file a.json is not valid UTF-8 text: save it as UTF-8',
      )
      usage(() => decodeUtf8(Buffer.from([0xc3]), '--stdin'), '--stdin is not valid UTF-8 text')
    })

    it('a --data-file with a byte-order mark is read as its JSON', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'cli-bom-'))
      try {
        await writeFile(join(dir, 'a.json'), '\uFEFF{"name":"x"}')
        expect(await buildPayload({'data-file': join(dir, 'a.json')}, PLAIN)).to.deep.equal({name: 'x'})
      } finally {
        await rm(dir, {recursive: true, force: true})
      }
    })

    it('guided text flags refuse an empty value (say --field key="" to clear a field)', () => {
      for (const g of GUIDED_FLAGS.filter((f) => f.kind === 'string')) {
        usage(
          () => buildGuided({[g.flag]: ''}),
          `--${g.flag} is empty: give a value, or --field ${g.field}="" to clear the field`,
        )
      }
      expect(buildGuided({field: ['public_notes=""']})).to.deep.equal({public_notes: ''})
    })

    it('guided id flags take ids, or human keys (looked up later, records-by-key): not empty, not too long', () => {
      expect(buildGuided({'client-id': 'VolejRejNm', 'vendor-id': 'A/B Supplies', 'project-id': '0001'})).to.deep.equal(
        {
          client_id: 'VolejRejNm',
          vendor_id: 'A/B Supplies',
          project_id: '0001',
        },
      )
      usage(() => buildGuided({'client-id': ''}), '--client-id must not be empty')
      usage(() => buildGuided({'project-id': 'x'.repeat(129)}), '--project-id is too long')
    })
  })
})
