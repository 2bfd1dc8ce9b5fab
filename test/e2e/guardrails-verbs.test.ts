/** Refusals: unsupported verbs are rejected locally (exit 2), naming the family, the verb and what it supports. */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useRefusalUpstream} from './guardrails-suite.js'

describe('refusals send nothing', () => {
  const suite = useRefusalUpstream()

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
})
