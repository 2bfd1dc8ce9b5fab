/**
 * SIGHUP (issue 14): the terminal went away (a dropped ssh session, a closed window). Like Ctrl-C
 * and SIGTERM (faults-signals.test.ts): stop at once, exit 128 + 1 = 129, one line, and no partial or
 * temporary file left behind.
 */
import {existsSync, mkdtempSync, readdirSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'

import {expect} from 'chai'

import {ExitCode} from '../../packages/core/src/errors.js'
import {startCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (check()) return
    await sleep(10)
  }
  throw new Error(`timed out waiting for ${what}`)
}

describe('signals: SIGHUP', function () {
  this.timeout(20_000)
  const s = useUpstream()

  it('during a download: exit 129, one line, no partial file and no temporary file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-hup-'))
    const out = join(dir, 'q.pdf')
    s.up.fault({kind: 'stall', path: '/api/v1/quote/', contentType: 'application/pdf'})
    const {child, result} = startCli(['quotes', 'download', 'quokey0001acmeQ7fK2mW9xR4tB8nL3p', '--output-file', out], {
      env: s.env,
    })
    await until(() => readdirSync(dir).length === 1, 'the temporary file')
    expect(readdirSync(dir)[0]).to.match(/^\.q\.pdf\.\d+\.part$/)
    child.kill('SIGHUP')
    const r = await result
    expect([r.code, r.stderr, r.stdout]).to.deep.equal([129, 'Error: hung up (SIGHUP: the terminal went away)\n', ''])
    expect(readdirSync(dir)).to.deep.equal([])
    expect(existsSync(out)).to.equal(false)
    expect(s.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal([
      'GET /api/v1/quote/quokey0001acmeQ7fK2mW9xR4tB8nL3p/download',
    ])
  })

  it('129 is the documented ExitCode.hangup', () => {
    expect(ExitCode.hangup).to.equal(129)
  })
})
