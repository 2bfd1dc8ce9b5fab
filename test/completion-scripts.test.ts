/** The flag-value completion appended to oclif's bash and PowerShell scripts: pure generators. */
import {expect} from 'chai'

import {bashValues, groupValues, powershellValues} from '../src/completion/scripts.js'
import type {FlagValues} from '../src/completion/values.js'

const TABLE: FlagValues[] = [
  {id: 'invoices:bulk', names: ['--action'], values: ['archive', 'mark_paid']},
  {id: 'quotes:bulk', names: ['--action'], values: ['approve']},
  {id: 'invoices:bulk', names: ['--output', '-o'], values: ['table', 'json']},
  {id: 'quotes:bulk', names: ['--output', '-o'], values: ['table', 'json']},
]

describe('flag-value completion scripts', () => {
  it('a flag with the same values everywhere is looked up by name alone', () => {
    const {byCommand, byFlag} = groupValues(TABLE)
    expect([...byFlag]).to.deep.equal([
      ['--output', ['table', 'json']],
      ['-o', ['table', 'json']],
    ])
    expect([...byCommand]).to.deep.equal([
      ['invoices:bulk --action', ['archive', 'mark_paid']],
      ['quotes:bulk --action', ['approve']],
    ])
  })

  it('bash: one case arm per set of values, then complete -F on the wrapper', () => {
    const script = bashValues('cli', TABLE)
    expect(script).to.include(`    "invoices:bulk --action") values='archive mark_paid' ;;\n`)
    expect(script).to.include(`    *" --output"|*" -o") values='table json' ;;\n`)
    expect(script).to.include('\n  _cli_autocomplete\n}\ncomplete -F _cli_flag_values cli\n')
  })

  it('a flag that offers other values, or none, on another command is looked up per command', () => {
    const status: FlagValues[] = [
      {id: 'clients:statement', names: ['--status'], values: ['all', 'paid', 'unpaid']},
      {id: 'invoices:list', names: ['--status'], values: ['active', 'archived']},
      {id: 'clients:list', names: ['--status'], values: ['active', 'archived']},
      {id: 'plugin:list', names: ['--status'], values: []},
    ]
    const {byCommand, byFlag} = groupValues(status)
    expect([...byFlag]).to.deep.equal([])
    expect([...byCommand.keys()]).to.deep.equal([
      'clients:statement --status',
      'invoices:list --status',
      'clients:list --status',
    ])
    const script = bashValues('cli', status)
    expect(script).to.include(`    "clients:statement --status") values='all paid unpaid' ;;\n`)
    expect(script).to.include(`    "invoices:list --status"|"clients:list --status") values='active archived' ;;\n`)
    expect(script).not.to.include('*" --status"')
    expect(powershellValues('cli', status)).to.include('$cliValuesByFlag = @{\n\n}')
    expect(
      groupValues([
        {id: 'x', names: ['--mode'], values: ['a']},
        {id: 'y', names: ['--mode'], values: []},
      ]).byFlag.size,
    ).to.equal(0)
  })

  it('bash and PowerShell quote values safely', () => {
    const odd: FlagValues[] = [
      {id: 'x', names: ['--mode'], values: ["it's", 'a;b']},
      {id: 'y', names: ['--mode'], values: ['z']},
    ]
    expect(bashValues('cli', odd)).to.include(`"x --mode") values='it'\\''s a;b' ;;`)
    expect(powershellValues('cli', odd)).to.include(`  'x --mode' = @('it''s', 'a;b')`)
  })
})
