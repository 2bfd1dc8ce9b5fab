/**
 * The fast path (src/fast/run.ts) runs resource commands without oclif. It must never behave
 * differently from oclif: its parser either reads a command line exactly as oclif's parser does
 * or declines it (then oclif runs the command), and a command it runs prints and sends the same
 * as under oclif (CLI_FAST_PATH=0). Which path ran is checked by the modules each run loads:
 * oclif lives in dist/bundle.js, which the fast path never imports.
 */
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {createRequire} from 'node:module'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'

import {FAMILIES, resourceCommands} from '@invoicing-cli/core/internal'
import {Parser} from '@oclif/core'
import {expect} from 'chai'
import fc from 'fast-check'

import {makeHome, ROOT, runCli, type CliResult} from './support/cli.js'
import type {RecordedRequest} from './support/upstream.js'
import {useUpstream} from './support/upstream-suite.js'

type Parsed = {flags: Record<string, unknown>; args: Record<string, unknown>}
const fastPath = createRequire(import.meta.url)(join(ROOT, 'dist', 'fast-path.cjs')) as {
  parseCommandLine(argv: readonly string[]): Parsed | undefined
}

interface OclifFlag {
  type: 'boolean' | 'option'
  char?: string
  options?: string[]
  multiple?: boolean
}
type CommandClass = {
  flags: Record<string, OclifFlag>
  baseFlags: Record<string, OclifFlag>
  args: Record<string, unknown>
  strict: boolean
}
const COMMANDS = resourceCommands(FAMILIES) as unknown as Record<string, CommandClass>
const IDS = Object.keys(COMMANDS)

/** What oclif's own parser makes of the words after `<family> <verb>`, or undefined where it refuses them. */
async function oclifParse(id: string, argv: string[]): Promise<Parsed | undefined> {
  const C = COMMANDS[id]
  try {
    const {flags, args} = await Parser.parse(argv, {
      flags: {...C.baseFlags, ...C.flags},
      args: C.args,
      strict: C.strict,
    } as never)
    return {flags, args} as Parsed
  } catch {
    return undefined
  }
}

const fast = (id: string, argv: string[]) => fastPath.parseCommandLine([...id.split(':'), ...argv])

describe('fast path: its parser agrees with oclif', () => {
  it('reads plainly valid command lines as oclif does', async () => {
    const lines: Array<[string, string[]]> = [
      ['clients:show', ['VolejRejNm']],
      ['clients:show', ['X', '--include', 'contacts', '-o', 'json']],
      ['clients:show', ['--output=yaml', 'X']],
      ['clients:list', []],
      [
        'clients:list',
        ['-ojson', '--all', '--filter', 'status=active', 'balance=gt:5', '--sort', 'name|desc', '--per-page', '05'],
      ],
      ['invoices:list', ['--status', 'archived,deleted', '--columns', 'id', '--output', 'json']],
      [
        'invoices:list',
        [
          '--limit',
          '7',
          '--concurrency',
          '2',
          '--columns',
          'id,number',
          '--dry-run',
          '--verbose',
          '--timeout',
          '5',
          '--retries',
          '0',
        ],
      ],
      [
        'invoices:create',
        ['--client-id', 'X', '--line-item', 'product_key=A,cost=1', '-F', 'po_number="0042"', '--yes'],
      ],
      [
        'clients:update',
        ['X', '--data', '{"name":"A"}', '-y', '--no-validate', '--base-url', 'http://127.0.0.1:1', '--profile', 'p'],
      ],
      ['invoices:bulk', ['--action', 'archive', '--id', 'a', '--id', 'b', 'c', '--yes']],
      ['invoices:action', ['X', '--action', 'download', '--output-file', '-', '--force', '--yes']],
      ['invoices:download', ['key', '--output-file', 'out.pdf']],
      ['clients:upload', ['X', '--file', 'a.txt', '--public', '--yes']],
      ['clients:delete', ['X', '--yes', '--debug', '--insecure']],
    ]
    for (const [id, argv] of lines) {
      const mine = fast(id, argv)
      expect(mine, `${id} ${argv.join(' ')}`).to.not.equal(undefined)
      expect(mine, `${id} ${argv.join(' ')}`).to.deep.equal(await oclifParse(id, argv))
    }
  })

  it('declines what oclif refuses or treats specially, so oclif says what is wrong', () => {
    const lines: Array<[string, string[]]> = [
      ['clients:show', []], // missing argument
      ['clients:show', ['X', 'Y']], // extra argument
      ['clients:show', ['X', '--help']],
      ['clients:show', ['-h']],
      ['clients:show', ['--', '-X']],
      ['clients:show', ['X', '--nope']],
      ['clients:list', ['--page', '1', '--page', '2']], // once only
      ['clients:list', ['--page', '1', '--all']], // exclusive
      ['clients:list', ['--page', '0']], // below min
      ['clients:list', ['--per-page', 'ten']],
      ['clients:list', ['--output', 'xml']],
      ['clients:list', ['--all=true']],
      ['clients:list', ['--include', '--all']], // a flag where a value belongs
      ['clients:list', ['--sort']], // no value at all
      ['clients:update', ['--field', 'a=1', 'X', '--yes']], // oclif gives X to --field
      ['invoices:bulk', ['--id', 'a', '--yes']], // required --action missing
      ['clients:delete', ['X', '-yv']],
      ['clients:list', ['--yes']], // not a flag of list
    ]
    for (const [id, argv] of lines) expect(fast(id, argv), `${id} ${argv.join(' ')}`).to.equal(undefined)
  })

  it('over generated command lines: whatever it accepts, oclif reads the same way', async () => {
    const token = (C: CommandClass) => {
      const all = {...C.baseFlags, ...C.flags}
      const names = Object.keys(all)
      const values = fc.constantFrom(
        'X',
        'VolejRejNm',
        'json',
        'table',
        'xml',
        '1',
        '05',
        '0',
        '-1',
        '99999999',
        'a=b',
        'status=active',
        '',
        '-',
        '-x',
        '--all',
        '-o',
        'name|asc',
      )
      const flagToken = fc.constantFrom(
        ...names.flatMap((n) => [`--${n}`, ...(all[n].char ? [`-${all[n].char}`] : [])]),
      )
      const glued = fc
        .tuple(fc.constantFrom(...names), values)
        .map(([n, v]) => (all[n].char && v.length % 2 ? `-${all[n].char}${v}` : `--${n}=${v}`))
      const odd = fc.constantFrom('--', '--help', '-h', '--nope', '-5', '--no-all', '-yv', '-o=json')
      return fc.oneof(
        {arbitrary: flagToken, weight: 4},
        {arbitrary: values, weight: 4},
        {arbitrary: glued, weight: 2},
        {arbitrary: odd, weight: 1},
      )
    }
    const line = fc
      .constantFrom(...IDS)
      .chain((id) => fc.tuple(fc.constant(id), fc.array(token(COMMANDS[id]), {maxLength: 7})))
    let accepted = 0
    await fc.assert(
      fc.asyncProperty(line, async ([id, argv]) => {
        const mine = fast(id, argv)
        if (mine === undefined) return
        accepted++
        expect(mine, `${id} ${JSON.stringify(argv)}`).to.deep.equal(await oclifParse(id, argv))
      }),
      {numRuns: 3000},
    )
    // The generator is not so hostile that the comparison never happens.
    expect(accepted).to.be.greaterThan(100)
  })

  it('reads only flag properties it knows; a new one (env, dependsOn, ...) must be taught to it first', () => {
    const known = new Set([
      'type',
      'char',
      'multiple',
      'options',
      'default',
      'required',
      'exclusive',
      'min',
      'max',
      'summary',
      'description',
      'helpGroup',
      'hidden',
      'completion',
      'parse',
      'input',
      'allowNo',
      'name',
    ])
    for (const id of IDS) {
      const C = COMMANDS[id]
      for (const [name, flag] of Object.entries({...C.baseFlags, ...C.flags})) {
        for (const key of Object.keys(flag)) expect(known.has(key), `${id} --${name}: ${key}`).to.equal(true)
        expect((flag as {allowNo?: boolean}).allowNo ?? false, `${id} --${name}`).to.equal(false)
      }
    }
  })
})

const REGISTER = pathToFileURL(join(ROOT, 'test', 'fixtures', 'module-log', 'register.mjs')).href

/** Runs the CLI and says whether oclif (dist/bundle.js) was loaded. */
async function runLogged(
  args: string[],
  env: Record<string, string>,
  home?: string,
): Promise<CliResult & {oclif: boolean}> {
  const dir = mkdtempSync(join(tmpdir(), 'cli-modules-'))
  const log = join(dir, 'modules.log')
  try {
    const r = await runCli(args, {env: {...env, NODE_OPTIONS: `--import=${REGISTER}`, MODULE_LOG: log}, home})
    return {...r, oclif: readFileSync(log, 'utf8').includes('/dist/bundle.js')}
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}

describe('fast path: runs resource commands, exactly as oclif would', function () {
  this.timeout(60_000)
  const suite = useUpstream()

  const seen = (requests: RecordedRequest[]) =>
    requests.map((q) => {
      const {'user-agent': ua, connection, host, ...headers} = q.headers
      return {
        method: q.method,
        path: q.path,
        query: q.rawQuery,
        headers,
        body: q.body.toString('base64'),
        ua,
        host: host !== undefined,
      }
    })

  // The stand-in stamps records with the time in seconds, which may tick between the two runs.
  const shown = (r: CliResult) => ({
    code: r.code,
    stdout: r.stdout.replaceAll(/\b1\d{9}\b|\d{4}-\d\d-\d\d \d\d:\d\d/g, '<time>'),
    stderr: r.stderr,
  })

  // Each line runs on the fast path, then under oclif (CLI_FAST_PATH=0) against a fresh stand-in.
  const lines: string[][] = [
    ['clients', 'show', 'VolejRejNm'],
    ['clients', 'show', 'VolejRejNm', '--output', 'json', '--include', 'contacts'],
    ['clients', 'show', 'nope'], // 404
    ['clients', 'show', 'nope', '-o', 'json'],
    ['invoices', 'list', '--all', '--per-page', '1', '--limit', '2', '--output', 'ndjson'],
    ['clients', 'list', '--output', 'csv', '--columns', 'id,name'],
    ['clients', 'list', '--dry-run', '--output', 'yaml'],
    [
      'clients',
      'create',
      '--name',
      'Fast Ltd',
      '-F',
      'settings.currency_id="1"',
      '--yes',
      '-o',
      'csv',
      '--columns',
      'id,name,settings.currency_id',
    ],
    ['clients', 'create', '--name', 'Fast Ltd'], // the guardrail
    ['clients', 'update', 'VolejRejNm', '--data', '{"name":1}'], // a type error
    ['clients', 'delete', 'VolejRejNm', '--yes'],
    ['invoices', 'bulk', '--action', 'archive', '--id', 'a', '--yes', '--dry-run'],
    ['clients', 'show', 'VolejRejNm', '--base-url', 'http://example.com'], // plain http refused
    ['invoices', 'list'], // status names, local times
    // a missing column's warning
    ['clients', 'show', 'VolejRejNm', '--output', 'yaml', '--columns', 'name,contacts.0.email,nmae'],
    ['invoices', 'list', '--status', 'active,archived', '-o', 'json', '--columns', 'number,status_id'],
    ['clients', 'list', '--all', '-o', 'ndjson', '--query', 'data[].name'],
    ['clients', 'list', '--query', 'data['], // a bad expression
    ['invoices', 'bulk', '--action', 'markpaid', '--id', 'WJxbojagwO', '--yes'], // an unknown action
    ['clients', 'list', '--profile', 'nope'], // an unsaved profile
    ['invoices', 'create', '--client-id', 'VolejRejNm', '--line-item', 'notes=a,', 'b', '--yes'], // split by the shell
  ]

  for (const args of lines) {
    it(`cli ${args.join(' ')}`, async () => {
      const viaFast = await runLogged(args, suite.env)
      const fastRequests = seen(suite.up.requests)
      suite.up.reset()
      const viaOclif = await runLogged(args, {...suite.env, CLI_FAST_PATH: '0'})
      expect(viaFast.oclif, 'the fast path loaded oclif').to.equal(false)
      expect(viaOclif.oclif).to.equal(true)
      expect(shown(viaFast)).to.deep.equal(shown(viaOclif))
      expect(fastRequests).to.deep.equal(seen(suite.up.requests))
    })
  }

  it('hands usage errors and help to oclif, having printed and sent nothing itself', async () => {
    for (const args of [
      ['clients', 'show'],
      ['clients', 'show', 'X', '--help'],
      ['clients', 'list', '--page', '0'],
      ['clients', 'upload', 'X'],
      ['clients:show', 'X'],
    ]) {
      const r = await runLogged(args, suite.env)
      expect(r.oclif, args.join(' ')).to.equal(true)
      const again = await runLogged(args, {...suite.env, CLI_FAST_PATH: '0'})
      expect(shown(r), args.join(' ')).to.deep.equal(shown(again))
    }
    // Only `clients:show X` (oclif's own spelling of the id) is valid: it was sent once per run, by oclif.
    expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal([
      'GET /api/v1/clients/X',
      'GET /api/v1/clients/X',
    ])
  })

  it('steps aside when plugins are installed or linked (their hooks must run), and for DEBUG', async () => {
    const {home, cleanup} = makeHome()
    try {
      const dataDir = join(home, '.local', 'share', 'invoicing-cli')
      mkdirSync(dataDir, {recursive: true})
      // What `cli plugins unlink` leaves behind: no plugins, so the fast path still runs.
      writeFileSync(
        join(dataDir, 'package.json'),
        JSON.stringify({private: true, oclif: {schema: 1, plugins: []}, dependencies: {}}),
      )
      expect((await runLogged(['clients', 'list', '--dry-run'], suite.env, home)).oclif).to.equal(false)
      writeFileSync(
        join(dataDir, 'package.json'),
        JSON.stringify({private: true, oclif: {schema: 1, plugins: [{type: 'link', name: 'acme', root: '/nowhere'}]}}),
      )
      const linked = await runLogged(['clients', 'list', '--dry-run'], suite.env, home)
      expect(linked.oclif).to.equal(true)
      expect(linked.code).to.equal(0)
      expect(linked.stdout).to.equal(`GET ${suite.up.url}/api/v1/clients\n`)
    } finally {
      cleanup()
    }
    const debug = await runLogged(['clients', 'list', '--dry-run'], {...suite.env, DEBUG: 'nothing'})
    expect(debug.oclif).to.equal(true)
    expect(debug.code).to.equal(0)
  })

  it('reads the config where oclif does (CLI_CONFIG_DIR): the saved token and base URL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-config-'))
    try {
      writeFileSync(
        join(dir, 'config.json'),
        JSON.stringify({active: 'default', profiles: {default: {base_url: suite.up.url, token: suite.up.token}}}),
        {mode: 0o600},
      )
      const r = await runLogged(['clients', 'show', 'VolejRejNm', '-o', 'json'], {CLI_CONFIG_DIR: dir})
      expect(r.oclif).to.equal(false)
      expect(r.stderr).to.equal('')
      expect(r.code).to.equal(0)
      expect(JSON.parse(r.stdout).data.id).to.equal('VolejRejNm')
      expect(suite.up.requests.map((q) => [q.method, q.path, q.headers['x-api-token']])).to.deep.equal([
        ['GET', '/api/v1/clients/VolejRejNm', suite.up.token],
      ])
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  })
})
