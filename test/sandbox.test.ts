/**
 * `npm run sandbox`: the stand-in upstream on 127.0.0.1 with demo data; it prints the two
 * variables that point the CLI at it, and live commands work against it.
 */
import {type ChildProcess, spawn} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {baseEnv, BIN, makeHome, npmCommand, ROOT, runCli} from './support/cli.js'

describe('npm run sandbox', function () {
  this.timeout(60_000)
  let sb: Sandbox
  let env: Record<string, string>
  before(async () => {
    sb = await startSandbox()
    env = sb.env
  })
  after(() => stopSandbox(sb))

  it('prints exactly the two variables, a local base URL and a token', () => {
    expect(sb.stdout).to.match(/^export CLI_BASE_URL=http:\/\/127\.0\.0\.1:\d+\nexport CLI_API_TOKEN=sandbox-token\n$/)
    expect(Object.keys(env)).to.deep.equal(['CLI_BASE_URL', 'CLI_API_TOKEN'])
  })

  it('list, create, update, delete work against it, and it logs each request', async () => {
    const list = await runCli(['clients', 'list', '--output', 'csv', '--columns', 'name'], {env})
    expect(list.code, list.stderr).to.equal(0)
    expect(list.stdout).to.equal('name\r\nAcme Ltd\r\nGlobex Corporation\r\nInitech\r\n')

    const products = await runCli(['products', 'list', '--output', 'json'], {env})
    expect(JSON.parse(products.stdout).data.map((p: {product_key: string}) => p.product_key)).to.deep.equal([
      'WIDGET',
      'Consulting',
      'Audit',
    ])

    const create = await runCli(
      [
        'invoices',
        'create',
        '--client-id',
        'VolejRejNm',
        '--line-item',
        'product_key=WIDGET,quantity=2,cost=10',
        '--yes',
        '--output',
        'json',
      ],
      {env},
    )
    expect(create.code, create.stderr).to.equal(0)
    const id = JSON.parse(create.stdout).data.id as string

    const update = await runCli(
      ['invoices', 'update', id, '--field', 'public_notes=Thank you', '--yes', '--output', 'json'],
      {env},
    )
    expect(update.code, update.stderr).to.equal(0)
    expect(JSON.parse(update.stdout).data.public_notes).to.equal('Thank you')

    const del = await runCli(['invoices', 'delete', id, '--yes', '--output', 'json'], {env})
    expect(del.code, del.stderr).to.equal(0)
    expect(JSON.parse(del.stdout).data.is_deleted).to.equal(true)

    await new Promise((resolve) => setTimeout(resolve, 300))
    for (const line of [
      'GET /api/v1/clients',
      'POST /api/v1/invoices',
      `PUT /api/v1/invoices/${id}`,
      `DELETE /api/v1/invoices/${id}`,
    ])
      expect(sb.stderr).to.include(`  ${line}\n`)
  })

  it('every example of the README and of docs/usage.md runs as written against it', async function () {
    this.timeout(300_000)
    await runExamples(EXAMPLE_PAGES, env)
  })

  it('every example of docs/month-end.md runs as written against a fresh sandbox', async function () {
    this.timeout(120_000)
    // The README's month-end examples have matched the deposits and resent the e-mails by now: a sandbox of its own.
    const fresh = await startSandbox()
    try {
      await runExamples(['docs/month-end.md'], fresh.env)
    } finally {
      await stopSandbox(fresh)
    }
  })
})

/** Runs the pages' examples in order, in one folder: each must exit 0 with no error or warning on stderr. */
async function runExamples(pages: string[], env: Record<string, string>): Promise<void> {
  const examples = pages.map((page) => ({page, lines: shellExamples(readFileSync(join(ROOT, page), 'utf8'))}))
  for (const {page, lines} of examples)
    expect(lines.length, page).to.be.greaterThan(page === 'docs/month-end.md' ? 8 : 20)
  const dir = mkdtempSync(join(tmpdir(), 'cli-readme-'))
  const home = makeHome()
  writeFileSync(join(dir, 'receipt.pdf'), '%PDF-1.4\n%%EOF\n')
  try {
    for (const line of examples.flatMap((p) => p.lines)) {
      const cli = `cli() { ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"; }`
      const script = `${cli}\n${line.replace(/^\.\/bin\/run\.js /, 'cli ')}`
      const r = await runBash(script, dir, {...baseEnv(home.home), ...env})
      expect(r.code, `${line}\n${r.stderr}`).to.equal(0)
      expect(r.stderr, line).not.to.match(/Error:|Warning:/)
    }
  } finally {
    rmSync(dir, {recursive: true, force: true})
    home.cleanup()
  }
}

interface Sandbox {
  child: ChildProcess
  env: Record<string, string>
  stdout: string
  stderr: string
}

/** `npm run sandbox` on a free port, in its own process group (npm, tsx and node stop together). */
async function startSandbox(): Promise<Sandbox> {
  const child = spawn(...npmCommand(['run', '--silent', 'sandbox', '--', '--port', '0']), {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const sb: Sandbox = {child, env: {}, stdout: '', stderr: ''}
  child.stdout!.on('data', (c: Buffer) => (sb.stdout += c))
  child.stderr!.on('data', (c: Buffer) => (sb.stderr += c))
  const started = Date.now()
  while (!/CLI_API_TOKEN=.*\n/.test(sb.stdout)) {
    if (child.exitCode !== null || Date.now() - started > 30_000) throw new Error(`sandbox did not start: ${sb.stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  sb.env = Object.fromEntries([...sb.stdout.matchAll(/^export (\w+)=(.*)$/gm)].map(([, k, v]) => [k, v]))
  return sb
}

async function stopSandbox({child}: Sandbox): Promise<void> {
  if (child.exitCode === null && child.pid) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    process.kill(-child.pid, 'SIGTERM')
    await exited
  }
}

/** The pages whose examples run against the sandbox, in this order (docs/usage.md's follow the README's). */
const EXAMPLE_PAGES = ['README.md', 'docs/usage.md']

/**
 * The command lines of a page's sh blocks (in order), but for the sections about installing and logging in to a
 * real server.
 */
function shellExamples(markdown: string): string[] {
  const skipped = /^#+ (Install|Shell completion|Log in|Configure|Performance|Development)/
  const lines: string[] = []
  let skip = false
  let inBlock = false
  for (const line of markdown.split('\n')) {
    if (/^#+ /.test(line) && !inBlock) skip = skipped.test(line)
    if (line.startsWith('```')) {
      inBlock = !inBlock && line === '```sh'
      continue
    }
    // The commands, and the printf lines that make the files they read.
    if (inBlock && !skip && /^(cli|\.\/bin\/run\.js|printf) /.test(line)) lines.push(line)
  }
  return lines
}

function runBash(
  script: string,
  cwd: string,
  env: Record<string, string>,
): Promise<{code: number | null; stderr: string}> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], {cwd, env, stdio: ['ignore', 'ignore', 'pipe']})
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c))
    child.on('error', reject)
    child.on('close', (code) => resolve({code, stderr}))
  })
}
