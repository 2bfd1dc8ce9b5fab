/** The environment/exit-code table is plain data (help loads it): it must match the core's ExitCode. */
import {expect} from 'chai'

import {ExitCode} from '../packages/core/src/errors.js'
import {EXIT_CODES} from '../src/environment.js'

describe('exit code table', () => {
  it('lists every ExitCode and 127 for unknown commands, in numeric order', () => {
    expect(Object.keys(EXIT_CODES).map(Number)).to.deep.equal([...Object.values(ExitCode), 127].sort((a, b) => a - b))
  })
})
