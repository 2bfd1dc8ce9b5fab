/** Small assertion helpers shared by the core unit tests. */
import {expect} from 'chai'

import {CliError} from '../src/errors.js'

/** Runs fn, expects it to throw a CliError, and returns it. */
export function thrown(fn: () => unknown): CliError {
  let caught: unknown
  try {
    fn()
  } catch (error) {
    caught = error
  }
  if (caught === undefined) expect.fail('expected a CliError to be thrown, but nothing was thrown')
  expect(caught, String(caught)).to.be.instanceOf(CliError)
  return caught as CliError
}

/** Awaits p, expects it to reject with a CliError, and returns it. */
export async function rejected(p: Promise<unknown>): Promise<CliError> {
  let caught: unknown
  try {
    await p
  } catch (error) {
    caught = error
  }
  if (caught === undefined) expect.fail('expected a CliError rejection, but the promise resolved')
  expect(caught, String(caught)).to.be.instanceOf(CliError)
  return caught as CliError
}

/** Expects fn to throw a usage error (exit 2) whose message contains every given part. */
export function usage(fn: () => unknown, ...parts: string[]): CliError {
  const error = thrown(fn)
  expect(error.exitCode, error.message).to.equal(2)
  for (const part of parts) expect(error.message).to.include(part)
  return error
}

/** Async variant of usage(). */
export async function usageAsync(p: Promise<unknown>, ...parts: string[]): Promise<CliError> {
  const error = await rejected(p)
  expect(error.exitCode, error.message).to.equal(2)
  for (const part of parts) expect(error.message).to.include(part)
  return error
}

/** Expects fn(input) to equal want for each [input, want] pair; a failure names the input. */
export function expectEach<I, O>(fn: (input: I) => O, cases: ReadonlyArray<readonly [I, O]>): void {
  for (const [input, want] of cases) expect(fn(input), JSON.stringify(input)).to.deep.equal(want)
}
