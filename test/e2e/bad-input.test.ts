/**
 * Malformed input, flag by flag: bad JSON, empty values, huge values, unknown keys, wrong types,
 * control characters, ids with / ? # .., non-UTF-8 bytes in files. Each is one clear line on
 * stderr, exit 2, no stack trace, and no request. The table runs in-process (support/in-process.ts)
 * to stay fast; cases that read stdin, and a sample of the rest, run the real bin/run.js.
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {type CliResult, runCli, upstreamEnv} from '../support/cli.js'
import {inProcess, type InProcess} from '../support/in-process.js'
import {startUpstream, type Upstream} from '../support/upstream.js'
import {expectOneLineUsageError} from '../support/usage-error.js'

interface Case {
  name: string
  args: string[]
  /** The whole stderr line after "Error: ", or a pattern for it. */
  error: string | RegExp
  env?: Record<string, string>
  /** Standard input: the case then runs the real bin/run.js (as do `spawn` cases). */
  stdin?: string | Buffer
  spawn?: boolean
}

const dir = mkdtempSync(join(tmpdir(), 'cli-bad-'))
const file = (name: string, content: string | Buffer): string => {
  const path = join(dir, name)
  writeFileSync(path, content)
  return path
}
const LATIN1 = Buffer.from('{"name":"Caf\xe9"}', 'latin1')
const HUGE = 'x'.repeat(100_000)
const ESC = '\u001B[2J'

const idCases = (what: string, args: (id: string) => string[]): Case[] => [
  {
    name: `${what}: an id with /`,
    args: args('a/b'),
    error: 'id "a/b" is not valid: use only letters, digits, - and _ (upstream ids look like VolejRejNm)',
  },
  {name: `${what}: an id with ?`, args: args('a?b=1'), error: /^id "a\?b=1" is not valid/},
  {name: `${what}: an id with #`, args: args('a#b'), error: /^id "a#b" is not valid/},
  {name: `${what}: an id that is ..`, args: args('..'), error: /^id "\.\." is not valid/},
  {name: `${what}: an empty id`, args: args(''), error: 'id must not be empty'},
  {
    name: `${what}: a huge id`,
    args: args(HUGE),
    error: 'id is too long (100000 characters, at most 128): upstream ids look like VolejRejNm',
  },
  {
    name: `${what}: an id with a terminal escape`,
    args: args(`a${ESC}`),
    error: 'id contains a control character (U+001B): remove it',
  },
]

const CASES: Case[] = [
  // Global flags and environment
  {
    name: '--base-url empty',
    args: ['clients', 'list', '--base-url', ''],
    error: 'base URL "" is not a URL: give the server root, e.g. https://invoicing.co',
  },
  {
    name: '--output empty',
    args: ['clients', 'list', '--output', ''],
    error: /^Expected --output= to be one of: table, json/,
  },
  {
    name: '--base-url with a query',
    args: ['clients', 'list', '--base-url', 'https://x.example/?a=1'],
    error: 'base URL "https://x.example/?a=1" must not carry a query, a fragment or credentials',
  },
  // The refusal never repeats the password: the line may land in a CI log.
  {
    name: '--base-url with a password',
    args: ['clients', 'list', '--base-url', 'https://ops:hunter2@x.example'],
    error: 'base URL "https://ops:***@x.example" must not carry a query, a fragment or credentials',
  },
  {
    name: '--base-url with a control character',
    args: ['clients', 'list', '--base-url', 'https://x\u0007.example'],
    error: '--base-url contains a control character (U+0007): remove it',
  },
  {
    name: '--profile empty',
    args: ['clients', 'list', '--profile', ''],
    error: '--profile must not be empty: give a profile name',
  },
  {
    name: '--timeout empty',
    args: ['clients', 'list', '--timeout', ''],
    error: '--timeout must be a number of seconds above 0 and at most 3600, got ""',
  },
  {
    name: '--timeout zero',
    args: ['clients', 'list', '--timeout', '0'],
    error: /^--timeout must be a number of seconds/,
  },
  {
    name: '--timeout not a number',
    args: ['clients', 'list', '--timeout', 'soon'],
    error: /^--timeout must be a number of seconds/,
  },
  {
    name: '--timeout huge',
    args: ['clients', 'list', '--timeout', '99999999999999999999'],
    error: /^--timeout must be a number of seconds above 0 and at most 3600/,
  },
  {
    name: 'CLI_TIMEOUT not a number',
    args: ['clients', 'list'],
    env: {CLI_TIMEOUT: '5s'},
    error: 'CLI_TIMEOUT must be a number of seconds above 0 and at most 3600, got "5s"',
  },
  {
    name: '--retries negative',
    args: ['clients', 'list', '--retries=-1'],
    error: /^Parsing --retries; Expected an integer greater than or equal to 0 but received: -1/,
  },
  {
    name: '--retries huge',
    args: ['clients', 'list', '--retries', '1000'],
    error: /^Parsing --retries; Expected an integer less than or equal to 10 but received: 1000/,
  },
  {
    name: '--retries not an integer',
    args: ['clients', 'list', '--retries', '1.5'],
    error: /^Parsing --retries; Expected an integer but received: 1\.5/,
  },
  {
    name: 'CLI_INSECURE not a boolean',
    args: ['clients', 'list'],
    env: {CLI_INSECURE: 'please'},
    error: 'CLI_INSECURE must be 1 or 0 (true or false), got "please"',
  },
  {
    name: 'CLI_RETRY_WAIT_SCALE out of range',
    args: ['clients', 'list'],
    env: {CLI_RETRY_WAIT_SCALE: '10'},
    error: 'CLI_RETRY_WAIT_SCALE must be a number from 0 to 1, got "10"',
  },
  {
    name: 'a token with a space',
    args: ['clients', 'list'],
    env: {CLI_API_TOKEN: 'abc def'},
    error:
      'the API token holds characters that cannot be sent in a header (spaces, control characters or non-ASCII): ' +
      'check it',
  },
  {
    name: 'a password with a newline',
    args: ['users', 'list'],
    env: {CLI_API_PASSWORD: 'pass\nword'},
    error:
      'CLI_API_PASSWORD holds characters that cannot be sent in a header (control characters or non-ASCII): check it',
  },

  // list
  {
    name: '--page 0',
    args: ['clients', 'list', '--page', '0'],
    error: /^Parsing --page; Expected an integer greater than or equal to 1 but received: 0/,
  },
  {
    name: '--page not a number',
    args: ['clients', 'list', '--page', 'two'],
    error: /^Parsing --page; Expected an integer but received: two/,
  },
  {
    name: '--per-page above 5000',
    args: ['clients', 'list', '--per-page', '5001'],
    error: /^Parsing --per-page; Expected an integer less than or equal to 5000/,
  },
  {
    name: '--page huge',
    args: ['clients', 'list', '--page', '99999999999999999999'],
    error: /^Parsing --page; Expected an integer less than or equal to 1000000 but received: 99999999999999999999/,
  },
  {
    name: '--limit huge',
    args: ['clients', 'list', '--limit', '1000000'],
    error: /^Parsing --limit; Expected an integer less than or equal to 500000/,
  },
  {
    name: '--filter empty',
    args: ['clients', 'list', '--filter', ''],
    error: '--filter "" needs the form key=value, e.g. status=active',
  },
  {
    name: '--filter with a reserved key',
    args: ['clients', 'list', '--filter', 'per_page=9'],
    error: '--filter per_page=... is not a filter: use --per-page',
  },
  {
    name: '--sort with a newline',
    args: ['clients', 'list', '--sort', 'name\n|asc'],
    error: /^--sort "name\\n\|asc" must be a field/,
  },
  {
    name: '--sort huge',
    args: ['clients', 'list', '--sort', HUGE],
    error: /^--sort "x{60}…" must be a field, a pipe and asc or desc/,
  },
  {
    name: '--include empty',
    args: ['clients', 'list', '--include', ''],
    error: '--include "" must be relation names separated by commas, e.g. client,payments',
  },
  {
    name: '--include smuggling a query',
    args: ['clients', 'show', 'VolejRejNm', '--include', 'client&per_page=1'],
    error: /^--include "client&per_page=1" must be relation names/,
  },

  // ids and keys, on every verb that takes one
  ...idCases('show', (id) => ['clients', 'show', id]),
  ...idCases('update', (id) => ['clients', 'update', id, '--name', 'x', '--yes']),
  ...idCases('delete', (id) => ['clients', 'delete', id, '--yes']),
  ...idCases('edit-template', (id) => ['clients', 'edit-template', id]),
  ...idCases('action (GET route)', (id) => ['quotes', 'action', id, '--action', 'approve', '--yes']),
  ...idCases('action (bulk route)', (id) => ['invoices', 'action', id, '--action', 'mark_paid', '--yes']),
  ...idCases('upload', (id) => ['clients', 'upload', id, '--file', file('u.txt', 'x'), '--yes']),
  {
    name: 'download: a key with a path climb',
    args: ['quotes', 'download', 'k/../x', '--output-file', '-'],
    error: /^invitation key "k\/\.\.\/x" is not valid/,
  },
  {
    name: 'download: an empty key',
    args: ['quotes', 'download', '', '--output-file', '-'],
    error: 'invitation key must not be empty',
  },
  {
    name: 'bulk: an --id with ?',
    args: ['clients', 'bulk', '--action', 'archive', '--id', 'a?b', '--yes'],
    error: /^--id "a\?b" is not valid/,
  },
  {
    name: 'bulk: an empty --id',
    args: ['clients', 'bulk', '--action', 'archive', '--id', '', '--yes'],
    error: '--id must not be empty',
  },
  {
    name: 'bulk: --action empty',
    args: ['clients', 'bulk', '--action', '', '--id', 'x', '--yes'],
    error: /^--action "" is not an action name/,
  },
  {
    name: 'bulk: --field redefining ids (a reserved key)',
    args: ['clients', 'bulk', '--action', 'archive', '--id', 'x', '--field', 'ids=1', '--yes'],
    error: '--field ids=... would overwrite --id',
  },

  // raw JSON sources
  {
    name: '--data empty',
    args: ['clients', 'create', '--data', '', '--yes'],
    error: '--data is empty: give one JSON object',
  },
  {
    name: '--data truncated',
    args: ['clients', 'create', '--data', '{"name":', '--yes'],
    error: /^--data is not valid JSON \(.+\): give one JSON object$/,
  },
  {
    name: '--data two documents',
    args: ['clients', 'create', '--data', '{"a":1}{"b":2}', '--yes'],
    error: /^--data is not valid JSON/,
  },
  {
    name: '--data a string',
    args: ['clients', 'create', '--data', '"Acme"', '--yes'],
    error: '--data must be a JSON object ({...}), got string',
  },
  {
    name: '--data null',
    args: ['clients', 'create', '--data', 'null', '--yes'],
    error: '--data must be a JSON object ({...}), got null',
  },
  {
    name: '--data with a control character',
    args: ['clients', 'create', '--data', '{"name":"a\u0001"}', '--yes'],
    error: '--data contains a control character (U+0001): remove it',
  },
  {
    name: '--data-file not UTF-8',
    args: ['clients', 'create', '--data-file', file('latin1.json', LATIN1), '--yes'],
    error: `--data-file ${join(dir, 'latin1.json')} is not valid UTF-8 text: save it as UTF-8`,
  },
  {
    name: '--data-file empty',
    args: ['clients', 'create', '--data-file', file('empty.json', ''), '--yes'],
    error: `--data-file ${join(dir, 'empty.json')} is empty: give one JSON object`,
  },
  {
    name: '--data-file a folder',
    args: ['clients', 'create', '--data-file', dir, '--yes'],
    error: `--data-file ${dir}: is a folder`,
  },
  {
    name: '--data-file path empty',
    args: ['clients', 'create', '--data-file', '', '--yes'],
    error: '--data-file : no such file',
  },
  {
    name: '--stdin not UTF-8',
    args: ['clients', 'create', '--stdin', '--yes'],
    stdin: LATIN1,
    error: '--stdin is not valid UTF-8 text: save it as UTF-8',
  },

  // guided flags
  {
    name: '--stdin empty',
    args: ['clients', 'create', '--stdin', '--yes'],
    stdin: '',
    error: '--stdin is empty: give one JSON object',
  },
  {
    name: '--stdin an array',
    args: ['clients', 'create', '--stdin', '--yes'],
    stdin: '[{"name":"x"}]',
    error: '--stdin must be a JSON object ({...}), got an array',
  },
  {
    name: '--name empty',
    args: ['clients', 'create', '--name', '', '--yes'],
    error: '--name is empty: give a value, or --field name="" to clear the field',
  },
  {
    name: '--name with a terminal escape',
    args: ['clients', 'create', '--name', `Acme${ESC}`, '--yes'],
    error: '--name contains a control character (U+001B): remove it',
  },
  // Node turns bytes that are not UTF-8 in argv into U+FFFD; a lone surrogate is sent as such bytes.
  {
    name: '--name with undecodable bytes',
    args: ['clients', 'create', '--name', 'Caf\uD800', '--yes'],
    error: '--name is not valid UTF-8 text',
    spawn: true,
  },
  {
    name: '--client-id with a slash',
    args: ['invoices', 'create', '--client-id', 'a/b', '--yes'],
    error: /^--client-id "a\/b" is not valid/,
  },
  {
    name: '--client-id empty',
    args: ['invoices', 'create', '--client-id', '', '--yes'],
    error: '--client-id must not be empty',
  },
  {
    name: '--number empty',
    args: ['invoices', 'create', '--client-id', 'x', '--number', '', '--yes'],
    error: '--number is empty: give a value, or --field number="" to clear the field',
  },
  {
    name: '--vendor-id with ?',
    args: ['purchase-orders', 'create', '--vendor-id', 'v?x=1', '--yes'],
    error: /^--vendor-id "v\?x=1" is not valid/,
  },
  {
    name: '--project-id with #',
    args: ['tasks', 'create', '--project-id', 'p#1', '--yes'],
    error: /^--project-id "p#1" is not valid/,
  },
  {
    name: '--price NaN',
    args: ['products', 'create', '--price', 'NaN', '--yes'],
    error: '--price must be a number, got "NaN"',
  },
  {
    name: '--public-notes with a terminal escape',
    args: ['invoices', 'update', 'WJxbojagwO', '--public-notes', `hi${ESC}`, '--yes'],
    error: '--public-notes contains a control character (U+001B): remove it',
  },
  {
    name: '--private-notes empty',
    args: ['invoices', 'update', 'WJxbojagwO', '--private-notes', '', '--yes'],
    error: '--private-notes is empty: give a value, or --field private_notes="" to clear the field',
  },
  {
    name: '--include on create, malformed',
    args: ['invoices', 'create', '--client-id', 'x', '--include', 'client,', '--yes'],
    error: /^--include "client," must be relation names/,
  },
  {
    name: 'action: --action with a control character',
    args: ['quotes', 'action', 'Xy9kqR2mLb', '--action', 'appro\u0008ve', '--yes'],
    error: '--action contains a control character (U+0008): remove it',
  },
  {
    name: 'action: --action climbing',
    args: ['invoices', 'action', 'WJxbojagwO', '--action', '../x', '--yes'],
    error: /^--action "\.\.\/x" is not an action name/,
  },
  {
    name: '--amount a word',
    args: ['payments', 'create', '--amount', 'ten', '--yes'],
    error: '--amount must be a number, got "ten"',
  },
  {
    name: '--amount overflowing',
    args: ['payments', 'create', '--amount', '1e400', '--yes'],
    error: '--amount must be a number, got "1e400"',
  },
  {
    name: '--quantity hexadecimal',
    args: ['products', 'create', '--quantity', '0x10', '--yes'],
    error: '--quantity must be a number, got "0x10"',
  },
  {
    name: '--date empty',
    args: ['invoices', 'create', '--client-id', 'x', '--date', '', '--yes'],
    error: '--date must be a date as YYYY-MM-DD, got ""',
  },
  {
    name: '--due-date not a calendar date',
    args: ['invoices', 'create', '--client-id', 'x', '--due-date', '2024-13-01', '--yes'],
    error: '--due-date must be a date as YYYY-MM-DD, got "2024-13-01"',
  },
  {
    name: '--field empty',
    args: ['clients', 'create', '--field', '', '--yes'],
    error: '--field "" needs the form key=value',
  },
  {
    name: '--field with an empty key',
    args: ['clients', 'create', '--field', '=x', '--yes'],
    error: '--field needs key=value: the key is empty',
  },
  {
    name: '--field with a bad key',
    args: ['clients', 'create', '--field', 'a..b=1', '--yes'],
    error: /^--field key "a\.\.b" is not valid/,
  },
  {
    name: '--field with a huge index',
    args: ['clients', 'create', '--field', 'contacts.99999.email=x', '--yes'],
    error: /^--field key "contacts\.99999\.email" is not valid/,
  },
  {
    name: '--field leaving a gap in a list',
    args: ['clients', 'create', '--field', 'contacts.1.email=x', '--yes'],
    error: 'contacts.0 is missing: list elements must be set from index 0 without gaps',
  },
  {
    name: '--line-item empty',
    args: ['invoices', 'create', '--line-item', '', '--yes'],
    error: '--line-item "" has an empty pair: separate key=value pairs with single commas',
  },
  {
    name: '--line-item without =',
    args: ['invoices', 'create', '--line-item', 'cost', '--yes'],
    error: '--line-item pair "cost" is malformed: use key=value',
  },
  {
    name: '--line-item with a dotted key',
    args: ['invoices', 'create', '--line-item', 'a.b=1', '--yes'],
    error: '--line-item pair "a.b=1" has an invalid key: use letters, digits and _',
  },

  {
    name: '--line-item with an unclosed quote',
    args: ['invoices', 'create', '--line-item', 'notes="a,b', '--yes'],
    error: '--line-item pair "notes=\\"a,b" has an unclosed quote',
  },

  // files
  {
    name: '--output-file empty',
    args: ['quotes', 'download', 'k', '--output-file', ''],
    error: '--output-file must not be empty: give a path, or - for stdout',
  },
  {
    name: '--output-file in a missing folder',
    args: ['quotes', 'download', 'k', '--output-file', '/nonexistent/q.pdf'],
    error: '--output-file /nonexistent/q.pdf: folder /nonexistent does not exist',
  },
  {
    name: '--output-file existing without --force',
    args: ['quotes', 'download', 'k', '--output-file', file('old.pdf', 'x')],
    error: `--output-file ${join(dir, 'old.pdf')} exists: pass --force to overwrite it`,
  },
  {
    name: '--file empty',
    args: ['clients', 'upload', 'VolejRejNm', '--file', '', '--yes'],
    error: '--file must not be empty: give a file path',
  },

  // runners
  {name: '--endpoint empty', args: ['utility', 'run', '--endpoint', ''], error: /^--endpoint "" is empty/},
  {
    name: '--endpoint a URL',
    args: ['utility', 'run', '--endpoint', 'https://evil.example/api/v1/ping'],
    error: /^--endpoint "https:\/\/evil\.example\/api\/v1\/ping" is a URL, not a path/,
  },
  {
    name: '--endpoint climbing',
    args: ['search', 'run', '--endpoint', 'reports/../users'],
    error: /^--endpoint "reports\/\.\.\/users" has an empty, \. or \.\. segment/,
  },
  {
    name: '--endpoint percent-escaped',
    args: ['utility', 'run', '--endpoint', 'reports/%2e%2e'],
    error: /^--endpoint "reports\/%2e%2e" has a segment "%2e%2e"/,
  },
  {
    name: '--method unknown',
    args: ['charts', 'run', '--endpoint', 'charts/totals', '--method', 'PATCH'],
    error: /^charts run sends POST or PUT to charts\/totals, not PATCH/,
  },
  {
    name: 'reports --interval huge',
    args: ['reports', 'run', '--endpoint', 'reports/invoices', '--wait', '--interval', '1e9'],
    error: '--interval must be a number of seconds above 0 and at most 15, got "1e9"',
  },
  {
    name: 'reports --timeout huge',
    args: ['reports', 'run', '--endpoint', 'reports/invoices', '--wait', '--timeout', '9999999'],
    error: /^Parsing --timeout; Expected an integer less than or equal to 86400/,
  },

  // auth
  {
    name: 'login: a token that is not UTF-8',
    args: ['auth', 'login'],
    stdin: Buffer.from([0x74, 0xff, 0x6b]),
    error: 'standard input is not valid UTF-8 text: save it as UTF-8',
  },
  {
    name: 'login: a token with a space',
    args: ['auth', 'login'],
    stdin: 'abc def\n',
    error:
      'the API token holds characters that cannot be sent in a header (spaces, control characters or non-ASCII): ' +
      'check it',
  },
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
