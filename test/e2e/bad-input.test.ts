/**
 * Malformed input, flag by flag: bad JSON, empty values, huge values, unknown keys, wrong types,
 * control characters, ids with / ? # .., non-UTF-8 bytes in files. Each is one clear line on
 * stderr, exit 2, no stack trace, and no request. The table runs in-process (support/in-process.ts)
 * to stay fast; cases that read stdin, and a sample of the rest, run the real bin/run.js.
 */
import {rmSync} from 'node:fs'

import {expect} from 'chai'

import {type CliResult, runCli, upstreamEnv} from '../support/cli.js'
import {inProcess, type InProcess} from '../support/in-process.js'
import {startUpstream, type Upstream} from '../support/upstream.js'
import {expectOneLineUsageError} from '../support/usage-error.js'
import {AUTH_CASES, FILE_CASES, RUNNER_CASES} from './bad-input-files-runners-auth.js'
import {GLOBAL_CASES, LIST_CASES} from './bad-input-globals.js'
import {GUIDED_CASES} from './bad-input-guided.js'
import {ID_CASES, JSON_CASES} from './bad-input-ids-json.js'
import {type Case, dir} from './bad-input-suite.js'

const CASES: Case[] = [
  ...GLOBAL_CASES,
  ...LIST_CASES,
  ...ID_CASES,
  ...JSON_CASES,
  ...GUIDED_CASES,
  ...FILE_CASES,
  ...RUNNER_CASES,
  ...AUTH_CASES,
]

/** A sample that also runs through the real bin/run.js, proving the in-process runs see what users see. */
const SAMPLE = new Set([
  '--base-url empty',
  'a token with a space',
  '--page huge',
  'show: an id with /',
  'show: a huge id',
  'bulk: an --id with ?',
  '--data truncated',
  '--field with a bad key',
  '--output-file existing without --force',
  '--endpoint a URL',
])

describe('malformed input: one line, exit 2, nothing sent', () => {
  let up: Upstream
  let cli: InProcess
  const results = new Map<string, CliResult>()
  const spawned = new Map<string, CliResult>()

  before(async function () {
    this.timeout(60_000)
    up = await startUpstream()
    cli = await inProcess()
    const env = upstreamEnv(up)
    const envOf = (c: Case) =>
      c.args[0] === 'auth' ? {...env, ...c.env, CLI_API_TOKEN: undefined} : {...env, ...c.env}
    for (const c of CASES) if (c.stdin === undefined && !c.spawn) results.set(c.name, await cli.run(c.args, envOf(c)))
    const viaBin = CASES.filter((c) => c.stdin !== undefined || c.spawn || SAMPLE.has(c.name))
    const runs = await Promise.all(viaBin.map((c) => runCli(c.args, {env: envOf(c), cwd: dir, stdin: c.stdin})))
    viaBin.forEach((c, i) => {
      spawned.set(c.name, runs[i])
      if (!results.has(c.name)) results.set(c.name, runs[i])
    })
  })
  after(async () => {
    cli.close()
    await up.close()
    rmSync(dir, {recursive: true, force: true})
  })

  it('no case sent a request', () => {
    expect(up.requests.map((r) => `${r.method} ${r.path}`)).to.deep.equal([])
  })

  it('the real bin/run.js answers the sample exactly as the in-process runs do', () => {
    for (const name of SAMPLE) expect(spawned.get(name), name).to.deep.equal(results.get(name))
  })

  for (const c of CASES) {
    it(c.name, () => {
      expectOneLineUsageError(results.get(c.name)!, c.error)
    })
  }
})
