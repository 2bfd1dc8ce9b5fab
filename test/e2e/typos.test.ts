/**
 * Typos in values and flags: refused locally (exit 2, nothing sent) with what was probably meant;
 * a top-level command typed after a family word: exit 127, the command without it.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('typos in values and flags', () => {
  const suite = useUpstream()

  for (const fastPath of ['1', '0']) {
    it(`a guided flag the family has no field for: exit 2 naming the flags it takes, nothing sent (fast path ${fastPath})`, async () => {
      // The server writes no name for payment terms (issue 21: guided flags follow its fields).
      const r = await runCli(['payment-terms', 'create', '--name', 'Net 30', '--yes'], {
        env: {...suite.env, CLI_FAST_PATH: fastPath},
      })
      expect(r.code).to.equal(2)
      expect(r.stdout).to.equal('')
      expect(r.stderr).to.equal(
        'Error: --name sets name, which payment-terms records do not have: cli payment-terms create takes ' +
          '--field KEY=VALUE (see --help)\n',
      )
      expect(suite.up.requests).to.have.length(0)
    })
  }

  it('guided flags are offered only where the family has the field', async () => {
    const invoices = await runCli(['invoices', 'create', '--help'])
    expect(invoices.stdout)
      .to.include('--client-id=')
      .and.include('--due-date=')
      .and.include('--vendor-id=')
      .and.not.match(/--name=|--price=|--quantity=/)
    const products = await runCli(['products', 'update', '--help'])
    expect(products.stdout)
      .to.include('--price=')
      .and.include('--quantity=')
      .and.not.match(/--name=|--client-id=/)
    const clients = await runCli(['clients', 'create', '--name', 'Initech', '--yes', '--output', 'json'], {
      env: suite.env,
    })
    expect(clients.code, clients.stderr).to.equal(0)
    expect(suite.up.requests.map((q) => [q.method, q.path, q.json])).to.deep.equal([
      ['POST', '/api/v1/clients', {name: 'Initech'}],
    ])
  })

  for (const [args, typo, known] of [
    [['invoices', 'bulk', '--action', 'markpaid', '--id', 'WJxbojagwO', '--yes'], 'markpaid', 'mark_paid'],
    [['quotes', 'action', 'Xy9kqR2mLb', '--action', 'aprove', '--dry-run'], 'aprove', 'approve'],
  ] as const) {
    it(`--action takes the family's known actions only, naming the nearest: ${args.slice(0, 2).join(' ')}`, async () => {
      const r = await runCli([...args], {env: suite.env})
      expect(r.code).to.equal(2)
      expect(r.stdout).to.equal('')
      const [family] = args
      expect(r.stderr).to.match(
        new RegExp(
          `^Error: --action "${typo}" is not an action of ${family}; did you mean ${known}\\? \\(${family} ` +
            `actions: [a-z_, ]+\\)\\n$`,
        ),
      )
      expect(suite.up.requests).to.have.length(0)
      expect(suite.up.records('invoices')[0].status_id).to.equal('2')
    })
  }

  it('a known action is sent once', async () => {
    const r = await runCli(
      ['invoices', 'bulk', '--action', 'mark_paid', '--id', 'WJxbojagwO', '--yes', '--output', 'json'],
      {env: suite.env},
    )
    expect(r.code, r.stderr).to.equal(0)
    // Once; then the read that names the payment it recorded, for the summary line.
    expect(suite.up.requests.map((q) => [q.method, q.path, q.json])).to.deep.equal([
      ['POST', '/api/v1/invoices/bulk', {action: 'mark_paid', ids: ['WJxbojagwO']}],
      ['GET', '/api/v1/invoices/WJxbojagwO', undefined],
    ])
  })

  it('an unknown flag names the nearest flag of the command', async () => {
    const r = await runCli(['invoices', 'list', '--per-pag', '5'], {env: suite.env})
    expect(r.code).to.equal(2)
    expect(r.stderr).to.equal(
      'Error: --per-pag is not a flag of cli invoices list; did you mean --per-page? (see --help)\n',
    )
    expect(suite.up.requests).to.have.length(0)
  })

  for (const fastPath of ['1', '0']) {
    it(`an unknown flag, none near: exit 2 naming the command's flags, nothing sent (fast path ${fastPath})`, async () => {
      const env = {...suite.env, CLI_FAST_PATH: fastPath}
      expectRun(await runCli(['invoices', 'list', '--frobnicate'], {env}), {
        code: 2,
        stdout: '',
        stderr:
          'Error: --frobnicate is not a flag of cli invoices list; its flags: --page, --per-page, --filter, ' +
          '--status, --sort, --all, --limit, --concurrency, --include, --no-validate, and the global ones (see ' +
          '--help)\n',
      })
      // A command with only the global flags names them.
      expectRun(await runCli(['statics', '--frobnicate'], {env}), {
        code: 2,
        stderr:
          'Error: --frobnicate is not a flag of cli statics; its flags: --output, --output-file, --headers, --bom, ' +
          '--columns, --query, --dry-run, --base-url, --profile, --debug, --verbose, --timeout, --retries, ' +
          '--insecure (see --help)\n',
      })
      expect(suite.up.requests).to.have.length(0)
    })
  }

  it("oclif's own commands answer an unknown flag the same way: the nearest, else their flags; exit 2", async () => {
    expectRun(await runCli(['plugins', '--cor']), {
      code: 2,
      stdout: '',
      stderr: 'Error: --cor is not a flag of cli plugins; did you mean --core? (see --help)\n',
    })
    expectRun(await runCli(['help', '--frobnicate']), {
      code: 2,
      stdout: '',
      stderr: 'Error: --frobnicate is not a flag of cli help; its flags: --nested-commands (see --help)\n',
    })
    // A value given apart is no flag; --help still shows the help.
    const help = await runCli(['autocomplete', '--help'])
    expect(help.code).to.equal(0)
  })

  it('a --line-item value split by the shell at its spaces: a hint to quote it, nothing sent', async () => {
    const r = await runCli(
      [
        'invoices',
        'create',
        '--client-id',
        'VolejRejNm',
        '--line-item',
        'product_key=A,notes=Strategy,',
        'phase',
        '1,cost=3',
        '--yes',
      ],
      {env: suite.env},
    )
    expect(r.code).to.equal(2)
    expect(r.stderr).to.equal(
      'Error: --line-item "product_key=A,notes=Strategy," "phase" "1,cost=3" looks like one value split by the ' +
        `shell at its spaces: quote the whole value, e.g. --line-item 'product_key=A,notes="Strategy, phase 1",` +
        `cost=3'\n`,
    )
    expect(suite.up.requests).to.have.length(0)
  })

  // These commands take no family word: the nearest family command (`invoices action`) was the wrong guess.
  // [command line, the words of it that are the unknown command, the command meant, the help named]
  const TOP_LEVEL: Array<[string[], string, string, string]> = [
    [['invoices', 'statics'], 'invoices statics', 'statics', 'cli help'],
    [['clients', 'statics', '--output', 'json'], 'clients statics', 'statics --output json', 'cli help'],
    [['invoice', 'statics'], 'invoice statics', 'statics', 'cli help'],
    [['invoices', 'api', 'GET', '/api/v1/ping'], 'invoices api GET /api/v1/ping', 'api GET /api/v1/ping', 'cli help'],
    [
      ['quotes', 'import', 'csv', 'quotes.csv', '--yes'],
      'quotes import csv quotes.csv',
      'import csv quotes.csv --yes',
      'cli help import',
    ],
    [
      ['invoices', 'auth', 'login', '--base-url', 'https://invoicing.co'],
      'invoices auth login',
      'auth login --base-url https://invoicing.co',
      'cli help auth',
    ],
    [['invoices', 'help', 'list'], 'invoices help list', 'help invoices list', 'cli help'],
  ]
  for (const [args, typed, meant, help] of TOP_LEVEL) {
    it(`a top-level command after a family word names it without the family, exit 127, nothing sent: ${args.join(' ')}`, async () => {
      for (const fastPath of ['1', '0']) {
        const r = await runCli(args, {env: {...suite.env, CLI_FAST_PATH: fastPath}})
        expectRun(r, {
          code: 127,
          stdout: '',
          stderr:
            `Error: ${typed} is not a cli command; did you mean ${meant}?\nRun "${help}" for a list of the ` +
            `commands.\n`,
        })
      }
      expect(suite.up.requests).to.have.length(0)
    })
  }

  for (const fastPath of ['1', '0']) {
    it(`--status on a list is the upstream's status filter; a typo is exit 2 naming the states, nothing sent (fast path ${fastPath})`, async () => {
      const env = {...suite.env, CLI_FAST_PATH: fastPath}
      const r = await runCli(['clients', 'list', '--status', 'active,archived', '--output', 'json'], {env})
      expect(r.code, r.stderr).to.equal(0)
      expect(suite.up.requests.map((q) => `${q.method} ${q.path}?${q.rawQuery}`)).to.deep.equal([
        'GET /api/v1/clients?status=active,archived',
      ])
      suite.up.requests.length = 0
      const typo = await runCli(['clients', 'list', '--status', 'archivd'], {env})
      expect(typo.code).to.equal(2)
      expect(typo.stderr).to.equal(
        'Error: --status "archivd" is not a record state; did you mean archived?: use active, archived, deleted ' +
          '(comma-separated for several)\n',
      )
      const both = await runCli(['clients', 'list', '--status', 'active', '--filter', 'status=deleted'], {env})
      expect(both.code).to.equal(2)
      expect(both.stderr).to.equal('Error: --status and --filter status=... both set the status filter: give one\n')
      expect(suite.up.requests).to.have.length(0)
    })
  }
})
