/**
 * On a real terminal (a pseudo-terminal from util-linux `script`, 60 and 120 columns): no guessed
 * command runs, error lines are plain text with colour only from the one place that decides it.
 */
import {expect} from 'chai'

import {runOnTty} from '../support/tty.js'
import {useUpstream} from '../support/upstream-suite.js'

const ESC = '\u001B'

describe('on a terminal: unknown commands', () => {
  const suite = useUpstream()

  for (const cols of [60, 120]) {
    it(`a mistyped command is never run nor offered as a prompt: exit 127, the nearest command with its arguments (${cols} columns)`, async () => {
      const r = await runOnTty(['invoics', 'delete', 'WJxbojagwO', '--yes'], {cols, env: {...suite.env, NO_COLOR: '1'}})
      expect(r.code).to.equal(127)
      expect(r.tty).to.equal('Error: invoics delete WJxbojagwO is not a cli command; did you mean invoices delete WJxbojagwO --yes?\nRun "cli help" for a list of the commands.\n')
      expect(suite.up.requests).to.have.length(0)
      expect(suite.up.records('invoices')[0].is_deleted).to.equal(false)
    })
  }
})

describe('on a terminal: error lines', () => {
  it('carry no escape codes written out; the label is red unless NO_COLOR', async () => {
    const plain = await runOnTty(['invoices', 'download', 'key'], {cols: 60, env: {NO_COLOR: '1'}})
    expect(plain.code).to.equal(2)
    expect(plain.tty).to.equal('Error: missing required flag --output-file (see --help)\n')
    const coloured = await runOnTty(['invoices', 'download', 'key'], {cols: 120})
    expect(coloured.code).to.equal(2)
    expect(coloured.tty).to.equal(`${ESC}[31mError:${ESC}[39m missing required flag --output-file (see --help)\n`)
  })

  it('a missing argument is named in words', async () => {
    const r = await runOnTty(['invoices', 'show'], {cols: 60, env: {NO_COLOR: '1'}})
    expect(r.code).to.equal(2)
    expect(r.tty).to.equal('Error: missing required argument id (see --help)\n')
  })

  it('piped stderr is never coloured, even from a terminal session', async () => {
    const r = await runOnTty(['invoices', 'show'], {cols: 60, pipeStderr: true})
    expect(r.code).to.equal(2)
    expect(r.stderr).to.equal('Error: missing required argument id (see --help)\n')
  })
})
