/** Refusals: the payload and flag rules (exit 2), each one plain line without a stack trace. */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useRefusalUpstream} from './guardrails-suite.js'

describe('refusals send nothing', () => {
  const suite = useRefusalUpstream()

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
        ['group-settings', 'show', '..'],
        /^Error: id "\.\." is not valid: use only letters, digits, - and _ \(upstream ids look like VolejRejNm\)\n$/,
      ],
      [
        'an unknown flag',
        ['clients', 'list', '--bogus'],
        new RegExp(
          String.raw`^Error: --bogus is not a flag of cli clients list; its flags: --page, --per-page, --filter, .*, ` +
            String.raw`--no-validate, and the global ones \(see --help\)\n$`,
        ),
      ],
      [
        'a mistyped flag',
        ['invoices', 'list', '--per-pag', '5'],
        /^Error: --per-pag is not a flag of cli invoices list; did you mean --per-page\? \(see --help\)\n$/,
      ],
      ['--page below 1', ['clients', 'list', '--page', '0', '--all'], /^Error: Parsing --page; Expected an integer/],
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
})
