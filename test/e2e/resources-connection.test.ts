/** What reaches the upstream with each request: the password on protected routes only, and the base URL. */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useResourceUpstream} from './resources-suite.js'

describe('resource commands against the stand-in upstream', () => {
  const {suite, only} = useResourceUpstream()

  it('users: X-API-PASSWORD from CLI_API_PASSWORD; without it the 412 says what to do', async () => {
    const ok = await runCli(['users', 'list', '--output', 'json'], {
      env: {...suite.env, CLI_API_PASSWORD: 'secret-pass'},
    })
    expect(ok.code).to.equal(0)
    expect(suite.up.requests[0].headers['x-api-password']).to.equal('secret-pass')
    const no = await runCli(['users', 'list'], {env: suite.env})
    expect(no.code).to.equal(1)
    expect(no.stderr).to.equal(
      'Error: upstream answered 412: Invalid Password (this route is password-protected: CLI_API_PASSWORD is not ' +
        'set, or not the account password)\n',
    )
    const wrong = await runCli(['users', 'list'], {env: {...suite.env, CLI_API_PASSWORD: 'not-it'}})
    expect(wrong.stderr).to.equal(no.stderr)
    expect(wrong.stderr).not.to.include('not-it')
    const other = await runCli(['clients', 'list', '--output', 'json'], {
      env: {...suite.env, CLI_API_PASSWORD: 'secret-pass'},
    })
    expect(other.code).to.equal(0)
    expect(suite.up.requests[3].headers['x-api-password'], 'the password goes only to protected routes').to.equal(
      undefined,
    )
  })

  it('a base URL that already ends in /api/v1 is not doubled', async () => {
    const r = await runCli(['clients', 'show', 'VolejRejNm', '--output', 'json'], {
      env: {...suite.env, CLI_BASE_URL: `${suite.up.url}/api/v1/`},
    })
    expect(r.code).to.equal(0)
    expect(only().path).to.equal('/api/v1/clients/VolejRejNm')
  })

  it('--base-url wins over CLI_BASE_URL', async () => {
    const r = await runCli(['clients', 'show', 'VolejRejNm', '--base-url', suite.up.url, '--output', 'json'], {
      env: {...suite.env, CLI_BASE_URL: 'http://127.0.0.1:9'},
    })
    expect(r.code).to.equal(0)
    expect(suite.up.requests).to.have.length(1)
  })
})
