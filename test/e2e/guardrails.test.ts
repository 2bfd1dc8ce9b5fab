/** Refusals: the guardrail (exit 3), usage errors (exit 2) and unsupported verbs, none of which sends a request. */
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('refusals send nothing', () => {
  const suite = useUpstream()
  let file: string

  before(() => {
    file = join(mkdtempSync(join(tmpdir(), 'cli-g-')), 'a.txt')
    writeFileSync(file, 'x')
  })
  afterEach(function () {
    if (this.currentTest?.state === 'passed')
      expect(suite.up.requests, 'no request may reach the upstream').to.deep.equal([])
  })

  describe('the guardrail: create, update, delete, bulk, upload and action need --yes unless --dry-run', () => {
    const cases: Array<[string, string[]]> = [
      ['invoices create', ['invoices', 'create', '--client-id', 'VolejRejNm']],
      ['invoices update', ['invoices', 'update', 'WJxbojagwO', '--field', 'public_notes=x']],
      ['clients delete', ['clients', 'delete', 'VolejRejNm']],
      ['clients bulk', ['clients', 'bulk', '--action', 'archive', '--id', 'VolejRejNm']],
      ['quotes action', ['quotes', 'action', 'Xy9kqR2mLb', '--action', 'approve']],
      ['invoices action', ['invoices', 'action', 'WJxbojagwO', '--action', 'mark_paid']],
    ]
    for (const [name, args] of cases) {
      it(`${name} without --yes: exit 3, a message naming --yes and --dry-run`, async () => {
        const r = await runCli(args, {env: suite.env})
        expect(r.code).to.equal(3)
        expect(r.stdout).to.equal('')
        expect(r.stderr).to.equal(
          `Error: ${name} changes upstream records: pass --yes to confirm, or --dry-run to see the request ` +
            `without sending it\n`,
        )
      })
    }

    it('upload without --yes: exit 3', async () => {
      const r = await runCli(['clients', 'upload', 'VolejRejNm', '--file', file], {env: suite.env})
      expect(r.code).to.equal(3)
      expect(r.stderr).to.include('--yes').and.to.include('--dry-run')
    })

    it('--dry-run exempts from --yes and sends nothing', async () => {
      const r = await runCli(['clients', 'delete', 'VolejRejNm', '--dry-run'], {env: suite.env})
      expect(r.code).to.equal(0)
      expect(r.stdout).to.equal(`DELETE ${suite.up.url}/api/v1/clients/VolejRejNm\n`)
    })

    it('the guardrail answers even with the JSON error document', async () => {
      const r = await runCli(['clients', 'delete', 'VolejRejNm', '--output', 'json'], {env: suite.env})
      expect(r.code).to.equal(3)
      expect(r.stdout).to.equal('')
      const [line, doc] = r.stderr.trimEnd().split('\n')
      expect(line).to.match(/^Error: clients delete changes upstream records/)
      expect(JSON.parse(doc)).to.deep.equal({error: {message: JSON.parse(doc).error.message, exit_code: 3}})
    })

    it('local validation (exit 2) comes before the guardrail (exit 3)', async () => {
      const r = await runCli(['invoices', 'create', '--data', '{"client_id":'], {env: suite.env})
      expect(r.code).to.equal(2)
      expect(r.stderr).to.match(/^Error: --data is not valid JSON \(.+\): give one JSON object\n$/)
    })

    it('a missing required flag is a usage error before the guardrail', async () => {
      const r = await runCli(['clients', 'bulk', '--action', 'archive'], {env: suite.env})
      expect(r.code).to.equal(2)
      expect(r.stderr).to.equal('Error: missing required flag --id (see --help)\n')
    })
  })

  describe('unsupported verbs are rejected locally, naming the family, the verb and what it supports', () => {
    const cases: Array<[string[], string]> = [
      [
        ['activities', 'show', 'x'],
        'activities does not support "show": the upstream publishes no such route. activities supports: list',
      ],
      [
        ['tax-rates', 'upload', 'x', '--file', 'a', '--yes'],
        'tax-rates does not support "upload": the upstream publishes no such route. tax-rates supports: list, ' +
          'show, template, edit-template, create, update, delete, bulk, action',
      ],
      [
        ['task-schedulers', 'edit-template', 'x'],
        'task-schedulers does not support "edit-template": the upstream publishes no such route. task-schedulers ' +
          'supports: list, show, template, create, update, delete, bulk, action',
      ],
      [
        ['clients', 'download', 'k', '--output-file', '-'],
        'clients does not support "download": the upstream publishes no such route. clients supports: list, ' +
          'show, template, edit-template, create, update, delete, bulk, action, upload',
      ],
      [
        ['recurring-quotes', 'upload', 'x', '--file', 'a'],
        'recurring-quotes does not support "upload": the upstream publishes no such route. recurring-quotes ' +
          'supports: list, show, template, edit-template, create, update, delete, bulk, action',
      ],
      [
        ['companies', 'action', 'x', '--action', 'archive', '--yes'],
        'companies does not support "action": the upstream publishes no such route. companies supports: list, ' +
          'show, template, edit-template, create, update, delete, upload',
      ],
      [
        ['system-logs', 'delete', 'x', '--yes'],
        'system-logs does not support "delete": the upstream publishes no such route. system-logs supports: list, show',
      ],
    ]
    for (const [args, message] of cases) {
      it(`${args.slice(0, 2).join(' ')}: exit 2`, async () => {
        const r = await runCli(args, {env: suite.env})
        expect(r.code).to.equal(2)
        expect(r.stdout).to.equal('')
        expect(r.stderr).to.equal(`Error: ${message}\n`)
      })
    }
    // The published document lists these, the server routes none of them (FACTS.md): the command that works is named.
    const documentOnly: Array<[string[], string]> = [
      [
        ['users', 'delete', 'VolejRejNm', '--yes'],
        'users delete is not available: the server has no such route (the published API document lists one). ' +
          'Instead: cli users bulk --action delete --id ID --yes',
      ],
      [
        ['users', 'edit-template', 'VolejRejNm'],
        'users edit-template is not available: the server has no such route (the published API document lists ' +
          'one). Instead: cli users show ID',
      ],
      [
        ['recurring-invoices', 'download', 'k1', '--output-file', '-'],
        'recurring-invoices download is not available: the server has no such route (the published API document ' +
          'lists one). Instead: download an invoice it generated: cli invoices download INVITATION_KEY ' +
          '--output-file PATH',
      ],
    ]
    for (const [args, message] of documentOnly) {
      it(`${args.slice(0, 2).join(' ')}: exit 2, naming the command that works`, async () => {
        const r = await runCli(args, {env: suite.env})
        expect(r.code).to.equal(2)
        expect(r.stdout).to.equal('')
        expect(r.stderr).to.equal(`Error: ${message}\n`)
      })
    }

    it('with --output json, also the JSON error document on stderr', async () => {
      const r = await runCli(['activities', 'show', 'x', '--output', 'json'], {env: suite.env})
      expect(r.code).to.equal(2)
      expect(r.stdout).to.equal('')
      const [line, doc] = r.stderr.trimEnd().split('\n')
      expect(line).to.equal(
        'Error: activities does not support "show": the upstream publishes no such route. activities supports: list',
      )
      expect(JSON.parse(doc)).to.deep.equal({
        error: {
          message:
            'activities does not support "show": the upstream publishes no such route. activities supports: list',
          exit_code: 2,
        },
      })
    })
  })

  describe('payload rules', () => {
    const cases: Array<[string, string[], RegExp]> = [
      [
        'a raw source mixed with guided flags',
        ['invoices', 'create', '--data', '{}', '--client-id', 'x', '--yes'],
        /^Error: --data cannot be mixed with --client-id: give either one raw JSON source or guided flags\n$/,
      ],
      [
        'a raw source mixed with --field',
        ['clients', 'create', '--stdin', '--field', 'name=x', '--yes'],
        /^Error: --stdin cannot be mixed with --field/,
      ],
      [
        'a raw source mixed with --line-item',
        ['invoices', 'create', '--data', '{}', '--line-item', 'cost=1', '--yes'],
        /^Error: --data cannot be mixed with --line-item/,
      ],
      [
        'two raw sources',
        ['clients', 'create', '--data', '{}', '--data-file', 'x.json', '--yes'],
        /^Error: --data and --data-file are alternatives: give one raw JSON source\n$/,
      ],
      [
        '--line-item on a family that is not document-like',
        ['clients', 'create', '--line-item', 'cost=1', '--yes'],
        /^Error: --line-item is only for document-like families .* not clients/,
      ],
      [
        'a malformed --line-item pair, named',
        ['invoices', 'create', '--line-item', 'product_key=A,quantity', '--yes'],
        /^Error: --line-item pair "quantity" is malformed: use key=value\n$/,
      ],
      [
        'a field set twice',
        ['clients', 'create', '--name', 'A', '--field', 'name=B', '--yes'],
        /^Error: field name is set twice \(--name and --field name=B\): set each field once\n$/,
      ],
      [
        'a number flag that is not a number',
        ['payments', 'create', '--amount', '12,50', '--yes'],
        /^Error: --amount must be a number, got "12,50"\n$/,
      ],
      [
        'a date that is not YYYY-MM-DD',
        ['invoices', 'create', '--client-id', 'x', '--due-date', '2026-02-30', '--yes'],
        /^Error: --due-date must be a date as YYYY-MM-DD, got "2026-02-30"\n$/,
      ],
      [
        '--sort without a direction',
        ['invoices', 'list', '--sort', 'number'],
        /^Error: --sort "number" must be a field, a pipe and asc or desc/,
      ],
      [
        '--filter without =',
        ['invoices', 'list', '--filter', 'paid'],
        /^Error: --filter "paid" needs the form key=value/,
      ],
      [
        'a non-object JSON payload',
        ['clients', 'create', '--data', '[1]', '--yes'],
        /^Error: --data must be a JSON object/,
      ],
      ['no payload at all', ['clients', 'update', 'VolejRejNm', '--yes'], /^Error: nothing to send: give --data/],
      [
        'a --data-file that does not exist',
        ['clients', 'create', '--data-file', '/nonexistent/x.json', '--yes'],
        /^Error: --data-file \/nonexistent\/x.json: no such file\n$/,
      ],
      [
        'an upload file that does not exist',
        ['clients', 'upload', 'VolejRejNm', '--file', '/nonexistent/a.pdf', '--yes'],
        /^Error: --file \/nonexistent\/a.pdf: no such file\n$/,
      ],
      [
        'an invalid action name',
        ['quotes', 'action', 'x', '--action', '../../clients', '--yes'],
        /^Error: --action "..\/..\/clients" is not an action name/,
      ],
      [
        'an id that is ..',
        ['clients', 'show', '..'],
        /^Error: id "\.\." is not valid: use only letters, digits, - and _ \(upstream ids look like VolejRejNm\)\n$/,
      ],
      [
        'an unknown flag',
        ['clients', 'list', '--bogus'],
        /^Error: --bogus is not a flag of cli clients list \(see --help\)\n$/,
      ],
      [
        'a mistyped flag',
        ['invoices', 'list', '--per-pag', '5'],
        /^Error: --per-pag is not a flag of cli invoices list; did you mean --per-page\? \(see --help\)\n$/,
      ],
      ['--page with --all', ['clients', 'list', '--page', '2', '--all'], /^Error: .*--all/],
      [
        '--output with an unknown format',
        ['clients', 'list', '--output', 'xml'],
        /^Error: Expected --output=xml to be one of: table, json/,
      ],
      [
        'a file action without --output-file',
        ['quotes', 'action', 'Xy9kqR2mLb', '--action', 'download', '--yes'],
        new RegExp(
          String.raw`^Error: --action download answers a file: give --output-file ` +
            String.raw`PATH \(a folder takes the upstream's file name; - for stdout\)\n$`,
        ),
      ],
      [
        'bulk_download without --output-file',
        ['invoices', 'bulk', '--action', 'bulk_download', '--id', 'WJxbojagwO', '--yes'],
        /^Error: --action bulk_download answers a file: give --output-file PATH/,
      ],
      [
        '--output-file on an action that answers no file',
        ['invoices', 'bulk', '--action', 'archive', '--id', 'WJxbojagwO', '--output-file', 'x.pdf', '--yes'],
        new RegExp(
          String.raw`^Error: --output-file is for the actions that answer a ` +
            String.raw`file \(download, bulk_print, bulk_download\), not archive\n$`,
        ),
      ],
      [
        '--diff without --dry-run',
        ['invoices', 'update', 'WJxbojagwO', '--field', 'public_notes=x', '--diff', '--yes'],
        /^Error: --diff shows what a dry run would change: add --dry-run\n$/,
      ],
      [
        '--add-line-item with a raw source',
        ['invoices', 'update', 'WJxbojagwO', '--add-line-item', 'cost=1', '--data', '{}', '--yes'],
        new RegExp(
          String.raw`^Error: --add-line-item and --remove-line-item edit the ` +
            String.raw`record's list: they cannot be mixed with a raw JSON source\n$`,
        ),
      ],
      [
        '--add-line-item with --line-item',
        ['invoices', 'update', 'WJxbojagwO', '--add-line-item', 'cost=1', '--line-item', 'cost=2', '--yes'],
        new RegExp(
          String.raw`^Error: the payload replaces every line item \(line_items\) while ` +
            String.raw`--add-line-item\/--remove-line-item edit them: use one or the other\n$`,
        ),
      ],
      [
        '--remove-contact 0',
        ['clients', 'update', 'VolejRejNm', '--remove-contact', '0', '--yes'],
        /^Error: Parsing --remove-contact; Expected an integer greater than or equal to 1/,
      ],
      [
        'a malformed --add-contact pair, named',
        ['vendors', 'update', 'VolejRejNm', '--add-contact', 'email', '--yes'],
        /^Error: --add-contact pair "email" is malformed: use key=value\n$/,
      ],
      [
        '--add-line-item on a family without line items',
        ['clients', 'update', 'VolejRejNm', '--add-line-item', 'cost=1', '--yes'],
        /^Error: --add-line-item is not a flag of cli clients update/,
      ],
    ]
    for (const [name, args, pattern] of cases) {
      it(`${name}: exit 2`, async () => {
        const r = await runCli(args, {env: suite.env})
        expectRun(r, {code: 2, stdout: ''})
        expect(r.stderr)
          .to.match(pattern)
          .and.not.match(/\n\s+at /)
      })
    }
  })

  it('no token configured: exit 4 before anything is sent', async () => {
    const r = await runCli(['clients', 'list'], {env: {CLI_BASE_URL: suite.up.url}})
    expect(r.code).to.equal(4)
    expect(r.stderr).to.equal('Error: no token configured: set CLI_API_TOKEN or run "cli auth login"\n')
  })
})
