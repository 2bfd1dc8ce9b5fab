/**
 * Every example of every command's help, and of each family's topic help, runs as written against the sandbox
 * (issue 37): the real bin/run.js, the sandbox's two variables, a fresh sandbox, folder and home for each example.
 * Only the binary name changes (`<%= config.bin %>` is a shell function running bin/run.js) and a login's server
 * (the real server's address becomes the sandbox's: the examples' "sandbox profile"). An example that needs what a
 * person would have done first (a saved plan, a backup, a saved profile, a journal entry, a JSON file) gets it from
 * SETUPS: command lines that must succeed too. Each exits 0 with no error or warning on stderr.
 */
import {spawn} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {Config} from '@oclif/core'
import {expect} from 'chai'

import {FAMILIES} from '../../packages/core/src/registry/registry.js'
import {topicNotes} from '../../packages/core/src/commands/resource/help.js'
import {baseEnv, BIN, makeHome, ROOT} from '../support/cli.js'
import {SANDBOX_DATA} from '../support/sandbox-data.js'
import {startSecretService} from '../support/secret-service.js'
import {DEFAULT_PASSWORD, startUpstream, type Upstream} from '../support/upstream.js'

const TOKEN = 'sandbox-token'
/** Examples run at once, each against its own stand-in. */
const WORKERS = 3

/** Every example of the commands the docs list (non-hidden, the CLI's own and its core plugins'), then the topics'. */
async function helpExamples(): Promise<string[]> {
  const config = await Config.load({root: ROOT})
  const commands = config.commands.filter((c) => !c.hidden && c.pluginType === 'core')
  const own = commands.flatMap((c) =>
    (c.examples ?? []).map((e) => render(typeof e === 'string' ? e : e.command, c.id.replaceAll(':', ' '))),
  )
  const topics = FAMILIES.flatMap((f) =>
    topicNotes(f, '<%= config.bin %>')
      .split('\n')
      .filter((l) => l.startsWith('  $ '))
      .map((l) => l.slice(4)),
  )
  return [...new Set([...own, ...topics])].map((e) => e.replaceAll('<%= config.bin %>', 'cli'))
}

/** An example as help prints it: oclif's templates filled (a plugin's own examples use them), no prompt sign. */
const render = (example: string, id: string): string =>
  example
    .replace(/^\$ /, '')
    .replaceAll('<%= command.id %>', id)
    .replaceAll(/<%- config\.pjson\.oclif\.examplePlugin \|\| "(\w+)" %>/g, '$1')
    .trim()

const login = (profile: string) => `printf %s "$TOKEN" | cli auth login --base-url "$CLI_BASE_URL" --profile ${profile}`

/**
 * What a person has done before an example (in its folder, its home): each a shell line, or a step of the test's
 * own. Keyed by a pattern of the example.
 */
const SETUPS: Array<[RegExp, (m: RegExpMatchArray) => Array<string | ((dir: string, home: string) => void)>]> = [
  [
    /(plan show|apply) notes\.plan\.json/,
    () => ['cli invoices update WJxbojagwO --field public_notes=Thanks --save-plan notes.plan.json'],
  ],
  [
    /undo (\w+)/,
    (m) => [
      'cli invoices update WJxbojagwO --field public_notes=Thanks --yes --quiet',
      // The journal's entry ids are random: the one the example names is this user's.
      (_dir, home) => renameEntry(home, m[1]),
    ],
  ],
  [/backup verify --dir (\S+)/, (m) => [`cli backup --dir ${m[1]}`]],
  [/auth (?:status|logout|switch).*\b(staging)\b/, (m) => [login(m[1])]],
  [/(?:mcp serve --profile|profile policy) (\w+)/, (m) => [login(m[1])]],
  [/auth logout(?: --all)?$/, () => [login('default')]],
  [
    /^cli (\S+) create --data-file (\S+)/,
    (m) => [`cli ${m[1]} create ${createExample(m[1])} --output json | node -e "${BODY_OF_DRY_RUN}" > ${m[2]}`],
  ],
]
const BODY_OF_DRY_RUN =
  "let t='';process.stdin.on('data',c=>t+=c).on('end',()=>console.log(JSON.stringify(JSON.parse(t).request.body)))"

/** A family's first create example (its flags): it makes the body a --data-file example reads. */
const createExample = (word: string): string =>
  (FAMILIES.find((f) => f.word === word)?.examples.create ?? '').replace(/ --dry-run$/, '') + ' --dry-run'

function renameEntry(home: string, id: string): void {
  const file = join(home, '.local', 'state', 'invoicing-cli', 'journal.jsonl')
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n')
  const last = JSON.parse(lines.at(-1)!) as {id: string}
  lines[lines.length - 1] = JSON.stringify({...last, id})
  writeFileSync(file, `${lines.join('\n')}\n`, {mode: 0o600})
}

/** Examples that need the OS keychain: they run in their own test, against a throwaway Secret Service. */
const KEYCHAIN = /--keychain/

/** Examples that cannot run on a test machine, and why. */
const NOT_RUN: Array<[RegExp, string]> = [
  [KEYCHAIN, 'run by the keychain test below'],
  // oclif's plugin manager's own examples (test/e2e/plugins*.test.ts install and remove local plugins).
  [/^cli plugins (?:install|add|link|inspect|uninstall|unlink|remove) /, 'fetch or name a package on npm or GitHub'],
]

describe('every example of the help runs as written against the sandbox', function () {
  this.timeout(900_000)
  const stands: Upstream[] = []
  before(async () => {
    for (let i = 0; i < WORKERS; i++) stands.push(await startUpstream({token: TOKEN}))
  })
  after(async () => {
    for (const s of stands) await s.close()
  })

  it('each exits 0 with nothing wrong on stderr', async () => {
    const examples = await helpExamples()
    expect(examples.length).to.be.greaterThan(500)
    const only = process.env.EXAMPLES_MATCH
    const queue = examples.filter((e) => !NOT_RUN.some(([p]) => p.test(e)) && (!only || e.includes(only)))
    const failures: string[] = []
    await Promise.all(
      stands.map(async (up) => {
        for (let example = queue.shift(); example !== undefined; example = queue.shift()) {
          const failure = await runExample(up, example)
          if (failure) failures.push(failure)
        }
      }),
    )
    expect(failures.sort()).to.deep.equal([])
  })

  it('the keychain examples, against a throwaway Secret Service (gnome-keyring on a private session bus)', async function () {
    const examples = (await helpExamples()).filter((e) => KEYCHAIN.test(e))
    expect(examples).to.have.length.greaterThan(0)
    const service = await startSecretService()
    if (typeof service === 'string') {
      // Said plainly in the test output: these examples did not run, and why.
      console.log(`      NOTE: the --keychain examples cannot run here: ${service}`)
      this.skip()
    }
    try {
      const failures: string[] = []
      for (const example of examples) {
        const failure = await runExample(stands[0], example, {DBUS_SESSION_BUS_ADDRESS: service.address})
        if (failure) failures.push(failure)
      }
      expect(failures).to.deep.equal([])
    } finally {
      service.stop()
    }
  })
})

/** One example in a fresh sandbox, folder and home: undefined when it ran as it should, else what went wrong. */
async function runExample(
  up: Upstream,
  example: string,
  extraEnv: Record<string, string> = {},
): Promise<string | undefined> {
  up.reset()
  for (const [segment, records] of Object.entries(SANDBOX_DATA)) up.seed(segment, records)
  const dir = mkdtempSync(join(tmpdir(), 'cli-example-'))
  const home = makeHome()
  const env: Record<string, string> = {
    ...baseEnv(home.home),
    CLI_BASE_URL: up.url,
    CLI_API_TOKEN: TOKEN,
    TOKEN,
    ...extraEnv,
  }
  // The users family's help says to set the account password; the sandbox prints its own.
  if (/^cli users /.test(example)) env.CLI_API_PASSWORD = DEFAULT_PASSWORD
  // Real servers' addresses in a login are the sandbox's.
  const line = example.replaceAll(/https:\/\/invoicing\.(?:co|example\.com)\b/g, up.url)
  try {
    writeFileSync(join(dir, 'receipt.pdf'), '%PDF-1.4\n%%EOF\n')
    writeFileSync(join(dir, 'clients.csv'), 'Company,Email\nNorthwind,ap@northwind.test\n')
    for (const [pattern, steps] of SETUPS) {
      const m = line.match(pattern)
      for (const step of m ? steps(m) : []) {
        if (typeof step !== 'string') step(dir, home.home)
        else {
          const r = await runBash(step, dir, env)
          if (r.code !== 0) return `${example}\n  setup ${step} exited ${r.code}: ${r.stderr.trim()}`
        }
      }
    }
    // A login example reads its token from standard input, as a person pastes it.
    const r = await runBash(line, dir, env, /auth login/.test(line) ? `${TOKEN}\n` : '')
    if (r.code !== 0) return `${example}\n  exited ${r.code}: ${r.stderr.trim()}`
    if (/Error:|Warning:/.test(r.stderr)) return `${example}\n  stderr: ${r.stderr.trim()}`
    return undefined
  } finally {
    rmSync(dir, {recursive: true, force: true})
    home.cleanup()
  }
}

function runBash(
  line: string,
  cwd: string,
  env: Record<string, string>,
  stdin = '',
): Promise<{code: number | null; stderr: string}> {
  const cli = `cli() { ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"; }`
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `${cli}\n${line}`], {cwd, env, stdio: ['pipe', 'ignore', 'pipe']})
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c))
    child.on('error', reject)
    child.on('close', (code) => resolve({code, stderr}))
    // A command that reads no input may be gone before it is written.
    child.stdin.on('error', () => {})
    child.stdin.end(stdin)
  })
}
