/**
 * The fast path's two bundles (scripts/fast-path-bundles.js): bin/run.js starts a resource command on
 * dist/fast-path-resources.cjs, which leaves out the CLI's other commands. Where it meets one anyway, it must say so
 * before it prints, writes or sends anything, so that bin/run.js can run the command line again on dist/fast-path.cjs.
 */
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import {createRequire} from 'node:module'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'
import nock from 'nock'

import {FAMILIES, resourceCommands} from '@invoicing-cli/core/internal'

import {ROOT} from './support/cli.js'

type RunFast = (argv: readonly string[], env: NodeJS.ProcessEnv) => Promise<boolean>
const load = (name: string) => (createRequire(import.meta.url)(join(ROOT, 'dist', name)) as {runFast: RunFast}).runFast

describe("the fast path's bundle of resource commands", () => {
  let home: string
  before(() => nock.disableNetConnect())
  after(() => nock.enableNetConnect())
  beforeEach(() => (home = mkdtempSync(join(tmpdir(), 'cli-lean-'))))
  afterEach(() => {
    nock.cleanAll()
    rmSync(home, {recursive: true, force: true})
  })

  it('meets a command it leaves out with CLI_FAST_PATH_FULL, having printed, written and sent nothing', async () => {
    const upstream = nock('http://127.0.0.1:9').get(/.*/).reply(200, {data: {}})
    const env = {HOME: home, CLI_BASE_URL: 'http://127.0.0.1:9', CLI_API_TOKEN: 'test-token-123'}
    const written: string[] = []
    const write = process.stdout.write.bind(process.stdout)
    const writeErr = process.stderr.write.bind(process.stderr)
    process.stdout.write = ((chunk: string) => written.push(String(chunk)) > 0) as typeof process.stdout.write
    process.stderr.write = ((chunk: string) => written.push(String(chunk)) > 0) as typeof process.stderr.write
    const outcomes: unknown[] = []
    try {
      for (const argv of [['auth', 'status'], ['auth:status'], ['history', '--limit', '1'], ['mcp', 'tools']])
        outcomes.push(
          await load('fast-path-resources.cjs')(argv, env).then(
            (ran) => ({ran}),
            (error: {code?: string}) => error.code,
          ),
        )
    } finally {
      process.stdout.write = write
      process.stderr.write = writeErr
    }
    expect(outcomes).to.deep.equal(Array(4).fill('CLI_FAST_PATH_FULL'))
    expect(written).to.deep.equal([])
    expect(upstream.isDone(), 'a request reached the upstream').to.equal(false)
    expect(readdirSync(home)).to.deep.equal([])
  })

  it("bin/run.js sends to the full bundle exactly the first words of the CLI's commands that are not a family's", () => {
    const listed = /const FULL_BUNDLE_WORDS = new Set\(\[([^\]]*)\]\)/.exec(
      readFileSync(join(ROOT, 'bin', 'run.js'), 'utf8'),
    )
    const words = [...listed![1].matchAll(/'([^']*)'/g)].map((m) => m[1])
    const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {
      commands: Record<string, {pluginName?: string}>
    }
    const families = new Set(Object.keys(resourceCommands(FAMILIES)).map((id) => id.split(':')[0]))
    const own = Object.entries(manifest.commands)
      // help runs on oclif only (src/help-command.ts), from whichever bundle the fast path started on.
      .filter(([id, c]) => c.pluginName === 'invoicing-cli' && !families.has(id.split(':')[0]) && id !== 'help')
      .map(([id]) => id.split(':')[0])
    expect([...words].sort()).to.deep.equal([...new Set(own)].sort())
    for (const f of FAMILIES) expect(words, f.word).to.not.include(f.word)
  })
})
