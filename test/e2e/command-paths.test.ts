/**
 * Words past a known command, and `cli help` with a command that does not exist: a stray word is
 * a usage error (exit 2) naming it, an unknown command after help answers as the not-found
 * hook does (exit 127, the nearest command). Nothing is sent either way.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('stray arguments and help on unknown commands', () => {
  const suite = useUpstream()

  // [command line, the stray words as named]
  const STRAY: Array<[string[], string]> = [
    [['clients', 'list', 'Acme'], 'argument: Acme'],
    [['statics', 'currencies'], 'argument: currencies'],
    [['auth', 'status', 'extra'], 'argument: extra'],
    [['auth', 'status', 'a', 'b'], 'arguments: a, b'],
    [['invoices', 'show', 'WJxbojagwO', 'B'], 'argument: B'],
  ]
  for (const fastPath of ['1', '0']) {
    for (const [args, stray] of STRAY) {
      it(`a word past a known command is exit 2 naming it, nothing sent (fast path ${fastPath}): ${args.join(' ')}`, async () => {
        const r = await runCli(args, {env: {...suite.env, CLI_FAST_PATH: fastPath}})
        expectRun(r, {code: 2, stdout: '', stderr: `Error: Unexpected ${stray} (see --help)\n`})
        expect(suite.up.requests).to.have.length(0)
      })
    }

    it(`a stray word with --output json: the JSON error document too (fast path ${fastPath})`, async () => {
      const r = await runCli(['clients', 'list', 'Acme', '--output', 'json'], {
        env: {...suite.env, CLI_FAST_PATH: fastPath},
      })
      const message = 'Unexpected argument: Acme (see --help)'
      expectRun(r, {
        code: 2,
        stdout: '',
        stderr: `Error: ${message}\n${JSON.stringify({error: {message, exit_code: 2}})}\n`,
      })
      expect(suite.up.requests).to.have.length(0)
    })
  }

  // [command line, the unknown command as typed, the command meant, the help named]
  const HELP: Array<[string[], string, string, string]> = [
    [['help', 'invoics'], 'invoics', '; did you mean invoices?', 'cli help'],
    [['help', 'invoices', 'lsit'], 'invoices lsit', '; did you mean invoices list?', 'cli help invoices'],
    [['invoics', '--help'], 'invoics', '; did you mean invoices --help?', 'cli help'],
    [['help', 'frobnicate'], 'frobnicate', '', 'cli help'],
  ]
  for (const [args, typed, meant, help] of HELP) {
    it(`help on an unknown command answers as the unknown command does: exit 127, nothing sent: ${args.join(' ')}`, async () => {
      const r = await runCli(args, {env: suite.env})
      expectRun(r, {
        code: 127,
        stdout: '',
        stderr: `Error: ${typed} is not a cli command${meant}\nRun "${help}" for a list of the commands.\n`,
      })
      expect(suite.up.requests).to.have.length(0)
    })
  }

  it('help on a known command with words past it shows that command; a topic and the root help are unchanged', async () => {
    const strayHelp = await runCli(['help', 'clients', 'list', 'Acme'], {env: suite.env})
    const listHelp = await runCli(['help', 'clients', 'list'], {env: suite.env})
    expectRun(strayHelp, {code: 0, stderr: '', stdout: listHelp.stdout})
    expect(listHelp.stdout).to.match(/^List clients\.\n/)
    const topic = await runCli(['help', 'invoices'], {env: suite.env})
    expectRun(topic, {code: 0, stderr: ''})
    expect(topic.stdout).to.match(/^Invoices\n/)
    expect(suite.up.requests).to.have.length(0)
  })
})
