/** Refusals: the guardrail (exit 3) on every verb that changes records, and no token configured (exit 4). */
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useRefusalUpstream} from './guardrails-suite.js'

describe('refusals send nothing', () => {
  const suite = useRefusalUpstream()
  let file: string

  before(() => {
    file = join(mkdtempSync(join(tmpdir(), 'cli-g-')), 'a.txt')
    writeFileSync(file, 'x')
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
      expect(r.stderr).to.equal(
        'Error: clients bulk needs the records: --id ID (repeatable), or --filter NAME=VALUE / --status to select ' +
          'them\n',
      )
      expect(suite.up.requests).to.have.length(0)
    })
  })

  it('no token configured: exit 4 before anything is sent', async () => {
    const r = await runCli(['clients', 'list'], {env: {CLI_BASE_URL: suite.up.url}})
    expect(r.code).to.equal(4)
    expect(r.stderr).to.equal('Error: no token configured: set CLI_API_TOKEN or run "cli auth login"\n')
  })
})
