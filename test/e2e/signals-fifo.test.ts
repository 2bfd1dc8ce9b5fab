/**
 * A FIFO nobody writes to, named by --data-file: opening it blocks one of Node's worker threads, and Node's exit
 * waits for that thread. SIGTERM and Ctrl-C still end the command at once, with their exit codes, nothing sent.
 */
import {execFileSync} from 'node:child_process'
import {mkdtempSync, readdirSync, readFileSync} from 'node:fs'
import {arch, tmpdir} from 'node:os'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'

import {expect} from 'chai'

import {startCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

/** The openat system call's number, by architecture: a thread blocked in it shows it in /proc. */
const OPENAT: Record<string, string> = {x64: '257', arm64: '56'}

/** Whether a thread of the process is inside openat (blocked on the FIFO). */
function blockedInOpen(pid: number): boolean {
  try {
    return readdirSync(`/proc/${pid}/task`).some((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/syscall`, 'utf8').startsWith(`${OPENAT[arch()]} `),
    )
  } catch {
    return false
  }
}

describe('signals: a FIFO nobody writes to', function () {
  this.timeout(30_000)
  const s = useUpstream()
  before(function () {
    if (process.platform !== 'linux' || !OPENAT[arch()]) this.skip()
  })

  for (const [signal, code, line] of [
    ['SIGTERM', 143, 'Error: terminated (SIGTERM)\n'],
    ['SIGINT', 130, 'Error: interrupted (Ctrl-C)\n'],
  ] as const) {
    it(`--data-file FIFO, ${signal}: exit ${code} promptly, one line, nothing sent`, async () => {
      const fifo = join(mkdtempSync(join(tmpdir(), 'cli-fifo-')), 'data.json')
      execFileSync('mkfifo', [fifo])
      const {child, result} = startCli(['clients', 'create', '--data-file', fifo, '--yes'], {env: s.env})
      for (let i = 0; i < 1000 && !blockedInOpen(child.pid!); i++) await sleep(10)
      expect(blockedInOpen(child.pid!), 'blocked opening the FIFO').to.equal(true)
      const sent = Date.now()
      child.kill(signal)
      const r = await result
      expect([r.code, r.stdout, r.stderr]).to.deep.equal([code, '', line])
      expect(Date.now() - sent).to.be.below(5000)
      expect(s.up.requests).to.deep.equal([])
    })
  }
})
