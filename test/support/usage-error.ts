/** The shape of every refusal of bad input: nothing on stdout, one `Error:` line on stderr, exit 2. */
import {expect} from 'chai'

import type {CliResult} from './cli.js'

export function expectOneLineUsageError(
  r: Pick<CliResult, 'code' | 'stdout' | 'stderr'>,
  error: string | RegExp,
): void {
  expect(r.stdout).to.equal('')
  const match = /^Error: (.*)\n$/.exec(r.stderr)
  expect(match, `one line on stderr, got: ${JSON.stringify(r.stderr.slice(0, 400))}`).not.to.equal(null)
  if (typeof error === 'string') expect(match![1]).to.equal(error)
  else expect(match![1]).to.match(error)
  expect(r.code).to.equal(2)
}
