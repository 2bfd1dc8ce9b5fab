/** The environment/exit-code table is plain data (help loads it): it must match the core's ExitCode. */
import {expect} from 'chai'

import {ExitCode} from '../packages/core/src/errors.js'
import {EXIT_CODES} from '../src/environment.js'

describe('exit code table', () => {
  it('lists every ExitCode, in order, then 127 for unknown commands', () => {
    expect(EXIT_CODES.map((e) => e.name)).to.deep.equal([...Object.values(ExitCode).map(String), '127'])
  })
})
