/**
 * Ctrl-C and SIGTERM stop at once (exit 130, 143), one line, and
 * leave no partial or temporary file (SIGHUP: signals.test.ts).
 */
import {existsSync, mkdtempSync, readdirSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'

import {expect} from 'chai'

import {startCli, upstreamEnv} from '../support/cli.js'
import {env, up, useFaultUpstream} from './faults-suite.js'

/** Polls until `check` holds (a few seconds at most). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return
    await sleep(10)
  }
  throw new Error(`timed out waiting for ${what}`)
}

describe('faults: retries that never duplicate, timeouts, broken transfers, Ctrl-C', () => {
  useFaultUpstream()

  describe('Ctrl-C (SIGINT)', () => {
    it('stops a hanging request at once: exit 130', async () => {
      up.fault({kind: 'hang'})
      const {child, result} = startCli(['clients', 'list'], {env})
      await until(() => up.requests.length === 1, 'the request')
      child.kill('SIGINT')
      const r = await result
      expect(r.code).to.equal(130)
      expect(r.stderr).to.equal('Error: interrupted (Ctrl-C)\n')
    })

    it('stops a retry wait at once (a 429 would wait a minute)', async () => {
      up.fault({kind: 'status', status: 429})
      const {child, result} = startCli(['clients', 'list'], {env: upstreamEnv(up)})
      await until(() => up.requests.length === 1, 'the request')
      await sleep(100)
      child.kill('SIGINT')
      const r = await result
      expect(r.code).to.equal(130)
      expect(r.stderr).to.match(
        new RegExp(
          String.raw`^retrying GET \/api\/v1\/clients in 6\d(\.\d+)?s \(retry ` +
            String.raw`1 of 3\): rate limited .*\nError: interrupted \(Ctrl-C\)\n$`,
        ),
      )
    })

    it('during a download leaves no partial file and no temporary file', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-fault-'))
      const out = join(dir, 'q.pdf')
      up.fault({kind: 'stall', path: '/api/v1/quote/', contentType: 'application/pdf'})
      const {child, result} = startCli(
        ['quotes', 'download', 'quokey0001acmeQ7fK2mW9xR4tB8nL3p', '--output-file', out, '--output', 'json'],
        {env},
      )
      await until(() => readdirSync(dir).length === 1, 'the temporary file')
      expect(readdirSync(dir)[0]).to.match(/^\.q\.pdf\.\d+\.part$/)
      child.kill('SIGINT')
      const r = await result
      expect(r.code).to.equal(130)
      expect(r.stderr).to.equal(
        'Error: interrupted (Ctrl-C)\n{"error":{"message":"interrupted (Ctrl-C)","exit_code":130}}\n',
      )
      expect(readdirSync(dir)).to.deep.equal([])
      expect(existsSync(out)).to.equal(false)
    })
  })

  describe('SIGTERM (a timeout, a cancelled job)', () => {
    it('during a download: exit 143, one line, no partial file and no temporary file', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-fault-'))
      const out = join(dir, 'q.pdf')
      up.fault({kind: 'stall', path: '/api/v1/quote/', contentType: 'application/pdf'})
      const {child, result} = startCli(
        ['quotes', 'download', 'quokey0001acmeQ7fK2mW9xR4tB8nL3p', '--output-file', out],
        {env},
      )
      await until(() => readdirSync(dir).length === 1, 'the temporary file')
      child.kill('SIGTERM')
      const r = await result
      expect(r.code).to.equal(143)
      expect(r.stderr).to.equal('Error: terminated (SIGTERM)\n')
      expect(r.stdout).to.equal('')
      expect(readdirSync(dir)).to.deep.equal([])
      expect(up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal([
        'GET /api/v1/quote/quokey0001acmeQ7fK2mW9xR4tB8nL3p/download',
      ])
    })
  })
})
