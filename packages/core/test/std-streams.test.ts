/**
 * Writing a file-or-/dev/null stdout without process.stdout (output/std-streams.ts), in a child Node with
 * descriptor 1 set up as the test needs: the checks below need a process whose stdout nothing has touched.
 * They run the built modules (npm test builds first).
 */
import {spawn} from 'node:child_process'
import {closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'

import {expect} from 'chai'

const OUTPUT = fileURLToPath(new URL('../dist/output/', import.meta.url))
const mod = (name: string) => JSON.stringify(pathToFileURL(join(OUTPUT, name)).href)

/** Runs `body` after the fast path's set-up (direct writes turned on, the closed-stdout handling installed). */
async function child(
  body: string,
  stdout: 'file' | 'read-only file' | 'pipe' | '/dev/null',
): Promise<{code: number | null; out: string; err: string}> {
  const dir = mkdtempSync(join(tmpdir(), 'std-streams-'))
  const file = join(dir, 'out')
  writeFileSync(file, '')
  const fd =
    stdout === 'pipe'
      ? 'pipe'
      : openSync(stdout === '/dev/null' ? stdout : file, stdout === 'read-only file' ? 'r' : 'w')
  const program =
    `import {writeFilesDirectly, writesDirectly, surelyNoTerminal} from ${mod('std-streams.js')}\n` +
    `import {quitOnClosedStdout} from ${mod('closed-stdout.js')}\n` +
    `import {writeOut} from ${mod('write.js')}\n` +
    `writeFilesDirectly(); quitOnClosedStdout();\n${body}`
  try {
    const c = spawn(process.execPath, ['--input-type=module', '-e', program], {stdio: ['ignore', fd, 'pipe']})
    let out = ''
    let err = ''
    c.stdout?.on('data', (d: Buffer) => (out += d))
    c.stderr!.on('data', (d: Buffer) => (err += d))
    const code = await new Promise<number | null>((resolve) => c.on('close', resolve))
    return {code, out: stdout === 'pipe' ? out : readFileSync(file, 'utf8'), err}
  } finally {
    if (typeof fd === 'number') closeSync(fd)
    rmSync(dir, {recursive: true, force: true})
  }
}

describe('standard output written without process.stdout', function () {
  this.timeout(20_000)

  it('a file: written directly, in order with what else writes process.stdout (a console.log)', async () => {
    const body = "await writeOut('a\\n'); console.log('b'); await writeOut('c\\n')"
    const r = await child(`process.stderr.write(\`\${writesDirectly()}\\n\`); ${body}`, 'file')
    expect(r).to.deep.equal({code: 0, out: 'a\nb\nc\n', err: 'true\n'})
  })

  it('a pipe: process.stdout, as ever', async () => {
    const r = await child("process.stderr.write(`${writesDirectly()}\\n`); await writeOut('a\\n')", 'pipe')
    expect(r).to.deep.equal({code: 0, out: 'a\n', err: 'false\n'})
  })

  it('a failed write, direct or through a process.stdout made later: one line, exit 1', async () => {
    for (const body of ["await writeOut('a\\n')", "console.log('a')"]) {
      const r = await child(body, 'read-only file')
      expect(r, body).to.deep.equal({code: 1, out: '', err: 'Error: cannot write to standard output (EBADF)\n'})
    }
  })

  it('/dev/null is written directly; a file, a pipe and /dev/null are known as no terminal without their stream', async () => {
    const probe = 'process.stderr.write(JSON.stringify([writesDirectly(), surelyNoTerminal(1), surelyNoTerminal(2)]))'
    expect(await child(probe, '/dev/null')).to.deep.equal({code: 0, out: '', err: '[true,true,true]'})
    expect(await child(probe, 'file')).to.deep.equal({code: 0, out: '', err: '[true,true,true]'})
    expect(await child(probe, 'pipe')).to.deep.equal({code: 0, out: '', err: '[false,true,true]'})
  })
})
