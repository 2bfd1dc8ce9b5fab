/**
 * A reader that stops early (`cli clients list --all -o ndjson | head -1`): the CLI ends quietly
 * with exit 0, the same on the fast path and through oclif, and fetches no further page.
 */
import {spawn} from 'node:child_process'

import {expect} from 'chai'

import {baseEnv, BIN, makeHome} from '../support/cli.js'
import {seedStaticsCache} from '../support/statics-cache.js'
import {useUpstream} from '../support/upstream-suite.js'

/** Runs the CLI with a stdout reader that closes the pipe after the first line, like `head -1`. */
function firstLineOnly(
  args: string[],
  env: Record<string, string>,
): Promise<{code: number | null; firstLine: string; stderr: string}> {
  const home = makeHome()
  seedStaticsCache(home.home, args, {...baseEnv(home.home), ...env})
  const child = spawn(process.execPath, [BIN, ...args], {
    env: {...baseEnv(home.home), ...env},
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let stderr = ''
  child.stdout.on('data', (c: Buffer) => {
    out += c
    if (out.includes('\n')) child.stdout.destroy()
  })
  child.stderr.on('data', (c: Buffer) => (stderr += c))
  return new Promise((resolve) => {
    child.on('close', (code) => {
      home.cleanup()
      resolve({code, firstLine: out.split('\n')[0], stderr})
    })
  })
}

describe('a closed stdout (EPIPE)', () => {
  // 40 pages of 100, each answered after 20 ms: the listing is still running when the reader stops.
  const suite = useUpstream({latencyMs: 20})
  beforeEach(() =>
    suite.up.seed(
      'clients',
      Array.from({length: 4000}, (_, i) => ({name: `Client ${i}`})),
    ),
  )

  for (const [path, extra] of [
    ['the fast path', {}],
    ['oclif', {CLI_FAST_PATH: '0'}],
  ] as const) {
    it(`--all -o ndjson | head -1 on ${path}: exit 0, no trace, no further pages fetched`, async () => {
      const r = await firstLineOnly(['clients', 'list', '--all', '--per-page', '100', '-o', 'ndjson'], {
        ...suite.env,
        ...extra,
      })
      expect(r.stderr).to.equal('')
      expect(r.code).to.equal(0)
      expect(JSON.parse(r.firstLine).name).to.equal('Client 0')
      const requested = suite.up.requests.length
      expect(requested).to.be.below(12)
      // Nothing more arrives after the command ended: in-flight requests died with it.
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(suite.up.requests.length).to.equal(requested)
    })
  }

  it('a one-page csv answer cut short: exit 0, nothing on stderr', async () => {
    const r = await firstLineOnly(['clients', 'list', '--per-page', '4000', '-o', 'csv'], suite.env)
    expect(r.stderr).to.equal('')
    expect(r.code).to.equal(0)
    expect(r.firstLine).to.equal('id,record_state,number,name,balance,paid_to_date,updated_at\r')
    expect(suite.up.requests).to.have.length(1)
  })
})
