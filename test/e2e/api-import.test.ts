/** `cli api` (any route, never leaving the base URL) and `cli import csv` (preimport, then import). */
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('cli api and cli import csv', () => {
  const suite = useUpstream({env: {CLI_RETRY_WAIT_SCALE: '0.001'}})
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}${r.rawQuery ? `?${r.rawQuery}` : ''}`)

  describe('cli api METHOD PATH', () => {
    it("GET with --param: the CLI's headers, the upstream JSON unchanged", async () => {
      const r = await runCli(
        ['api', 'GET', 'clients', '--param', 'status=active', '--param', 'per_page=1', '-o', 'json'],
        {env: suite.env},
      )
      expect(r.code).to.equal(0)
      expect(JSON.parse(r.stdout).data).to.have.length(1)
      expect(sent()).to.deep.equal(['GET /api/v1/clients?status=active&per_page=1'])
      expect(suite.up.requests[0].headers).to.include({
        'x-api-token': suite.up.token,
        'x-requested-with': 'XMLHttpRequest',
        accept: 'application/json',
      })
    })

    it('/api/v1/... and a leading slash are the same path; HEAD reads and prints nothing on stdout', async () => {
      const r = await runCli(['api', 'head', '/api/v1/clients/VolejRejNm'], {env: suite.env})
      expect(r.code).to.equal(0)
      expect(r.stdout).to.equal('')
      expect(sent()).to.deep.equal(['HEAD /api/v1/clients/VolejRejNm'])
    })

    it('--all pages a GET list like list --all', async () => {
      suite.up.seed(
        'products',
        Array.from({length: 5}, (_, i) => ({product_key: `P${i}`})),
      )
      const r = await runCli(['api', 'GET', 'products', '--all', '--param', 'per_page=2', '-o', 'ndjson'], {
        env: suite.env,
      })
      expect(r.code).to.equal(0)
      expect(r.stdout.trim().split('\n')).to.have.length(5)
      expect(suite.up.requests.map((q) => q.query.page)).to.deep.equal(['1', '2', '3'])
    })

    it("a GET or HEAD on a record action's route runs the action: exit 3 without --yes, nothing sent; with --yes sent once", async () => {
      for (const args of [
        ['api', 'GET', 'invoices/WJxbojagwO/mark_paid'],
        ['api', 'HEAD', 'quotes/Xy9kqR2mLb/email'],
        ['api', 'GET', 'invoices/WJxbojagwO/clone_to_quote'],
      ]) {
        expectRun(await runCli(args, {env: suite.env}), {
          code: 3,
          stdout: '',
          stderr:
            'Error: api changes upstream records: pass --yes to confirm, or --dry-run to see the request without ' +
            'sending it\n',
        })
      }
      expectRun(await runCli(['api', 'GET', 'invoices/WJxbojagwO/mark_paid', '--all'], {env: suite.env}), {
        code: 2,
        stdout: '',
        stderr: 'Error: --all pages a GET list, not a record action\n',
      })
      expect(suite.up.requests).to.deep.equal([])
      const r = await runCli(['api', 'GET', 'invoices/WJxbojagwO/mark_paid', '--yes', '-o', 'json'], {env: suite.env})
      expect(r.code).to.equal(0)
      expect(sent()).to.deep.equal(['GET /api/v1/invoices/WJxbojagwO/mark_paid'])
      expect(suite.up.records('invoices').find((i) => i.id === 'WJxbojagwO')?.status_id).to.equal('4')
    })

    it('reads of the same shape need no --yes (download, edit); the password goes to users and purge routes only', async () => {
      const env = {...suite.env, CLI_API_PASSWORD: 'secret-pass'}
      expect((await runCli(['api', 'GET', 'invoices/WJxbojagwO/edit', '-o', 'json'], {env})).code).to.equal(0)
      expect((await runCli(['api', 'GET', 'users', '-o', 'json'], {env})).code).to.equal(0)
      const purge = await runCli(['api', 'POST', 'clients/VolejRejNm/purge', '--dry-run', '-o', 'json'], {env})
      expect(JSON.parse(purge.stdout).request.headers['X-API-PASSWORD']).to.equal('[REDACTED]')
      expect(sent()).to.deep.equal(['GET /api/v1/invoices/WJxbojagwO/edit', 'GET /api/v1/users'])
      expect(suite.up.requests.map((q) => q.headers['x-api-password'])).to.deep.equal([undefined, 'secret-pass'])
    })

    it('POST changes records: exit 3 without --yes (nothing sent); with --yes a body from --field, sent once even after a 503', async () => {
      const args = ['api', 'POST', 'invoices/bulk', '--field', 'action=mark_sent', '--field', 'ids.0=WJxbojagwO']
      expect((await runCli(args, {env: suite.env})).code).to.equal(3)
      expect(suite.up.requests).to.deep.equal([])
      suite.up.fault({kind: 'status', status: 503, method: 'POST'})
      const failed = await runCli([...args, '--yes'], {env: suite.env})
      expect(failed.code).to.equal(1)
      expect(failed.stderr).to.equal(
        'Error: upstream answered 503: Server Error; the change may have taken effect upstream: check before ' +
          'sending it again\n',
      )
      const ok = await runCli([...args, '--yes', '-o', 'json'], {env: suite.env})
      expect(ok.code).to.equal(0)
      expect(suite.up.requests.map((q) => q.json)).to.deep.equal(
        Array(2).fill({action: 'mark_sent', ids: ['WJxbojagwO']}),
      )
    })

    it('--dry-run shows PUT with its body and sends nothing', async () => {
      const r = await runCli(['api', 'PUT', 'clients/VolejRejNm', '--data', '{"private_notes":"VIP"}', '--dry-run'], {
        env: suite.env,
      })
      expect(r.code).to.equal(0)
      expect(r.stdout).to.equal(`PUT ${suite.up.url}/api/v1/clients/VolejRejNm\n{\n  "private_notes": "VIP"\n}\n`)
      expect(suite.up.requests).to.deep.equal([])
    })

    for (const [label, path] of [
      ['an absolute URL', 'https://evil.test/api/v1/clients'],
      ['//host', '//evil.test/clients'],
      ['..', 'clients/../../admin'],
      ['a query in the path', 'clients?x=1'],
      ['a fragment', 'clients#x'],
      ['an escaped slash', 'clients%2F..%2Fadmin'],
      ['an escaped dot pair', '%2e%2e/admin'],
    ]) {
      it(`a path with ${label}: exit 2, nothing sent`, async () => {
        const r = await runCli(['api', 'GET', path], {env: suite.env})
        expect(r.code).to.equal(2)
        expect(r.stderr).to.match(/^Error: path ".*" .*: give a path under \/api\/v1\/, e.g. invoices\/VolejRejNm\n$/)
        expect(suite.up.requests).to.deep.equal([])
      })
    }

    it('an unknown method, a body on GET, --all on POST: exit 2, nothing sent', async () => {
      expect((await runCli(['api', 'TRACE', 'clients'], {env: suite.env})).stderr).to.equal(
        'Error: method "TRACE" is not one of GET, HEAD, POST, PUT, PATCH, DELETE\n',
      )
      expect((await runCli(['api', 'GET', 'clients', '--field', 'a=1'], {env: suite.env})).stderr).to.equal(
        'Error: GET takes no body: drop --data, --data-file, --stdin and --field\n',
      )
      expect((await runCli(['api', 'POST', 'clients', '--all', '--yes'], {env: suite.env})).stderr).to.equal(
        'Error: --all pages a GET list, not a POST\n',
      )
      expect(suite.up.requests).to.deep.equal([])
    })
  })

  describe('cli import csv', () => {
    const csv = (text: string): string => {
      const file = join(mkdtempSync(join(tmpdir(), 'cli-import-')), 'clients.csv')
      writeFileSync(file, text)
      return file
    }

    it('without --yes: uploads nothing and prints the mapping it would use', async () => {
      const file = csv('Name,Email,Phone,Shoe Size\nInitech,bill@initech.test,555,44\n')
      const r = await runCli(['import', 'csv', '--entity', 'clients', '--file', file, '-o', 'json'], {env: suite.env})
      expect(r.code).to.equal(0)
      expect(JSON.parse(r.stdout)).to.deep.equal({
        entity: 'client',
        rows: 1,
        mapping: {Name: 'client.name', Email: 'contact.email', Phone: 'client.phone'},
        unmapped: ['Shoe Size'],
        uploaded: false,
      })
      expect(suite.up.requests).to.deep.equal([])
    })

    it("with --yes: POST /preimport (the file), then POST /import with the map checked against the server's fields", async () => {
      const file = csv('Company,Email,Shoe Size\nInitech,bill@initech.test,44\nHooli,gavin@hooli.test,45\n')
      const r = await runCli(
        ['import', 'csv', '--entity', 'clients', '--file', file, '--map', 'Company=client.name', '--yes', '-o', 'json'],
        {env: suite.env},
      )
      expect(r.code).to.equal(0)
      expect(r.stderr).to.equal(
        'Warning: column "Shoe Size" matches no field the server imports for clients: skipped (--map "Shoe ' +
          'Size=field" maps it)\n',
      )
      expect(JSON.parse(r.stdout)).to.deep.equal({message: 'Import started'})
      expect(sent()).to.deep.equal(['POST /api/v1/preimport', 'POST /api/v1/import'])
      const parts = suite.up.requests[0].parts!
      expect(parts.map((p) => p.name)).to.deep.equal(['import_type', 'files[client]'])
      const body = suite.up.requests[1].json as Record<string, unknown>
      expect(body).to.deep.include({
        import_type: 'csv',
        entity_type: 'client',
        skip_header: true,
        column_map: {client: {mapping: {0: 'client.name', 1: 'contact.email'}}},
      })
      expect(suite.up.records('clients').map((c) => c.name)).to.include.members(['Initech', 'Hooli'])
    })

    it('a malformed CSV: exit 2 naming the line, nothing uploaded (even with --yes)', async () => {
      const cases: Array<[string, string]> = [
        [
          'Name,Email\nInitech,bill@initech.test,extra\n',
          'line 2: 3 fields, but the header has 2. Quote a value that holds a comma',
        ],
        ['Name,Email\nA,a@x.test\n"Unclosed,b@x.test\n', 'line 3: a quoted value is never closed'],
        [
          'Name,Email\nIni"tech,b@x.test\n',
          'line 2: a quote inside an unquoted value: quote the whole value and double the quote ("")',
        ],
      ]
      for (const [text, message] of cases) {
        const file = csv(text)
        const r = await runCli(['import', 'csv', '--entity', 'clients', '--file', file, '--yes'], {env: suite.env})
        expect(r.code).to.equal(2)
        expect(r.stderr).to.equal(`Error: --file ${file} ${message}\n`)
      }
      expect(suite.up.requests).to.deep.equal([])
    })

    it('--map naming a column the file lacks, or an unknown entity: exit 2, nothing sent', async () => {
      const file = csv('Name\nA\n')
      expect(
        (
          await runCli(['import', 'csv', '--entity', 'clients', '--file', file, '--map', 'Firm=client.name'], {
            env: suite.env,
          })
        ).stderr,
      ).to.equal('Error: --map names column "Firm", which the CSV header does not have (Name)\n')
      expect((await runCli(['import', 'csv', '--entity', 'widgets', '--file', file], {env: suite.env})).code).to.equal(
        2,
      )
      expect(suite.up.requests).to.deep.equal([])
    })
  })
})
