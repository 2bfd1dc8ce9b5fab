/** The registry against the FACTS.md route table: each family's verbs, segment and document-likeness. */
import {expect} from 'chai'

import {VERBS} from '../src/registry/types.js'
import {FAMILIES, family} from '../src/registry/registry.js'
import {DOCUMENT_LIKE, DOWNLOAD_SEGMENTS, expectedVerbs, PUBLISHED} from './routes-helpers.js'

describe('routes: the request each family and verb builds', () => {
  describe('the registry matches the FACTS.md table', () => {
    it('has exactly the families of the table', () => {
      expect(FAMILIES.map((f) => f.word).sort()).to.deep.equal(Object.keys(PUBLISHED).sort())
    })

    it('VERBS is the common verb set', () => {
      expect([...VERBS]).to.have.members([
        'list',
        'show',
        'template',
        'edit-template',
        'create',
        'update',
        'delete',
        'bulk',
        'action',
        'upload',
        'download',
      ])
    })

    for (const word of Object.keys(PUBLISHED)) {
      it(`${word}: verbs, segment, document-like`, () => {
        const f = family(word)
        expect([...f.verbs].sort()).to.deep.equal([...expectedVerbs(word)].sort())
        expect(f.segment).to.equal(word.replaceAll('-', '_'))
        expect(f.documentLike).to.equal(DOCUMENT_LIKE.includes(word))
      })
    }

    it('the document-like families are exactly the six', () => {
      expect(FAMILIES.filter((f) => f.documentLike).map((f) => f.word)).to.have.members(DOCUMENT_LIKE)
      expect(FAMILIES.filter((f) => f.documentLike)).to.have.length(6)
    })

    it('download exists exactly where a singular segment is known, and for documents by id', () => {
      expect(FAMILIES.filter((f) => f.verbs.has('download')).map((f) => f.word)).to.have.members([
        ...Object.keys(DOWNLOAD_SEGMENTS),
        'documents',
      ])
    })
  })
})
