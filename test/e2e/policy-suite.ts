/**
 * The policy suite (policy-*.test.ts): a saved profile "team" on the stand-in, its token in the config file, a
 * policy set with `cli profile policy team ...`, and the roads a change can take: a command, --save-plan and
 * `cli apply`, `cli undo`, `cli api`, a runner, and a linked plugin's command through the base command.
 */
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {type CliResult, type makeHome, ROOT, runCli, teamHome} from '../support/cli.js'
import {type UpstreamSuite, useUpstream} from '../support/upstream-suite.js'

export const CLIENT = 'VolejRejNm'
export const INVOICE = 'WJxbojagwO'

export interface PolicySuite {
  suite: UpstreamSuite
  /** Runs the CLI as the profile "team" (the active one), with no token in the environment. */
  cli: (args: string[]) => Promise<CliResult>
  /** `cli profile policy team ...`, which must succeed. */
  policy: (...flags: string[]) => Promise<void>
  /** The requests the stand-in received that were not reads. */
  changes: () => string[]
  /** A plan file's path in the test's home. */
  planFile: (name: string) => string
  /** The newest journal entry's id (cli history). */
  newestEntry: () => Promise<string>
  /** Links the fixture plugin whose `payer pay` records a payment through the base command. */
  linkPayer: () => Promise<void>
}

export function usePolicySuite(): PolicySuite {
  const suite = useUpstream()
  let home: ReturnType<typeof makeHome>
  beforeEach(() => {
    home = teamHome(suite.up.url, suite.up.token)
  })
  afterEach(() => home.cleanup())
  const cli = (args: string[]) => runCli(args, {home: home.home})
  return {
    suite,
    cli,
    async policy(...flags) {
      const r = await cli(['profile', 'policy', 'team', ...flags])
      expect(r.code, r.stderr).to.equal(0)
    },
    changes: () => suite.up.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`),
    planFile: (name) => join(home.home, name),
    async newestEntry() {
      const r = await cli(['history', '--limit', '1', '--output', 'ids'])
      expect(r.code, r.stderr).to.equal(0)
      return r.stdout.trim()
    },
    async linkPayer() {
      const r = await cli(['plugins', 'link', join(ROOT, 'test', 'fixtures', 'plugins', 'payer'), '--no-install'])
      expect(r.code, r.stderr).to.equal(0)
    },
  }
}

/** A refusal by the policy: exit 3, one line naming the policy and the rule, nothing on stdout. */
export function expectRefused(r: CliResult, rule: string, what?: string): void {
  expect(r.code, r.stderr).to.equal(3)
  expect(r.stdout).to.equal('')
  expect(r.stderr).to.match(new RegExp(`^Error: the policy of profile "team" refuses \\S+ \\(rule ${rule}\\): `))
  if (what) expect(r.stderr).to.contain(` refuses ${what} (rule ${rule})`)
  expect(r.stderr.trim().split('\n')).to.have.length(1)
}

/** Whether a plan file was written. */
export const written = (path: string): boolean => existsSync(path) && readFileSync(path, 'utf8').length > 0
