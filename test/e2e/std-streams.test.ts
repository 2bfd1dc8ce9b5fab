/**
 * Standard output to a file or /dev/null is written without creating process.stdout, and a run creates
 * process.stderr only to write to it (core output/std-streams.ts): what a run loads of Node shows it
 * (process.stdout on a file is a SyncWriteStream, which loads node:stream). The bytes, and what a failed
 * write does, are the same as through oclif, which keeps process.stdout.
 */
import {spawn} from 'node:child_process'
import {closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {baseEnv, BIN, makeHome, ROOT} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

const PROBE = join(ROOT, 'test', 'fixtures', 'module-log', 'builtins-probe.cjs')

interface FileRun {
  code: number | null
  stdout: string
  stderr: string
  /** The Node modules the run loaded. */
  loaded: string[]
}

/** Runs the CLI with stdout and stderr going to files (stdout opened with `stdoutMode`), in its own home or `given`. */
async function toFiles(
  args: string[],
  env: Record<string, string>,
  stdoutMode = 'w',
  given?: {home: string},
): Promise<FileRun> {
  const dir = mkdtempSync(join(tmpdir(), 'cli-std-'))
  const made = given ? undefined : makeHome()
  const home = given ?? made!
  const [out, err, probe] = ['out', 'err', 'probe.json'].map((f) => join(dir, f))
  writeFileSync(out, '')
  const fds = [openSync(out, stdoutMode), openSync(err, 'w')]
  try {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: {...baseEnv(home.home), ...env, NODE_OPTIONS: `--require=${PROBE}`, PROBE_FILE: probe},
      stdio: ['ignore', fds[0], fds[1]],
    })
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    const loaded = JSON.parse(readFileSync(probe, 'utf8')) as string[]
    return {code, stdout: readFileSync(out, 'utf8'), stderr: readFileSync(err, 'utf8'), loaded}
  } finally {
    for (const fd of fds) closeSync(fd)
    rmSync(dir, {recursive: true, force: true})
    made?.cleanup()
  }
}

// What creating process.stdout or process.stderr on a file loads, and what only some commands need.
const STREAM = 'internal/fs/sync_write_stream'
const NOT_AT_START = ['fs/promises', 'readline', 'internal/readline/interface', 'timers/promises', 'os', 'vm']

/** None of `modules` was loaded (chai's negated include.members passes when any one of them is missing). */
function expectNone(loaded: string[], modules: string[]): void {
  expect(loaded.filter((m) => modules.includes(m))).to.deep.equal([])
}

describe('standard output and error as files', function () {
  this.timeout(30_000)
  const suite = useUpstream()
  const slow = {CLI_FAST_PATH: '0'}

  it('a dry run to a file loads no stream at all, nor fs/promises, readline, timers/promises or os', async () => {
    const r = await toFiles(['clients', 'list', '--dry-run'], suite.env)
    expect(r.stderr).to.equal('')
    expect(r.code).to.equal(0)
    expect(r.stdout).to.equal(`GET ${suite.up.url}/api/v1/clients\n`)
    expectNone(r.loaded, ['stream', STREAM, ...NOT_AT_START.filter((m) => m !== 'vm')])
    expect(suite.up.requests).to.have.length(0)
  })

  it('a show to a file: the answer as oclif writes it, with the HTTP modules and no stream of stdout or stderr', async () => {
    const args = ['clients', 'show', 'VolejRejNm', '--output', 'json']
    const fast = await toFiles(args, suite.env)
    const oclif = await toFiles(args, {...suite.env, ...slow})
    expect(fast.stderr).to.equal('')
    expect(fast.code).to.equal(0)
    expect(fast.stdout).to.equal(oclif.stdout)
    expect(JSON.parse(fast.stdout).data.name).to.equal('Acme Ltd')
    expect(fast.loaded).to.include('http')
    expectNone(fast.loaded, [STREAM, ...NOT_AT_START.filter((m) => m !== 'vm')])
    // oclif's road creates process.stdout: the probe tells the two apart.
    expect(oclif.loaded).to.include(STREAM)
    expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal([
      'GET /api/v1/clients/VolejRejNm',
      'GET /api/v1/clients/VolejRejNm',
    ])
  })

  it('a table of amounts reads the cached currencies without fs/promises (it would load readline with it)', async () => {
    const home = makeHome()
    try {
      const args = ['clients', 'show', 'VolejRejNm']
      // The first run reads the currencies from the server and caches them; the second reads the cache.
      const first = await toFiles(args, suite.env, 'w', home)
      expect(first.code).to.equal(0)
      suite.up.reset()
      const r = await toFiles(args, suite.env, 'w', home)
      expect(r.stderr).to.equal('')
      expect(r.code).to.equal(0)
      expect(r.stdout).to.match(/^name +Acme Ltd$/m)
      expect(r.stdout).to.equal(first.stdout)
      expectNone(r.loaded, ['fs/promises', 'internal/readline/interface'])
      expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal(['GET /api/v1/clients/VolejRejNm'])
    } finally {
      home.cleanup()
    }
  })

  it("a command's help to a file: oclif's page, with no stream of stdout and no fs/promises", async () => {
    const args = ['invoices', 'list', '--help']
    const fast = await toFiles(args, suite.env)
    const oclif = await toFiles(args, {...suite.env, ...slow})
    expect([fast.code, fast.stderr]).to.deep.equal([0, ''])
    expect(fast.stdout).to.equal(oclif.stdout)
    expect(fast.stdout).to.match(/^List invoices\.\n\nUSAGE\n/)
    expectNone(fast.loaded, ['stream', STREAM, 'fs/promises', 'internal/readline/interface'])
    expect(suite.up.requests).to.deep.equal([])
  })

  it('a long listing in several writes, and its stderr summary, are the same bytes on both roads', async () => {
    suite.up.seed(
      'clients',
      Array.from({length: 300}, (_, i) => ({name: `Client ${i} ${'x'.repeat(4000)}`})),
    )
    const args = ['clients', 'list', '--all', '--per-page', '100', '--output', 'ndjson']
    const fast = await toFiles(args, suite.env)
    const oclif = await toFiles(args, {...suite.env, ...slow})
    expect(fast.code).to.equal(0)
    expect(fast.stdout.length).to.be.above(1 << 20)
    expect(fast.stdout.split('\n')).to.have.length(301)
    expect(fast.stdout).to.equal(oclif.stdout)
    expect(fast.stderr).to.equal(oclif.stderr)
    expect(fast.loaded).to.not.include(STREAM)
  })

  it('stdout that cannot be written (a file opened read-only): one line and exit 1, on both roads', async () => {
    for (const env of [suite.env, {...suite.env, ...slow}]) {
      const r = await toFiles(['clients', 'list', '--dry-run'], env, 'r')
      expect(r.stderr).to.equal('Error: cannot write to standard output (EBADF)\n')
      expect(r.code).to.equal(1)
    }
  })
})
