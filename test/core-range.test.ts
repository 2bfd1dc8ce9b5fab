/**
 * A plugin's declared core: the ranges plugins usually declare are answered without loading semver
 * (src/plugins/core-range.ts, a linked plugin's command start); every answer given so must be semver's own.
 */
import {expect} from 'chai'
import satisfies from 'semver/functions/satisfies.js'
import validRange from 'semver/ranges/valid.js'

import {plainRangeTakes} from '../src/plugins/core-range.js'

describe("a plugin's declared core: plain ranges answered without semver", () => {
  const numbers = ['0', '1', '2', '10']
  const versions = numbers.flatMap((a) => numbers.flatMap((b) => numbers.map((c) => `${a}.${b}.${c}`)))
  const ranges = [
    ...['', ' ', '*', 'x', 'X', ' * '],
    ...['', '^', '~', '>='].flatMap((op) => versions.map((v) => `${op}${v}`)),
    // Forms answered by semver only: each must come back undefined, never a guess.
    ...['=1.2.3', 'v1.2.3', '^1.2', '~1', '1.x', '>=1.2.3 <2', '^1.2.3 || ^2', '1.2.3 - 2', '^01.2.3', '^1.2.3-beta.1'],
    ...['>1.2.3', '<=1.2.3', '^ 1.2.3', 'latest', 'file:../core', '^1.2.3+build'],
  ]

  it('agrees with semver (includePrerelease) wherever it answers, over every range and version generated', () => {
    let answered = 0
    for (const version of [...versions, '1.2.3-beta.1', '01.2.3'])
      for (const range of ranges) {
        const plain = plainRangeTakes(range, version)
        if (plain === undefined) continue
        answered++
        expect(validRange(range), range).to.not.equal(null)
        expect(plain, `${version} in ${JSON.stringify(range)}`).to.equal(
          satisfies(version, range, {includePrerelease: true}),
        )
      }
    // Every plain range over every plain version: 4 operators × 64 versions × 64 versions, and the 6 spellings of *.
    expect(answered).to.equal(4 * 64 * 64 + 6 * 64)
  })

  it('leaves every other form, and a version with a prerelease, to semver', () => {
    for (const range of ['=1.2.3', '^1.2', '1.x', '>=1.2.3 <2', '^1.2.3 || ^2', '^01.2.3', 'latest', '^1.2.3-beta.1'])
      expect(plainRangeTakes(range, '1.2.3'), range).to.equal(undefined)
    expect(plainRangeTakes('^1.2.3', '1.2.4-beta.1')).to.equal(undefined)
    expect(plainRangeTakes('*', '01.2.3')).to.equal(undefined)
  })
})
