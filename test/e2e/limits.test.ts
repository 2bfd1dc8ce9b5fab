/**
 * Bounded time and size against a hostile upstream: an answer that never ends, an error page that
 * never ends, a body that drips one byte at a time. Each ends in one line and exit 1, and a
 * download leaves no file. Wall times are kept (`timed`): without the caps these runs never end.
 */
import {spawn} from 'node:child_process'
import {existsSync, mkdtempSync, openSync, readdirSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {baseEnv, BIN, makeHome, runCli, timed} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

/** The sandbox quote's invitation key (32 characters, as the server makes them). */
const QUOTE_KEY = 'quokey0001acmeQ7fK2mW9xR4tB8nL3p'

describe('limits: a size cap and a whole-request timeout', () => {
  const suite = useUpstream({env: {CLI_RETRY_WAIT_SCALE: '0.001'}})
  const capped = () => ({...suite.env, CLI_MAX_RESPONSE_MB: '1'})
  const sent = () => suite.up.requests.map((r) => `${r.method} ${r.path}`)

  describe('an answer larger than CLI_MAX_RESPONSE_MB', () => {
    it('a body that never ends: exit 1, one line, read only up to the cap, not retried', async () => {
      suite.up.fault({kind: 'endless', method: 'GET', path: '/api/v1/clients'})
      const r = await runCli(['clients', 'list'], {env: capped()})
      expect(r.code).to.equal(1)
      expect(r.stdout).to.equal('')
      expect(r.stderr).to.equal(
        `Error: the answer from ${suite.up.url} is larger than 1 MB: ask for less (--per-page, --filter), or ` +
          `raise CLI_MAX_RESPONSE_MB\n`,
      )
      expect(sent()).to.deep.equal(['GET /api/v1/clients'])
    })

    it('a declared Content-Length over the cap fails before the body is read', async () => {
      const body = JSON.stringify({data: [{id: 'x', name: 'y'.repeat(1024 * 1024)}]})
      suite.up.fault({kind: 'raw', method: 'GET', status: 200, contentType: 'application/json', body})
      const r = await runCli(['clients', 'list'], {env: capped()})
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(
        `Error: the answer from ${suite.up.url} is larger than 1 MB: ask for less (--per-page, --filter), or ` +
          `raise CLI_MAX_RESPONSE_MB\n`,
      )
      const ok = await runCli(['clients', 'list', '--output', 'json'], {env: {...suite.env, CLI_MAX_RESPONSE_MB: '2'}})
      expect(ok.code).to.equal(0)
    })

    it('an error page that never ends: exit 1, one line (a POST adds that it may have taken effect)', async () => {
      suite.up.fault({kind: 'endless', method: 'POST', status: 500, contentType: 'text/html'})
      const r = await runCli(['clients', 'create', '--name', 'X', '--yes'], {env: capped()})
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(
        `Error: the answer from ${suite.up.url} is larger than 1 MB: ask for less (--per-page, --filter), or ` +
          `raise CLI_MAX_RESPONSE_MB; the change may have taken effect upstream: check with "cli clients list ` +
          `--sort 'id|desc' --per-page 5" before sending it again\n`,
      )
      expect(sent()).to.deep.equal(['POST /api/v1/clients'])
    })

    it('a download that never ends: exit 1, no file and no temporary file left', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-limit-'))
      suite.up.fault({kind: 'endless', path: '/api/v1/quote/', contentType: 'application/pdf'})
      const r = await runCli(['quotes', 'download', QUOTE_KEY, '--output-file', join(dir, 'q.pdf')], {
        env: capped(),
      })
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(
        `Error: the answer from ${suite.up.url} is larger than 1 MB: for a larger file raise CLI_MAX_RESPONSE_MB\n`,
      )
      expect(readdirSync(dir)).to.deep.equal([])
      expect(sent()).to.deep.equal(['GET /api/v1/quote/quokey0001acmeQ7fK2mW9xR4tB8nL3p/download'])
    })

    it('a bad CLI_MAX_RESPONSE_MB is a usage error: exit 2, nothing sent', async () => {
      const r = await runCli(['clients', 'list'], {env: {...suite.env, CLI_MAX_RESPONSE_MB: 'lots'}})
      expect(r.code).to.equal(2)
      expect(r.stderr).to.equal('Error: CLI_MAX_RESPONSE_MB must be a number of megabytes above 0, got "lots"\n')
      expect(suite.up.requests).to.have.length(0)
    })
  })

  describe('--timeout bounds the whole request, to the last byte', () => {
    it('one byte every 300 ms: ends at --timeout with one line, exit 1, sent once', async () => {
      suite.up.fault({kind: 'drip', everyMs: 300, method: 'GET', path: '/api/v1/clients'})
      const r = await timed(runCli(['clients', 'list', '--timeout', '1'], {env: suite.env}))
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(`Error: the answer from ${suite.up.url} did not finish within 1s (--timeout)\n`)
      expect(r.ms).to.be.below(5000)
      expect(sent()).to.deep.equal(['GET /api/v1/clients'])
    })

    it('a dripping download ends at --timeout and says to raise it for a large file; no file left', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cli-limit-'))
      suite.up.fault({kind: 'drip', everyMs: 300, path: '/api/v1/quote/', contentType: 'application/pdf'})
      const r = await timed(
        runCli(['quotes', 'download', QUOTE_KEY, '--output-file', join(dir, 'q.pdf'), '--timeout', '1'], {
          env: suite.env,
        }),
      )
      expect(r.code).to.equal(1)
      expect(r.stderr).to.equal(
        `Error: the download from ${suite.up.url} did not finish within 1s (--timeout): for a large file, raise ` +
          `--timeout\n`,
      )
      expect(r.ms).to.be.below(5000)
      expect(readdirSync(dir)).to.deep.equal([])
    })
  })

  describe('standard input', () => {
    it('auth login </dev/zero stops reading at 64 KB: exit 2, one line, nothing sent, nothing saved', async () => {
      const home = makeHome()
      const zero = openSync('/dev/zero', 'r')
      const child = spawn(process.execPath, [BIN, 'auth', 'login', '--base-url', suite.up.url], {
        env: baseEnv(home.home),
        stdio: [zero, 'pipe', 'pipe'],
      })
      let stderr = ''
      child.stderr!.on('data', (c: Buffer) => (stderr += c))
      child.stdout!.resume()
      // Without the cap the child would read /dev/zero until memory runs out: stop it after a while.
      const guard = setTimeout(() => child.kill('SIGKILL'), 5000)
      const code = await new Promise((resolve) => child.on('close', resolve)).finally(() => clearTimeout(guard))
      expect(code).to.equal(2)
      expect(stderr).to.equal(
        'Error: standard input holds more than 64 KB: pipe only the token (printf %s "$TOKEN" | cli auth login)\n',
      )
      expect(suite.up.requests).to.have.length(0)
      expect(existsSync(join(home.configDir, 'config.json'))).to.equal(false)
      home.cleanup()
    })
  })
})
