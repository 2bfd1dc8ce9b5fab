/** The error model: one clear line on stderr, field errors of a 422, a JSON error document, the exit codes. */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

describe('upstream errors', () => {
  const suite = useUpstream()

  it('422: exit 1, the status and message, then each field error', async () => {
    const r = await runCli(['invoices', 'create', '--field', 'public_notes=x', '--yes'], {env: suite.env})
    expect(r.code).to.equal(1)
    expect(r.stdout).to.equal('')
    expect(r.stderr).to.equal('Error: upstream answered 422: The given data was invalid.\n  client_id: The client id field is required.\n')
    expect(suite.up.requests).to.have.length(1)
  })

  it('422 with --output json: also a JSON error document on stderr, stdout empty', async () => {
    // The local payload check would refuse contacts=x (exit 2): --no-validate lets the upstream answer.
    const r = await runCli(['clients', 'create', '--field', 'contacts=x', '--no-validate', '--yes', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(1)
    expect(r.stdout).to.equal('')
    const lines = r.stderr.trimEnd().split('\n')
    expect(lines.slice(0, 2)).to.deep.equal(['Error: upstream answered 422: The given data was invalid.', '  contacts: The contacts must be an array.'])
    expect(JSON.parse(lines[2])).to.deep.equal({error: {status: 422, message: 'The given data was invalid.', errors: {contacts: 'The contacts must be an array.'}, exit_code: 1}})
  })

  it('403 (unknown token): exit 4', async () => {
    const r = await runCli(['clients', 'list'], {env: {...suite.env, CLI_API_TOKEN: 'wrong-token'}})
    expect(r.code).to.equal(4)
    expect(r.stderr).to.equal('Error: upstream answered 403: Invalid token (check CLI_API_TOKEN or run "cli auth login")\n')
    expect(r.stderr).not.to.include('wrong-token')
  })

  it('401 (no permission): exit 4', async () => {
    const r = await runCli(['clients', 'show', 'VolejRejNm'], {env: {...suite.env, CLI_API_TOKEN: 'no-permission'}})
    expect(r.code).to.equal(4)
    expect(r.stderr).to.equal('Error: upstream answered 401: This action is unauthorized. (the token lacks permission for this record or action)\n')
  })

  it('400 unknown record: exit 1 with the upstream message', async () => {
    const r = await runCli(['clients', 'show', 'nope'], {env: suite.env})
    expect(r.code).to.equal(1)
    expect(r.stderr).to.match(/^Error: upstream answered 400: No query results for model \[App\\Models\\Client\]\.\n$/)
  })

  it('500 with {"error": ...} bodies', async () => {
    suite.up.fault({kind: 'status', status: 500, body: {error: 'Something broke'}})
    const r = await runCli(['clients', 'list'], {env: suite.env})
    expect(r.code).to.equal(1)
    expect(r.stderr).to.equal('Error: upstream answered 500: Something broke\n')
  })

  it('an HTML error page is summed up in one line, never dumped', async () => {
    suite.up.fault({kind: 'raw', status: 500, contentType: 'text/html', body: `<html><body>${'x'.repeat(5000)}</body></html>`})
    const r = await runCli(['clients', 'list'], {env: suite.env})
    expect(r.code).to.equal(1)
    expect(r.stderr).to.equal('Error: upstream answered 500: an HTML page (5026 bytes)\n')
  })

  it('a 200 that is not JSON: exit 1', async () => {
    suite.up.fault({kind: 'raw', status: 200, contentType: 'application/json', body: '{"data": ['})
    const r = await runCli(['clients', 'list', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(1)
    expect(r.stdout).to.equal('')
    expect(r.stderr).to.match(/^Error: upstream answered 200 with a body that is not JSON \(10 bytes\): check the base URL\n/)
  })

  it('a redirect is an error, never followed', async () => {
    suite.up.fault({kind: 'status', status: 302, headers: {Location: `${suite.up.url}/`}, body: {}})
    const r = await runCli(['clients', 'list'], {env: suite.env})
    expect(r.code).to.equal(1)
    expect(suite.up.requests).to.have.length(1)
  })

  it('network failure: exit 1 after the retries, one line naming the host, no stack trace', async () => {
    const r = await runCli(['clients', 'list', '--retries', '1'], {env: {...suite.env, CLI_BASE_URL: 'http://127.0.0.1:9', CLI_RETRY_WAIT_SCALE: '0'}})
    expect(r.code).to.equal(1)
    expect(r.stderr).to.equal(
      'retrying GET /api/v1/clients in 0s (retry 1 of 1): could not connect (ECONNREFUSED): nothing was sent\n' +
        'gave up after 1 retry\n' +
        'Error: could not complete the request to http://127.0.0.1:9: ECONNREFUSED. Check the base URL and your network\n',
    )
  })

  it('--debug adds the stack trace of the underlying error', async () => {
    const r = await runCli(['clients', 'list', '--debug', '--retries', '0'], {env: {...suite.env, CLI_BASE_URL: 'http://127.0.0.1:9'}})
    expect(r.code).to.equal(1)
    expect(r.stderr.split('\n')[0]).to.equal('Error: could not complete the request to http://127.0.0.1:9: ECONNREFUSED. Check the base URL and your network')
    expect(r.stderr).to.match(/\n\s+at /)
  })
})
