/** The error model: one clear line on stderr, field errors of a 422, a JSON error document, the exit codes. */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('upstream errors', () => {
  const suite = useUpstream()

  it('422: exit 1, the status and message, then each field error', async () => {
    // The local check refuses a create without client_id (exit 2): --no-validate lets the upstream answer.
    const r = await runCli(['invoices', 'create', '--field', 'public_notes=x', '--no-validate', '--yes'], {
      env: suite.env,
    })
    expect(r.code).to.equal(1)
    expect(r.stdout).to.equal('')
    expect(r.stderr).to.equal(
      'Error: upstream answered 422: The given data was invalid.\n  client_id: The client id field is required.\n',
    )
    expect(suite.up.requests).to.have.length(1)
  })

  it('422 with --output json: also a JSON error document on stderr, stdout empty', async () => {
    // The local payload check would refuse contacts=x (exit 2): --no-validate lets the upstream answer.
    const r = await runCli(
      ['clients', 'create', '--field', 'contacts=x', '--no-validate', '--yes', '--output', 'json'],
      {env: suite.env},
    )
    expect(r.code).to.equal(1)
    expect(r.stdout).to.equal('')
    const lines = r.stderr.trimEnd().split('\n')
    expect(lines.slice(0, 2)).to.deep.equal([
      'Error: upstream answered 422: The given data was invalid.',
      '  contacts: The contacts must be an array.',
    ])
    expect(JSON.parse(lines[2])).to.deep.equal({
      error: {
        status: 422,
        message: 'The given data was invalid.',
        errors: {contacts: 'The contacts must be an array.'},
        exit_code: 1,
      },
    })
  })

  it('403 (unknown token): exit 4', async () => {
    const r = await runCli(['clients', 'list'], {env: {...suite.env, CLI_API_TOKEN: 'wrong-token'}})
    expect(r.code).to.equal(4)
    expect(r.stderr).to.equal(
      'Error: upstream answered 403: Invalid token (check CLI_API_TOKEN or run "cli auth login")\n',
    )
    expect(r.stderr).not.to.include('wrong-token')
  })

  it('a redirect is not followed (the token stays here): exit 1, the base URL to check', async () => {
    suite.up.fault({
      kind: 'raw',
      status: 302,
      contentType: 'text/html',
      body: '',
      headers: {location: 'https://login.example/'},
    })
    const r = await runCli(['clients', 'list'], {env: suite.env})
    expectRun(r, {
      code: 1,
      stdout: '',
      stderr:
        'Error: upstream answered 302: an empty answer (a redirect: check that the base URL is the server root, ' +
        'e.g. https://invoicing.co, not a web page)\n',
    })
    expect(suite.up.requests.map((q) => q.path)).to.deep.equal(['/api/v1/clients'])
  })

  it('401 (no permission): exit 4', async () => {
    const r = await runCli(['clients', 'show', 'VolejRejNm'], {env: {...suite.env, CLI_API_TOKEN: 'no-permission'}})
    expect(r.code).to.equal(4)
    expect(r.stderr).to.equal(
      'Error: upstream answered 401: This action is unauthorized. (the token lacks permission for this record or ' +
        'action)\n',
    )
  })

  it('400 unknown record: exit 1, one line naming the family and the id', async () => {
    const r = await runCli(['clients', 'show', 'Nope000000'], {env: suite.env})
    expect(r.code).to.equal(1)
    expect(r.stdout).to.equal('')
    expect(r.stderr).to.equal(
      'Error: clients Nope000000 not found: the upstream has no such record (or it belongs to another company)\n',
    )
    const json = await runCli(
      ['invoices', 'update', 'Nope000000', '--field', 'public_notes=x', '--yes', '-o', 'json'],
      {
        env: suite.env,
      },
    )
    expect(json.code).to.equal(1)
    expect(json.stderr).to.equal(
      'Error: invoices Nope000000 not found: the upstream has no such record (or it belongs to another company)\n' +
        '{"error":{"status":400,"message":"No query results for model [App\\\\Models\\\\Invoice].","exit_code":1}}\n',
    )
    // An id the server has no record of may be a name or number of 10 letters: looked up once (records-by-key).
    expect(suite.up.requests.map((q) => `${q.method} ${q.path}?${q.rawQuery}`)).to.deep.equal([
      'GET /api/v1/clients/Nope000000?',
      'GET /api/v1/clients?per_page=100&filter=Nope000000',
      // The update reads its record first (the journal keeps it): that read finds none, so nothing is sent.
      'GET /api/v1/invoices/Nope000000?',
      'GET /api/v1/invoices?per_page=100&number=Nope000000&include=client',
    ])
  })

  it('500 with {"error": ...} bodies', async () => {
    suite.up.fault({kind: 'status', status: 500, body: {error: 'Something broke'}})
    const r = await runCli(['clients', 'list'], {env: suite.env})
    expect(r.code).to.equal(1)
    expect(r.stderr).to.equal('Error: upstream answered 500: Something broke\n')
  })

  it('an HTML error page is summed up in one line, never dumped', async () => {
    suite.up.fault({
      kind: 'raw',
      status: 500,
      contentType: 'text/html',
      body: `<html><body>${'x'.repeat(5000)}</body></html>`,
    })
    const r = await runCli(['clients', 'list'], {env: suite.env})
    expect(r.code).to.equal(1)
    expect(r.stderr).to.equal('Error: upstream answered 500: an HTML page (5026 bytes)\n')
  })

  it('a 200 that is not JSON: exit 1', async () => {
    suite.up.fault({kind: 'raw', status: 200, contentType: 'application/json', body: '{"data": ['})
    const r = await runCli(['clients', 'list', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(1)
    expect(r.stdout).to.equal('')
    expect(r.stderr).to.match(
      /^Error: upstream answered 200 with a body that is not JSON \(10 bytes\): check the base URL\n/,
    )
  })

  it('a redirect is an error, never followed', async () => {
    suite.up.fault({kind: 'status', status: 302, headers: {Location: `${suite.up.url}/`}, body: {}})
    const r = await runCli(['clients', 'list'], {env: suite.env})
    expect(r.code).to.equal(1)
    expect(suite.up.requests).to.have.length(1)
  })

  it('connection refused: one retry after 0.25 s at most, then one line naming the base URL and how to fix it, no stack trace', async () => {
    for (const args of [
      ['clients', 'list'],
      ['clients', 'create', '--name', 'X', '--yes'],
    ]) {
      const r = await runCli(args, {env: {...suite.env, CLI_BASE_URL: 'http://127.0.0.1:9'}})
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(
        `retrying ${args[1] === 'list' ? 'GET' : 'POST'} /api/v1/clients in 0.25s (retry 1 of 1): could not ` +
          `connect (ECONNREFUSED): nothing was sent\n` +
          'Error: could not connect to http://127.0.0.1:9: nothing is listening there (ECONNREFUSED). Check the ' +
          'base URL and its port (--base-url, CLI_BASE_URL or the profile)\n',
      )
    }
  })

  it('--debug adds the stack trace of the underlying error', async () => {
    const r = await runCli(['clients', 'list', '--debug', '--retries', '0'], {
      env: {...suite.env, CLI_BASE_URL: 'http://127.0.0.1:9'},
    })
    expect(r.code).to.equal(1)
    expect(r.stderr.split('\n')[0]).to.equal(
      'Error: could not connect to http://127.0.0.1:9: nothing is listening there (ECONNREFUSED). Check the base ' +
        'URL and its port (--base-url, CLI_BASE_URL or the profile)',
    )
    expect(r.stderr).to.match(/\n\s+at /)
  })
})
