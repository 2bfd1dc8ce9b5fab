/**
 * Shell completion: `cli autocomplete` builds oclif's scripts (topics, commands, flags) and the
 * CLI adds flag values: --action from the registry, --output's choices. Bash runs for real here.
 */
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {makeHome, runCli, runProcess} from '../support/cli.js'

async function bashComplete(script: string, words: string[]): Promise<string[]> {
  const program = `source "$1"; shift
fn=$(complete -p cli | sed -E 's/.*-F ([^ ]+) .*/\\1/')
COMP_WORDS=("$@"); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
"$fn"
printf '%s\\n' "\${COMPREPLY[@]}"`
  const r = await runProcess('bash', ['--norc', '--noprofile', '-c', program, 'bash', script, ...words])
  if (r.code !== 0 || r.stderr !== '') throw new Error(`bash exit ${r.code}: ${r.stderr}`)
  return [...new Set(r.stdout.split('\n').filter(Boolean))].sort()
}

describe('shell completion', function () {
  this.timeout(60_000)
  let home: ReturnType<typeof makeHome>
  let functions: string
  before(async () => {
    home = makeHome()
    const r = await runCli(['autocomplete', '--refresh-cache'], {home: home.home})
    expect(r.code, r.stderr).to.equal(0)
    functions = join(home.home, '.cache', 'invoicing-cli', 'autocomplete', 'functions')
  })
  after(() => home.cleanup())

  it('cli autocomplete prints the setup for each shell', async () => {
    for (const shell of ['bash', 'zsh', 'powershell']) {
      const r = await runCli(['autocomplete', shell], {home: home.home})
      expect(r.code, shell).to.equal(0)
      expect(r.stdout, shell).to.include(`cli autocomplete script ${shell}`)
      expect(r.stdout, shell)
        .to.include('\nSetup Instructions for cli shell completion ---\n')
        .and.not.include('CLI CLI')
    }
  })

  describe('bash', function () {
    before(function () {
      if (!['/bin/bash', '/usr/bin/bash'].some((p) => existsSync(p))) this.skip()
    })
    const complete = (...words: string[]) => bashComplete(join(functions, 'bash', 'cli.bash'), ['cli', ...words])

    it('completes family words and their verbs, never a verb the upstream lacks', async () => {
      expect(await complete('purch')).to.deep.equal(['purchase-orders'])
      expect(await complete('invoices', '')).to.deep.equal([
        'action',
        'activity',
        'bulk',
        'bulk-actions',
        'create',
        'delete',
        'download',
        'edit-template',
        'email',
        'emails',
        'list',
        'note',
        'preview',
        'show',
        'template',
        'update',
        'upload',
      ])
      expect(await complete('payments', 're')).to.deep.equal(['refund'])
      expect(await complete('clients', 'st')).to.deep.equal(['statement'])
      expect(await complete('users', '')).not.to.include('delete')
      expect(await complete('activities', '')).to.deep.equal(['list'])
      expect(await complete('invoices', 'bulk', '--ac')).to.deep.equal(['--action'])
    })

    it('completes --action with the family actions, after a record id too', async () => {
      expect(await complete('invoices', 'bulk', '--action', 'mark')).to.deep.equal(['mark_paid', 'mark_sent'])
      expect(await complete('quotes', 'action', 'Xy9kqR2mLb', '--action', 'con')).to.deep.equal([
        'convert_to_invoice',
        'convert_to_project',
      ])
      expect(await complete('products', 'bulk', '--id', 'X', '--action', '')).to.deep.equal([
        'archive',
        'delete',
        'restore',
        'set_tax_id',
      ])
    })

    it("completes the operations' values: e-mail templates, statement statuses, import entities", async () => {
      expect(await complete('invoices', 'email', 'WJxbojagwO', '--template', 'email_template_rem')).to.deep.equal([
        'email_template_reminder1',
        'email_template_reminder2',
        'email_template_reminder3',
        'email_template_reminder_endless',
      ])
      expect(await complete('clients', 'statement', 'VolejRejNm', '--status', '')).to.deep.equal([
        'all',
        'paid',
        'unpaid',
      ])
      expect(await complete('import', 'csv', '--entity', 'cl')).to.deep.equal(['clients'])
      expect(await complete('invoices', 'create', '--send')).to.deep.equal(['--send-email'])
    })

    it("completes --status with each command's own values: a list's record states, a statement's invoice statuses", async () => {
      expect(await complete('invoices', 'list', '--status', '')).to.deep.equal(['active', 'archived', 'deleted'])
      expect(await complete('clients', 'list', '--status', 'arch')).to.deep.equal(['archived'])
      expect(await complete('clients', 'statement', 'VolejRejNm', '--status', '')).to.deep.equal([
        'all',
        'paid',
        'unpaid',
      ])
      expect(await complete('clients', 'statement', 'VolejRejNm', '--status', 'u')).to.deep.equal(['unpaid'])
    })

    it('completes --output and -o with the output formats, --output= included', async () => {
      expect(await complete('invoices', 'list', '--output', '')).to.deep.equal([
        'csv',
        'ids',
        'json',
        'ndjson',
        'table',
        'xlsx',
        'yaml',
      ])
      expect(await complete('search', 'run', '-o', 'y')).to.deep.equal(['yaml'])
      expect(await complete('clients', 'list', '--output', '=', 'c')).to.deep.equal(['csv'])
    })
  })

  it('zsh: oclif completes the lent --action values and the --output options', () => {
    const zsh = readFileSync(join(functions, 'zsh', '_cli'), 'utf8')
    expect(zsh).to.include('"invoices[Invoices]"')
    expect(zsh).to.include('"bulk[Apply one action to several invoices.]"')
    expect(zsh).to.include(
      '--action"[Action name: archive, restore, delete, mark_paid, mark_sent, cancel, email, send_email, ' +
        'auto_bill, download, bulk_print, bulk_download, template, set_payment_link.]:action options:(archive ' +
        'restore delete mark_paid mark_sent cancel email send_email auto_bill download bulk_print bulk_download ' +
        'template set_payment_link)"',
    )
    expect(zsh).to.include(':output options:(table json ndjson csv yaml ids xlsx)"')
    expect(zsh).not.to.include('--action"[Action name: archive, restore, delete.]:file:_files"')
  })

  it('powershell: the values tables and a completer wrapping the plugin one', () => {
    const ps1 = readFileSync(join(functions, 'powershell', 'cli.ps1'), 'utf8')
    expect(ps1).to.include('"invoices" = @{')
    expect(ps1).to.include("  'invoices:bulk --action' = @('archive', 'restore', 'delete', 'mark_paid',")
    expect(ps1).to.include(
      "$cliValuesByFlag = @{\n  '--output' = @('table', 'json', 'ndjson', 'csv', 'yaml', 'ids', 'xlsx')\n" +
        "  '-o' = @('table', 'json', 'ndjson', 'csv', 'yaml', 'ids', 'xlsx')\n",
    )
    expect(ps1).to.include("\n  '--template' = @('email_template_invoice', 'email_template_quote',")
    expect(ps1).to.include('$cliCompleter = $scriptblock\n')
    expect(
      ps1.trimEnd().endsWith('Register-ArgumentCompleter -Native -CommandName cli -ScriptBlock $cliValuesCompleter'),
    ).to.equal(true)
  })
})
