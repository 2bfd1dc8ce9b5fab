/**
 * Crafted input (issue 14): keys that name JavaScript's prototypes, numbers JSON cannot carry
 * exactly, keys and JSON nested past the limits, files that cannot be read. Each is one line on
 * stderr, exit 2, and no request; what is allowed reaches the upstream exactly as typed.
 */
import {chmodSync, mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {type CliResult, runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'
import {expectOneLineUsageError} from '../support/usage-error.js'

interface Case {
  name: string
  args: string[]
  error: string | RegExp
  stdin?: string
}

const dir = mkdtempSync(join(tmpdir(), 'cli-hostile-'))
const deepJson = (n: number): string => '{"a":'.repeat(n) + '1' + '}'.repeat(n)
const deepFile = join(dir, 'deep.json')
writeFileSync(deepFile, deepJson(65))
const KEY_5000 = Array.from({length: 5000}, () => 'a').join('.')
// Readable by nobody but root; /proc/self/mem (open works, reading offset 0 fails with EIO) is
// unreadable for root too, so the upload case fails the same whoever runs the suite.
const locked = join(dir, 'locked.pdf')
writeFileSync(locked, 'x')
chmodSync(locked, 0)

const CASES: Case[] = [
  // Prototype keys, wherever a key is parsed
  {
    name: '--field __proto__.x',
    args: ['clients', 'create', '--field', '__proto__.x=1', '--yes'],
    error:
      '--field key "__proto__.x" has the segment "__proto__", which is not allowed: __proto__, prototype and ' +
      'constructor name JavaScript internals, never a field',
  },
  {
    name: '--field constructor.prototype.x',
    args: ['clients', 'create', '--field', 'constructor.prototype.x=1', '--yes'],
    error: /^--field key "constructor\.prototype\.x" has the segment "constructor", which is not allowed/,
  },
  {
    name: '--field settings.prototype',
    args: ['clients', 'create', '--field', 'settings.prototype=1', '--yes'],
    error: /has the segment "prototype", which is not allowed/,
  },
  {
    name: '--line-item __proto__',
    args: ['invoices', 'create', '--client-id', 'x', '--line-item', '__proto__=1', '--yes'],
    error: /^--line-item pair "__proto__=1" has the segment "__proto__"/,
  },
  {
    name: 'bulk --field constructor',
    args: ['clients', 'bulk', '--action', 'archive', '--id', 'x', '--field', 'constructor=1', '--yes'],
    error: /^--field key "constructor" has the segment "constructor"/,
  },
  {
    name: '--columns constructor.name',
    args: ['clients', 'list', '--columns', 'id,constructor.name'],
    error: /^--columns "constructor\.name" has the segment "constructor"/,
  },
  {
    name: '--data with a __proto__ key',
    args: ['clients', 'create', '--data', '{"name":"a","__proto__":{"x":1}}', '--yes'],
    error: /^--data: a key has the segment "__proto__"/,
  },
  {
    name: '--stdin with an escaped __proto__ key',
    args: ['clients', 'create', '--stdin', '--yes'],
    stdin: '{"settings":{"\\u005f_proto__":{"x":1}}}',
    error: /^--stdin: a key has the segment "__proto__"/,
  },

  // Numbers JSON cannot carry exactly
  {
    name: '--amount 1e-400',
    args: ['payments', 'create', '--amount', '1e-400', '--yes'],
    error:
      '--amount "1e-400" cannot be sent exactly as a JSON number (it would be sent as 0): give fewer digits, or ' +
      'quote it to send a string',
  },
  {
    name: '--amount 1.00000000000000000001',
    args: ['payments', 'create', '--amount', '1.00000000000000000001', '--yes'],
    error: /^--amount "1\.00000000000000000001" cannot be sent exactly as a JSON number \(it would be sent as 1\)/,
  },
  {
    name: '--price beyond 2^53',
    args: ['products', 'create', '--price', '9007199254740993', '--yes'],
    error: /^--price "9007199254740993" cannot be sent exactly .*would be sent as 9007199254740992/,
  },
  {
    name: '--field beyond 2^53',
    args: ['clients', 'create', '--field', 'balance=12345678901234567890', '--yes'],
    error: /^--field balance "12345678901234567890" cannot be sent exactly/,
  },
  {
    name: '--line-item cost 1e-400',
    args: ['invoices', 'create', '--client-id', 'x', '--line-item', 'product_key=A,cost=1e-400', '--yes'],
    error: /^--line-item cost "1e-400" cannot be sent exactly .*\(it would be sent as 0\)/,
  },
  {
    name: '--data with 1.00000000000000000001',
    args: ['payments', 'create', '--data', '{"amount":1.00000000000000000001}', '--yes'],
    error: /^--data: the number "1\.00000000000000000001" cannot be sent exactly/,
  },

  // Depth
  {
    name: 'a 5000-segment --field key',
    args: ['clients', 'create', '--field', `${KEY_5000}=1`, '--yes'],
    error: /^--field key "a\.a\.a.*…" has 5000 segments: at most 32$/,
  },
  {
    name: 'a 100000-deep --stdin',
    args: ['clients', 'create', '--stdin', '--yes'],
    stdin: deepJson(100_000),
    error: /^--stdin nests deeper than 64 levels, the limit/,
  },
  {
    name: 'a 65-deep --data-file',
    args: ['clients', 'create', '--data-file', deepFile, '--yes'],
    error:
      `--data-file ${deepFile} nests deeper than 64 levels, the limit (no upstream record comes near it): check ` +
      'what it holds',
  },

  // Files that cannot be read
  {
    name: 'upload: --file that cannot be read',
    args: ['clients', 'upload', 'VolejRejNm', '--file', '/proc/self/mem', '--yes'],
    error: '--file /proc/self/mem: cannot be read (EIO)',
  },
  {
    name: '--data-file that cannot be read',
    args: ['clients', 'create', '--data-file', '/proc/self/mem', '--yes'],
    error: '--data-file /proc/self/mem: cannot be read (EIO)',
  },
]

describe('hostile input: prototype keys, inexact numbers, deep nesting, unreadable files', function () {
  this.timeout(60_000)
  const s = useUpstream()
  const results = new Map<string, CliResult>()
  let sent: string[] = []

  before(async () => {
    const runs = await Promise.all(CASES.map((c) => runCli(c.args, {env: s.env, stdin: c.stdin})))
    CASES.forEach((c, i) => results.set(c.name, runs[i]))
    // Read here: the suite resets the upstream before each test.
    sent = s.up.requests.map((r) => `${r.method} ${r.path}`)
  })

  it('no case sent a request', () => {
    expect(sent).to.deep.equal([])
  })

  for (const c of CASES) {
    it(`${c.name}: one line, exit 2`, () => {
      expectOneLineUsageError(results.get(c.name)!, c.error)
    })
  }

  it('an upload of a file without read permission: exit 2, nothing sent (as a user without root)', async function () {
    if (process.getuid?.() === 0) this.skip() // root reads it anyway; the /proc/self/mem case covers root
    const r = await runCli(['clients', 'upload', 'VolejRejNm', '--file', locked, '--yes'], {env: s.env})
    expect([r.code, r.stderr]).to.deep.equal([
      2,
      `Error: --file ${locked}: cannot be read (permission denied): check its mode\n`,
    ])
    expect(s.up.requests).to.have.length(0)
  })

  it('a key named like an inherited property (toString, valueOf) is an own field, sent as typed', async () => {
    const r = await runCli(
      [
        'clients',
        'create',
        '--name',
        'Acme',
        '--field',
        'valueOf.x=1',
        '--field',
        'toString=2',
        '--no-validate',
        '--yes',
        '-o',
        'json',
      ],
      {env: s.env},
    )
    expect(r.code, r.stderr).to.equal(0)
    expect(s.up.requests.map((q) => `${q.method} ${q.path} ${q.body.toString()}`)).to.deep.equal([
      'POST /api/v1/clients {"name":"Acme","valueOf":{"x":1},"toString":2}',
    ])
  })

  it('exact numbers pass: 0.1, 12.50, 1e3, 2^53 − 1, and a huge one quoted as a string', async () => {
    const r = await runCli(
      [
        'payments',
        'create',
        '--client-id',
        'VolejRejNm',
        '--amount',
        '12.50',
        '--field',
        'x=0.1',
        '--field',
        'y=1e3',
        '--field',
        'z=9007199254740991',
        '--field',
        'big="9007199254740993"',
        '--no-validate',
        '--yes',
        '-o',
        'json',
      ],
      {env: s.env},
    )
    expect(r.code, r.stderr).to.equal(0)
    expect(s.up.requests.map((q) => q.body.toString())).to.deep.equal([
      '{"client_id":"VolejRejNm","amount":12.5,"x":0.1,"y":1000,"z":9007199254740991,"big":"9007199254740993"}',
    ])
  })
})
