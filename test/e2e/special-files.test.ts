/**
 * --output-file onto something that is not a regular file (issue 14): a FIFO, a character device
 * or /dev/fd/N is written into directly, with or without --force; it is never replaced by a
 * regular file, and no temporary file is made beside it. Regular files keep the atomic rename.
 */
import {execFileSync, spawn} from 'node:child_process'
import {mkdtempSync, readdirSync, statSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {fakePdf} from '../support/upstream.js'
import {runOnTty} from '../support/tty.js'
import {useUpstream} from '../support/upstream-suite.js'

const KEY = 'quokey0001acmeQ7fK2mW9xR4tB8nL3p'

/**
 * Reads a FIFO with `cat` until its writer closes it. `result()` waits up to 2 s after the CLI is
 * done: a CLI that never opened the FIFO (or replaced it) would leave the reader blocked forever.
 */
function drain(path: string): {result: () => Promise<Buffer>} {
  const cat = spawn('cat', [path], {stdio: ['ignore', 'pipe', 'ignore']})
  const chunks: Buffer[] = []
  cat.stdout.on('data', (c: Buffer) => chunks.push(c))
  const closed = new Promise<void>((resolve) => cat.on('close', () => resolve()))
  return {
    async result() {
      const timer = setTimeout(() => cat.kill(), 2000)
      await closed
      clearTimeout(timer)
      return Buffer.concat(chunks)
    },
  }
}

describe('files: FIFOs, devices and /dev/fd as --output-file', function () {
  this.timeout(30_000)
  const suite = useUpstream()
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cli-special-'))
  })

  for (const force of [false, true]) {
    it(`a FIFO${force ? ' with --force' : ''}: the PDF goes through it, and it stays a FIFO with nothing beside it`, async () => {
      const fifo = join(dir, 'pipe')
      execFileSync('mkfifo', [fifo])
      const reader = drain(fifo)
      const r = await runCli(['quotes', 'download', KEY, '--output-file', fifo, ...(force ? ['--force'] : [])], {
        env: suite.env,
      })
      const read = await reader.result()
      expect([r.code, r.stderr]).to.deep.equal([0, `saved ${fifo}\n`])
      expect(read.equals(fakePdf(KEY))).to.equal(true)
      expect(statSync(fifo).isFIFO()).to.equal(true)
      expect(readdirSync(dir)).to.deep.equal(['pipe'])
      expect(suite.up.requests).to.have.length(1)
    })
  }

  it('/dev/null with --force: written into, still a character device afterwards', async () => {
    const before = statSync('/dev/null')
    const r = await runCli(['quotes', 'download', KEY, '--output-file', '/dev/null', '--force'], {env: suite.env})
    expect([r.code, r.stderr]).to.deep.equal([0, 'saved /dev/null\n'])
    const after = statSync('/dev/null')
    expect(after.isCharacterDevice()).to.equal(true)
    expect([after.ino, after.rdev]).to.deep.equal([before.ino, before.rdev])
  })

  it('a character device of our own (mknod, as root) with --force: never replaced by a regular file', async function () {
    if (process.getuid?.() !== 0) this.skip() // mknod needs root; /dev/null above covers everyone
    const device = join(dir, 'null')
    execFileSync('mknod', ['-m', '666', device, 'c', '1', '3'])
    const r = await runCli(['quotes', 'download', KEY, '--output-file', device, '--force'], {env: suite.env})
    expect(r.code, r.stderr).to.equal(0)
    expect(statSync(device).isCharacterDevice()).to.equal(true)
    expect(readdirSync(dir)).to.deep.equal(['null'])
  })

  it('/dev/fd/1: the PDF on the stdout the shell gave (here a pipe)', async () => {
    const r = await runCli(['quotes', 'download', KEY, '--output-file', '/dev/fd/1'], {env: suite.env})
    expect([r.code, r.stderr]).to.deep.equal([0, 'saved /dev/fd/1\n'])
    expect(r.stdoutBytes.equals(fakePdf(KEY))).to.equal(true)
  })

  it('/dev/stdout on a terminal: refused like -, nothing sent', async () => {
    const r = await runOnTty(['quotes', 'download', KEY, '--output-file', '/dev/stdout'], {
      env: {...suite.env, NO_COLOR: '1'},
    })
    expect(r.code, r.tty).to.equal(2)
    expect(r.tty).to.equal(
      'Error: --output-file - writes the file to standard output, which is a terminal here: give a path, or pipe ' +
        'the output\n',
    )
    expect(suite.up.requests).to.have.length(0)
  })

  it('an action answering a PDF onto /dev/stdout: written the same way', async () => {
    const r = await runCli(
      ['quotes', 'action', 'Xy9kqR2mLb', '--action', 'download', '--output-file', '/dev/stdout', '--yes'],
      {env: suite.env},
    )
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stdoutBytes.subarray(0, 5).toString()).to.equal('%PDF-')
  })
})
