/** The request each family and verb builds, the verbs refused locally, and which requests carry the password. */
import {expect} from 'chai'

import {VERBS} from '../src/registry/types.js'
import {FAMILIES, family} from '../src/registry/registry.js'
import {
  build,
  CHANGING_VERBS,
  expected,
  expectedVerbs,
  PASSWORD_FAMILIES,
  PUBLISHED,
  SERVER_LACKS,
  verbToken,
} from './routes-helpers.js'
import {usage} from './helpers.js'

describe('routes: the request each family and verb builds', () => {
  for (const f of FAMILIES) {
    describe(f.word, () => {
      for (const verb of VERBS) {
        if (PUBLISHED[f.word] !== undefined && expectedVerbs(f.word).has(verb)) {
          const e = expected(f.word, verb)
          it(`${verb} → ${e.method} ${e.path}`, () => {
            const spec = build(f, verb)
            expect(spec.method).to.equal(e.method)
            expect(spec.path).to.equal(e.path)
            expect(spec.query).to.deep.equal([])
            expect(spec.body).to.deep.equal(e.body)
            expect(spec.multipart).to.deep.equal(e.multipart)
            expect(Boolean(spec.password)).to.equal(PASSWORD_FAMILIES.has(f.word))
            // Whether it may be repeated follows from this, never from the method (a GET action sends mail).
            expect(spec.changes).to.equal(CHANGING_VERBS.has(verb))
          })
        } else if (SERVER_LACKS[f.word]?.includes(verb)) {
          it(`${verb} is refused locally (exit 2): the document lists it, the server lacks it, and the message gives the command that works`, () => {
            const error = usage(
              () => build(f, verb),
              `${f.word} ${verb} is not available: the server has no such route`,
              'Instead: ',
            )
            expect(error.message).to.match(/Instead: (cli \S+ \S+|download an invoice)/)
          })
        } else {
          it(`${verb} is refused locally (exit 2), naming the family, the verb and what is supported`, () => {
            const error = usage(() => build(f, verb), f.word, verb)
            const supported = [...expectedVerbs(f.word)]
            for (const v of supported) expect(error.message, `names supported verb ${v}`).to.match(verbToken(v))
            for (const v of VERBS) {
              if (v !== verb && !supported.includes(v))
                expect(error.message, `does not name unsupported ${v}`).not.to.match(verbToken(v))
            }
          })
        }
      }
    })
  }

  describe('password-protected families', () => {
    it('every users request carries password: true', () => {
      const users = family('users')
      for (const verb of VERBS) if (users.verbs.has(verb)) expect(build(users, verb).password, verb).to.equal(true)
    })

    it('other families do not', () => {
      for (const f of FAMILIES) {
        if (f.word === 'users') continue
        for (const verb of VERBS)
          if (f.verbs.has(verb)) expect(Boolean(build(f, verb).password), `${f.word} ${verb}`).to.equal(false)
      }
    })
  })
})
