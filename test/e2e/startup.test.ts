/**
 * What a command loads: no library for the payload check (it reads the server's facts, and needs
 * no schema library since issue 21), the yaml library only for --output yaml. The check is part
 * of the bundles (dist/fast-path.cjs, dist/bundle.js), evaluated only when a write calls it, so
 * from outside only the libraries loaded can be seen. Which bundle runs a
 * command is test/fast-path-runs.test.ts's subject.
 */
import {mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'

import {expect} from 'chai'

import {ROOT, runCli, runProcess} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

const REGISTER = pathToFileURL(join(ROOT, 'test', 'fixtures', 'module-log', 'register.mjs')).href
const CACHE_PROBE = pathToFileURL(join(ROOT, 'test', 'fixtures', 'module-log', 'cache-probe.mjs')).href

/** Every module a CLI run imported (a cold currency cache: a table of amounts reads the currencies). */
async function modulesOf(args: string[], env: Record<string, string> = {}): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cli-modules-'))
  const log = join(dir, 'modules.log')
  try {
    const r = await runCli(args, {
      env: {...env, NODE_OPTIONS: `--import=${REGISTER}`, MODULE_LOG: log},
      statics: 'cold',
    })
    expect(r.code, r.stderr).to.equal(0)
    return [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))].sort()
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}

/** The modules a CLI run imported, of those this test watches. */
async function loaded(args: string[], env: Record<string, string> = {}): Promise<string[]> {
  const urls = await modulesOf(args, env)
  const watched = {
    ajv: '/node_modules/ajv/',
    yaml: '/node_modules/yaml/',
    got: '/vendor/got.cjs',
    'a second @oclif/core': '/node_modules/@oclif/core/',
    'a second core': '/packages/core/dist/',
    'proxy-from-env': '/node_modules/proxy-from-env/',
    hpagent: '/node_modules/hpagent/',
    'the MCP SDK': '/node_modules/@modelcontextprotocol/',
    semver: '/node_modules/semver/',
  }
  return Object.entries(watched)
    .filter(([, part]) => urls.some((u) => u.includes(part)))
    .map(([name]) => name)
}

describe('startup cost: what each command loads', function () {
  this.timeout(30_000)

  it('help, lists and reads load neither the payload check nor ajv nor yaml', async () => {
    expect(await loaded(['--help'])).to.deep.equal([])
    expect(await loaded(['invoices', 'list', '--dry-run'])).to.deep.equal([])
    expect(await loaded(['invoices', 'show', 'Xx00000001', '--dry-run', '--output', 'json'])).to.deep.equal([])
    expect(await loaded(['invoices', 'delete', 'Xx00000001', '--dry-run'])).to.deep.equal([])
  })

  it("a run through oclif skips oclif's Node version check, which loaded semver (scripts/bundle.js)", async () => {
    expect(await loaded(['invoices', 'list', '--dry-run'], {CLI_FAST_PATH: '0'})).to.deep.equal([])
  })

  it("`cli help ...` and a topic named alone run on the CLI's copy of oclif (src/help-command.ts): no second one", async () => {
    expect(await loaded(['help', 'invoices'])).to.deep.equal([])
    expect(await loaded(['invoices'])).to.deep.equal([])
    expect(await loaded(['help', 'invoices', 'list'])).to.deep.equal([])
  })

  it('the MCP SDK loads with `cli mcp serve` only: `cli mcp tools` prints the same tools without it', async () => {
    expect(await loaded(['mcp', 'tools', '--read-only'])).to.deep.equal([])
  })

  it('create and update load no library for the check (ajv is not used), nor with --no-validate', async () => {
    expect(await loaded(['invoices', 'create', '--client-id', 'Xx00000001', '--dry-run'])).to.deep.equal([])
    expect(await loaded(['clients', 'update', 'Xx00000001', '--name', 'A', '--dry-run'])).to.deep.equal([])
    expect(
      await loaded(['invoices', 'create', '--client-id', 'Xx00000001', '--dry-run', '--no-validate']),
    ).to.deep.equal([])
  })

  it('designs create is checked too, loading nothing', async () => {
    expect(await loaded(['designs', 'create', '--name', 'D', '--field', 'design.body=x', '--dry-run'])).to.deep.equal(
      [],
    )
  })

  it('the runners plugin runs on the copies of @oclif/core and the core that the CLI loaded: no second copy', async () => {
    expect(await loaded(['utility', 'run', '--dry-run'])).to.deep.equal([])
    expect(await loaded(['search', 'run', '--field', 'search=a', '--dry-run'])).to.deep.equal([])
  })

  it('the code caches the build wrote beside the CommonJS bundles are accepted by this Node', async () => {
    const check =
      "const fs=require('fs'),vm=require('vm'),M=require('module');const [f,c]=process.argv.slice(1);" +
      "const s=new vm.Script(M.wrap(fs.readFileSync(f,'utf8')),{filename:f,cachedData:fs.readFileSync(f+c)});" +
      'process.stdout.write(String(s.cachedDataRejected))'
    for (const [bundle, cache] of [
      ['dist/fast-path.cjs', '.cache'],
      ['dist/fast-path-resources.cjs', '.cache'],
      ['dist/fast-path-resources.cjs', '.writes.cache'],
      ['dist/vendor/got.cjs', '.cache'],
      ['packages/core/dist/http/vendor/got.cjs', '.cache'],
    ]) {
      const r = await runProcess(process.execPath, ['-e', check, join(ROOT, bundle), cache])
      expect(r.stdout, bundle + cache).to.equal('false')
    }
  })

  it('bin/run.js compiles the fast path with its cache accepted (the bundle read as it was when the cache was made)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-cache-'))
    const probe = join(dir, 'probe.json')
    try {
      // A resource command from the lean bundle, any other command of the CLI's from the full one, never both; a read
      // with the cache the reads warmed, a write with the one a create's and an update's dry runs warmed too.
      const create = ['invoices', 'create', '--client-id', 'Xx00000001', '--line-item', 'product_key=A', '--dry-run']
      for (const [args, bundles] of [
        [['clients', 'list', '--dry-run'], [['fast-path-resources.cjs', '.cache']]],
        [['clients:show', 'Xx00000001', '--dry-run'], [['fast-path-resources.cjs', '.cache']]],
        [create, [['fast-path-resources.cjs', '.writes.cache']]],
        [['clients:update', 'Xx00000001', '--name', 'A', '--dry-run'], [['fast-path-resources.cjs', '.writes.cache']]],
        [['mcp', 'tools', '--read-only'], [['fast-path.cjs', '.cache']]],
        // Root help: the fast path would decline it at once, so no bundle of its is read.
        [['--help'], []],
        [[], []],
      ] as const) {
        const r = await runCli([...args], {env: {NODE_OPTIONS: `--import=${CACHE_PROBE}`, PROBE_FILE: probe}})
        expect(r.code, r.stderr).to.equal(0)
        expect(JSON.parse(readFileSync(probe, 'utf8')), args.join(' ')).to.deep.equal(
          bundles.map(([b, cache]) => {
            const file = join(ROOT, 'dist', b)
            return {file, bytes: statSync(file + cache).size, rejected: false}
          }),
        )
      }
      // The two caches differ: a write's holds more.
      const lean = join(ROOT, 'dist', 'fast-path-resources.cjs')
      expect(statSync(`${lean}.writes.cache`).size).to.be.greaterThan(statSync(`${lean}.cache`).size)
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  })

  it('yaml loads only for --output yaml', async () => {
    expect(await loaded(['invoices', 'list', '--dry-run', '--output', 'yaml'])).to.deep.equal(['yaml'])
  })

  describe('a request', () => {
    const suite = useUpstream()

    it('got loads for uploads only; the proxy code only when a proxy variable is set', async () => {
      expect(await loaded(['clients', 'list'], suite.env)).to.deep.equal([])
      expect(
        await loaded(['clients', 'list'], {...suite.env, HTTP_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1'}),
      ).to.deep.equal(['proxy-from-env'])
      const dir = mkdtempSync(join(tmpdir(), 'cli-upload-'))
      try {
        const file = join(dir, 'note.txt')
        writeFileSync(file, 'a note')
        expect(await loaded(['invoices', 'upload', 'WJxbojagwO', '--file', file, '--yes'], suite.env)).to.deep.equal([
          'got',
        ])
      } finally {
        rmSync(dir, {recursive: true, force: true})
      }
    })

    it('reading the currencies for a table of amounts loads no module a json list does not', async () => {
      const json = await modulesOf(['invoices', 'list', '-o', 'json'], suite.env)
      expect(await modulesOf(['invoices', 'list'], suite.env)).to.deep.equal(json)
      expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal([
        'GET /api/v1/invoices',
        'GET /api/v1/invoices',
        'GET /api/v1/statics',
        'POST /api/v1/companies/current',
      ])
    })

    // What a run loaded of node:http2 and node:tls, and how many ICU list formats it made (got's bundle makes none).
    async function probed(args: string[], said = ''): Promise<unknown> {
      const dir = mkdtempSync(join(tmpdir(), 'cli-probe-'))
      const probe = join(dir, 'probe.json')
      try {
        const preload = pathToFileURL(join(ROOT, 'test', 'fixtures', 'module-log', 'load-probe.mjs')).href
        const r = await runCli(args, {env: {...suite.env, NODE_OPTIONS: `--import=${preload}`, PROBE_FILE: probe}})
        expect(r.stderr).to.equal(said)
        expect(r.code).to.equal(0)
        return JSON.parse(readFileSync(probe, 'utf8'))
      } finally {
        rmSync(dir, {recursive: true, force: true})
      }
    }

    it('a request to an http:// base URL loads neither node:http2 nor TLS nor ICU list formats', async () => {
      expect(await probed(['clients', 'show', 'VolejRejNm', '-o', 'json'])).to.deep.equal({
        http2: false,
        tls: false,
        listFormats: 0,
      })
      expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal(['GET /api/v1/clients/VolejRejNm'])
    })

    it('an upload loads got, which makes no ICU list formats (scripts/bundle.js)', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-upload-'))
      try {
        const file = join(dir, 'note.txt')
        writeFileSync(file, 'a note')
        const seen = await probed(
          ['invoices', 'upload', 'WJxbojagwO', '--file', file, '--yes'],
          'attached 1 file to invoice 0001 (id WJxbojagwO), 150.00\n',
        )
        // FormData is fetch's (it loads node:http2 and TLS with it), so only got's own cost is checked here.
        expect(seen).to.include({listFormats: 0})
        expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal([
          'POST /api/v1/invoices/WJxbojagwO/upload',
        ])
      } finally {
        rmSync(dir, {recursive: true, force: true})
      }
    })
  })
})
