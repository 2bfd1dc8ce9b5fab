/**
 * The fast path (src/fast/run.ts) runs resource commands without oclif. It must never behave
 * differently from oclif: its parser either reads a command line exactly as oclif's parser does
 * or declines it (then oclif runs the command). This file holds the parser to oclif's;
 * fast-path-runs.test.ts holds the commands it runs to the same commands under oclif.
 */
import {createRequire} from 'node:module'
import {join} from 'node:path'

import {FAMILIES, resourceCommands} from '@invoicing-cli/core/internal'
import {Args as OclifArgs, Flags as OclifFlags, Parser} from '@oclif/core'
import {expect} from 'chai'
import fc from 'fast-check'

import {parseArgv} from '../src/fast/parse.js'
import {ROOT} from './support/cli.js'

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

  it('--no-NAME of a boolean that allows it is false, as oclif reads it; of one that does not, declined', async () => {
    const flags = {
      payments: {type: 'boolean', kind: 'boolean', allowNo: true},
      yes: {type: 'boolean', kind: 'boolean'},
    } as const
    const args = {id: {kind: 'string'}} as const
    const argv = ['X', '--no-payments']
    const mine = parseArgv(argv, flags, args)
    expect(mine).to.deep.equal({flags: {payments: false}, args: {id: 'X'}})
    const theirs = await Parser.parse(argv, {
      flags: {payments: OclifFlags.boolean({allowNo: true}), yes: OclifFlags.boolean()},
      args: {id: OclifArgs.string()},
      strict: true,
    })
    expect(theirs.flags).to.deep.equal(mine!.flags)
    expect(parseArgv(['X', '--no-yes'], flags, args)).to.equal(undefined)
    expect(parseArgv(['X', '--payments', '--no-payments'], flags, args)).to.equal(undefined)
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
      // The label of the value in help (`--output-file=FILE`): help only, the parser has nothing to do with it.
      'helpValue',
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
        // --no-NAME is read for booleans only.
        if ((flag as {allowNo?: boolean}).allowNo) expect(flag.type, `${id} --${name}`).to.equal('boolean')
      }
    }
  })
})
