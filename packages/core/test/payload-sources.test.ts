/** checkPayloadSources: raw, guided or none, and the mixes refused. */
import {expect} from 'chai'

import {checkPayloadSources} from '../src/input/payload.js'
import {usage} from './helpers.js'
import {DOC, PLAIN} from './payload-helpers.js'

describe('payload: raw JSON sources and guided flags', () => {
  describe('checkPayloadSources', () => {
    it('tells raw, guided and none apart', () => {
      expect(checkPayloadSources({data: '{}'}, PLAIN)).to.equal('raw')
      expect(checkPayloadSources({'data-file': '/x.json'}, PLAIN)).to.equal('raw')
      expect(checkPayloadSources({stdin: true}, PLAIN)).to.equal('raw')
      expect(checkPayloadSources({name: 'x'}, PLAIN)).to.equal('guided')
      expect(checkPayloadSources({field: ['a=1']}, PLAIN)).to.equal('guided')
      expect(checkPayloadSources({'line-item': ['a=1']}, DOC)).to.equal('guided')
      expect(checkPayloadSources({}, PLAIN)).to.equal('none')
      expect(checkPayloadSources({stdin: false, field: []}, PLAIN)).to.equal('none')
    })

    it('raw + guided is a usage error naming both', () => {
      usage(() => checkPayloadSources({data: '{"name":"a"}', name: 'b'}, PLAIN), '--data', '--name', 'cannot be mixed')
      usage(() => checkPayloadSources({stdin: true, field: ['a=1']}, PLAIN), '--stdin', '--field', 'cannot be mixed')
      usage(
        () => checkPayloadSources({'data-file': 'x.json', amount: '1'}, PLAIN),
        '--data-file',
        '--amount',
        'cannot be mixed',
      )
    })

    it('raw + --line-item is a usage error', () => {
      usage(
        () => checkPayloadSources({data: '{}', 'line-item': ['product_key=A']}, DOC),
        '--data',
        '--line-item',
        'cannot be mixed',
      )
    })

    it('two raw sources are a usage error naming both', () => {
      usage(() => checkPayloadSources({data: '{}', stdin: true}, PLAIN), '--data', '--stdin', 'alternatives')
      usage(
        () => checkPayloadSources({data: '{}', 'data-file': 'x.json'}, PLAIN),
        '--data',
        '--data-file',
        'alternatives',
      )
      usage(
        () => checkPayloadSources({'data-file': 'x.json', stdin: true}, PLAIN),
        '--data-file',
        '--stdin',
        'alternatives',
      )
    })

    it('--line-item on a non-document family is a usage error naming the family', () => {
      usage(
        () => checkPayloadSources({'line-item': ['product_key=A']}, PLAIN),
        '--line-item is only for document-like families',
        'clients',
      )
      usage(
        () => checkPayloadSources({'line-item': ['product_key=A']}, {documentLike: false, familyWord: 'products'}),
        'products',
      )
    })
  })
})
