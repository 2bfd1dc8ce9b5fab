/** Help: the root and topic pages, cli help environment and its page, and unknown commands (exit 127). */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {runOnTty} from '../support/tty.js'

describe('topic help, the environment page, unknown commands', () => {
  it('cli with no arguments: the topics by group (the registry says which), then how to get started', async () => {
    const r = await runCli([])
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal('')
    // Piped: one line a group, for grep.
    expect(r.stdout).to.include(
      '\nTOPICS (cli TOPIC: its commands, examples and actions)\n' +
        '  documents  credits, invoices, purchase-orders, quotes, recurring-invoices, recurring-quotes\n' +
        '  parties    client-gateway-tokens, clients, group-settings, users, vendors\n' +
        '  money      bank-integrations, bank-transaction-rules, bank-transactions, company-gateways, ' +
        'expense-categories, expenses, payment-terms, payments, recurring-expenses, tax-rates\n' +
        '  catalog    designs, documents, products, projects, subscriptions, task-statuses, tasks\n' +
        '  settings   companies, task-schedulers, tokens, webhooks\n' +
        '  logs       activities, company-ledger, system-logs\n' +
        '  tools      api, apply, auth, autocomplete, backup, charts, emails, health, help, history, import, mcp, ' +
        'period-pack, plan, plugins, profile, reconcile, reports, search, statics, undo, utility\n',
    )
    expect(r.stdout).to.include('\nGETTING STARTED\n  $ cli auth login --base-url https://invoicing.co  save a token\n')
    expect(r.stdout).to.include('  $ cli help environment ')
    expect(r.stdout.indexOf('GETTING STARTED')).to.be.lessThan(r.stdout.indexOf('EXIT CODES'))
    const help = await runCli(['--help'])
    expect(help.stdout).to.equal(r.stdout)
  })

  it('on an 80-column terminal the root help fits one screen: no line wraps, under 45 lines', async () => {
    const tty = await runOnTty(['--help'], {cols: 80, env: {NO_COLOR: '1'}})
    expect(tty.code).to.equal(0)
    const lines = tty.tty.trimEnd().split('\n')
    expect(lines.filter((line) => line.length > 80)).to.deep.equal([])
    expect(lines.length).to.be.below(45)
    expect(tty.tty).to.include(
      '\n  money      bank-integrations, bank-transaction-rules, bank-transactions,\n' +
        '             company-gateways, expense-categories, expenses, payment-terms,\n',
    )
  })

  it('cli <family>: its commands, then examples, its actions and notes', async () => {
    const r = await runCli(['invoices'])
    expect(r.code).to.equal(0)
    expect(r.stdout).to.match(/^ {2}invoices bulk\s+Apply one action to several invoices\.$/m)
    expect(r.stdout).to.include(
      // The everyday tasks first, by an invoice number of the sandbox's; then by ids (the registry sample; a client's
      // id for --client-id).
      '\nEXAMPLES\n' +
        "  $ cli invoices list --filter client_status=unpaid --sort 'due_date|asc'\n" +
        '  $ cli invoices email 0001 --template email_template_reminder1 --yes\n' +
        '  $ cli invoices update 0001 --amount-paid 50 --reference CHQ-1001 --yes\n' +
        '  $ cli invoices update 0001 --paid --yes\n' +
        '  $ cli invoices download 0001 --output-file .\n' +
        '  $ cli invoices list --all --output csv > invoices.csv\n' +
        '  $ cli invoices create --client-id VolejRejNm --line-item product_key=WIDGET,quantity=2,cost=10 --dry-run\n' +
        '  $ cli invoices show WJxbojagwO\n' +
        '  $ cli invoices bulk --action archive --id WJxbojagwO --yes\n' +
        '\nACTIONS (--action of bulk and action; no others are sent)\n' +
        '  archive, restore, delete, mark_paid, mark_sent, cancel, email, send_email,\n' +
        '  auto_bill, download, bulk_print, bulk_download, template, set_payment_link\n',
    )
    expect(r.stdout).to.include(
      '\nNOTES\n  Routes under /api/v1/invoices.\n  Changes (create, update, delete, bulk, action, upload) need ' +
        '--yes; --dry-run\n',
    )
    const help = await runCli(['help', 'invoices'])
    expect(help.stdout).to.equal(r.stdout)
  })

  it('a narrow family says which verbs its upstream lacks; users name the password', async () => {
    const activities = await runCli(['activities'])
    expect(activities.stdout).to.include(
      '  Not published upstream, so refused locally (exit 2, nothing sent): show,\n  template, edit-template,',
    )
    expect(activities.stdout).not.to.include('ACTIONS')
    expect(activities.stdout).not.to.include('Changes (')
    const users = await runCli(['users'])
    expect(users.stdout).to.include(
      '  Every route needs the account password: set CLI_API_PASSWORD (sent as\n  X-API-PASSWORD).',
    )
  })

  it('cli help environment: every environment variable and exit code', async () => {
    const r = await runCli(['help', 'environment'])
    expect(r.code).to.equal(0)
    expect(r.stderr).to.equal('')
    const vars = [
      'CLI_BASE_URL',
      'CLI_API_TOKEN',
      'CLI_API_PASSWORD',
      'CLI_PROFILE',
      'CLI_TIMEOUT',
      'CLI_MAX_RESPONSE_MB',
      'CLI_INSECURE',
      'HTTPS_PROXY',
      'HTTP_PROXY',
      'NO_PROXY',
      'CLI_RETRY_WAIT_SCALE',
      'NO_COLOR',
      'TERM',
      'DEBUG',
      'CLI_FAST_PATH',
      'XDG_CONFIG_HOME',
      'XDG_DATA_HOME',
      'XDG_CACHE_HOME',
      'CLI_CONFIG_DIR',
      'CLI_DATA_DIR',
      'CLI_CACHE_DIR',
      'XDG_STATE_HOME',
      'CLI_STATE_DIR',
    ]
    expect(
      r.stdout
        .split('\n\n')[0]
        .split('\n')
        .slice(1)
        .map((l) => l.trim().split(/\s+/)[0]),
    ).to.deep.equal(vars)
    expect(r.stdout).to.include(
      '\n\nEXIT CODES\n  0    success\n  1    the upstream answered an error, or the network failed\n  2    ' +
        'usage or input error found locally (nothing was sent)\n',
    )
    expect(r.stdout).to.include('\n  127  unknown command: the nearest one is named, nothing runs\n')
    // Every row of both tables aligned: the meanings start in one column.
    for (const title of ['EXIT CODES', 'ENVIRONMENT']) {
      const rows = r.stdout.split(`${title}\n`)[1].split('\n\n')[0].split('\n').filter(Boolean)
      expect(new Set(rows.map((row) => /^ {2}\S+ +/.exec(row)![0].length)).size, title).to.equal(1)
    }
  })

  it('cli help environment on an 80-column terminal: a long meaning goes on under itself; piped, one line an entry', async () => {
    const tty = await runOnTty(['help', 'environment'], {cols: 80, env: {NO_COLOR: '1'}})
    expect(tty.code).to.equal(0)
    expect(tty.tty.split('\n').filter((line) => line.length > 80)).to.deep.equal([])
    expect(tty.tty).to.include(
      '\n  NO_COLOR              set and not empty: no colour (tables, error and warning\n' +
        '                        labels)\n',
    )
    const piped = await runCli(['help', 'environment'])
    expect(piped.stdout).to.include(
      '\n  NO_COLOR              set and not empty: no colour (tables, error and warning labels)\n',
    )
  })

  it('the page the README links for them documents every environment variable and exit code cli help environment lists', async () => {
    const {readFileSync} = await import('node:fs')
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    expect(readme).to.include('](docs/environment.md)')
    const page = readFileSync(new URL('../../docs/environment.md', import.meta.url), 'utf8')
    const r = await runCli(['help', 'environment'])
    const names = r.stdout
      .split('\n')
      .filter((l) => /^ {2}\S/.test(l))
      .map((line) => line.trim().split(/\s+/)[0])
    expect(names).to.include.members(['CLI_BASE_URL', 'CLI_API_TOKEN', '0', '127', '143'])
    for (const name of names) expect(page, name).to.match(new RegExp(`^\\| \`?${name}\`? \\|`, 'm'))
  })

  it('an unknown command: exit 127 and the nearest command on stderr, even without a terminal', async () => {
    const typo = await runCli(['invoices', 'lsit', '--output', 'json'])
    expect(typo.code).to.equal(127)
    expect(typo.stdout).to.equal('')
    expect(typo.stderr).to.equal(
      'Error: invoices lsit is not a cli command; did you mean invoices list --output json?\nRun "cli help ' +
        'invoices" for a list of the commands.\n',
    )
    const family = await runCli(['invoice', 'show', 'VolejRejNm'])
    expect(family.code).to.equal(127)
    expect(family.stderr).to.equal(
      'Error: invoice show VolejRejNm is not a cli command; did you mean invoices show VolejRejNm?\nRun "cli ' +
        'help" for a list of the commands.\n',
    )
    const nothing = await runCli(['frobnicate'])
    expect(nothing.code).to.equal(127)
    expect(nothing.stderr).to.equal(
      'Error: frobnicate is not a cli command\nRun "cli help" for a list of the commands.\n',
    )
  })
})
