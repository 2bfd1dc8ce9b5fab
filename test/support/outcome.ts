/** One assertion on how a run ended: the exit code and the streams a test names, shown together when it fails. */
import {expect} from 'chai'

import type {CliResult} from './cli.js'

type Outcome = Pick<CliResult, 'code' | 'stdout' | 'stderr'>

/** Expects r's exit code, stdout and stderr to be exactly the ones given (a stream not given is not checked). */
export function expectRun(r: Outcome, want: Partial<Outcome>): void {
  const got = Object.fromEntries(Object.keys(want).map((key) => [key, r[key as keyof Outcome]]))
  expect(got).to.deep.equal(want)
}
