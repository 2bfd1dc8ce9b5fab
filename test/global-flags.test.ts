/** Global flags before the command are read as after it (the argv both roads are given). */
import {expect} from 'chai'

import {globalFlagsLast} from '../src/global-flags.js'

describe('global flags before the command', () => {
  it("moves --profile, --base-url, --output and -o (spaced or joined) after the command's words", () => {
    expect(globalFlagsLast(['--profile', 'x', 'clients', 'list'])).to.deep.equal(['clients', 'list', '--profile', 'x'])
    expect(globalFlagsLast(['-o', 'json', '--base-url=http://h', 'clients', 'show', 'a'])).to.deep.equal([
      'clients',
      'show',
      'a',
      '-o',
      'json',
      '--base-url=http://h',
    ])
    expect(globalFlagsLast(['-ojson', 'api', 'GET', 'ping', '--', '-x'])).to.deep.equal([
      'api',
      'GET',
      'ping',
      '-ojson',
      '--',
      '-x',
    ])
  })

  it('leaves anything else as given: other flags first, a flag without its value, no command after them', () => {
    for (const argv of [
      ['--debug', 'clients', 'list'],
      ['--profile', 'x'],
      ['--profile', '--help'],
      ['--output', 'json', '--help'],
      ['clients', 'list', '--profile', 'x'],
    ])
      expect(globalFlagsLast(argv)).to.deep.equal(argv)
  })
})
