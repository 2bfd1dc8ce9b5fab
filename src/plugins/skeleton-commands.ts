/**
 * The command files of a new plugin (skeleton.ts): a runner, a read command and a change command, each on the
 * core alone (no @oclif/core), so they run on the fast path; and a test that runs them through `cli` against a
 * stand-in on 127.0.0.1. `name` is the plugin's topic (`acme`), checked by the caller.
 */
const className = (name: string, word: string): string =>
  [...name.split('-'), word].map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')

export const runnerCommand = (name: string): string => `import {RunnerCommand} from '@invoicing-cli/core'

/** A runner: GET /api/v1/health_check, or any --endpoint (GET only, as every runner but reports and charts). */
export default class ${className(name, 'run')} extends RunnerCommand {
  static summary = '${name}: call an endpoint of the API (health_check unless --endpoint).'
  static examples = ['<%= config.bin %> ${name} run', '<%= config.bin %> ${name} run --endpoint statics -o json']
  static runner = {name: '${name} run', defaultEndpoint: 'health_check', defaultMethod: 'GET' as const}
}
`

export const readCommand = (
  name: string,
): string => `import {Args, family, flags, RecordCommand, type Plan} from '@invoicing-cli/core'

/**
 * A read: a client's invoices. The client may be given as the CLI's own commands take it (its id, number, name or
 * contact e-mail); the list takes --all, --limit, --filter and the rest of the list flags, checked as \`invoices
 * list\` checks them.
 */
export default class ${className(name, 'invoices')} extends RecordCommand {
  static summary = "${name}: a client's invoices."
  static examples = [
    '<%= config.bin %> ${name} invoices "Acme Ltd"',
    '<%= config.bin %> ${name} invoices 0001 --filter client_status=unpaid --all -o csv',
  ]
  static family = family('invoices')
  static args = {
    client: Args.string({description: 'The client: its id, number, name or contact e-mail.', required: true}),
  }
  static flags = {...flags.listFlags}

  protected async plan(): Promise<Plan> {
    const client = await this.recordId(this.args.client ?? '', family('clients'), 'client')
    return this.listPlan([\`client_id=\${client}\`])
  }
}
`

export const changeCommand = (
  name: string,
): string => `import {apiPath, Args, ChangeCommand, family, pathSegment, type Plan} from '@invoicing-cli/core'

/**
 * A change: set a client's private notes. Extending ChangeCommand is the whole guardrail: without --yes it is
 * refused (exit 3) and sends nothing, --dry-run prints the request, and after the change one line on stderr says
 * what it did (--quiet: none).
 */
export default class ${className(name, 'note')} extends ChangeCommand {
  static summary = "${name}: set a client's private notes."
  static examples = ['<%= config.bin %> ${name} note "Acme Ltd" "Pays by the 5th" --dry-run']
  static family = family('clients')
  static args = {
    client: Args.string({description: 'The client: its id, number, name or contact e-mail.', required: true}),
    text: Args.string({description: 'The new private notes.', required: true}),
  }

  protected async plan(): Promise<Plan> {
    const id = await this.recordId(this.args.client ?? '')
    return {
      kind: 'send',
      request: {
        method: 'PUT',
        path: apiPath('clients', pathSegment(id, 'client')),
        query: [],
        body: {private_notes: this.args.text ?? ''},
        changes: true,
      },
      expect: 'json',
      summary: this.summary({did: 'noted'}),
    }
  }
}
`

export const commandsTest = (
  name: string,
): string => `// Runs the commands through \`cli\` (the plugin linked: cli plugins link .) against a stand-in on
// 127.0.0.1. CLI=/path/to/cli npm test, to use another cli than the one on PATH.
import {execFile} from 'node:child_process'
import {createServer} from 'node:http'
import {after, before, beforeEach, describe, it} from 'node:test'
import assert from 'node:assert/strict'

const CLIENT = 'VolejRejNm'
const requests = []
const server = createServer((req, res) => {
  let body = ''
  req.on('data', (chunk) => (body += chunk))
  req.on('end', () => {
    requests.push({method: req.method, url: req.url, body: body ? JSON.parse(body) : undefined})
    const path = req.url.split('?')[0]
    const answer =
      path === '/api/v1/health_check'
        ? {status: 'ok'}
        : path === '/api/v1/invoices'
          ? {data: [{id: 'Wpmbk5ezJn', number: '0001', client_id: CLIENT, balance: 10}], meta: {}}
          : req.method === 'PUT' && path === \`/api/v1/clients/\${CLIENT}\`
            ? {data: {id: CLIENT, name: 'Acme Ltd', private_notes: JSON.parse(body).private_notes}}
            : undefined
    res.writeHead(answer ? 200 : 404, {'content-type': 'application/json'})
    res.end(JSON.stringify(answer ?? {message: 'not found'}))
  })
})

let env
const cli = (...args) =>
  new Promise((resolve) =>
    execFile(process.env.CLI ?? 'cli', args, {env}, (error, stdout, stderr) =>
      resolve({code: error ? error.code : 0, stdout, stderr}),
    ),
  )

describe('${name}', () => {
  before(async () => {
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
    const base = \`http://127.0.0.1:\${server.address().port}\`
    env = {...process.env, CLI_BASE_URL: base, CLI_API_TOKEN: 'test-token'}
  })
  after(() => server.close())
  beforeEach(() => (requests.length = 0))

  it('run calls the health check', async () => {
    const r = await cli('${name}', 'run', '-o', 'json')
    assert.equal(r.code, 0, r.stderr)
    assert.deepEqual(JSON.parse(r.stdout), {status: 'ok'})
    assert.deepEqual(requests.map((q) => \`\${q.method} \${q.url}\`), ['GET /api/v1/health_check'])
  })

  it("invoices lists the client's invoices", async () => {
    const r = await cli('${name}', 'invoices', CLIENT, '-o', 'json')
    assert.equal(r.code, 0, r.stderr)
    assert.equal(JSON.parse(r.stdout).data[0].number, '0001')
    assert.deepEqual(requests.map((q) => \`\${q.method} \${q.url}\`), [\`GET /api/v1/invoices?client_id=\${CLIENT}\`])
  })

  it('note is refused without --yes, and sends nothing', async () => {
    const r = await cli('${name}', 'note', CLIENT, 'Pays by the 5th')
    assert.equal(r.code, 3)
    assert.match(r.stderr, /pass --yes/)
    assert.deepEqual(requests, [])
  })

  it('note --dry-run prints the request and sends nothing', async () => {
    const r = await cli('${name}', 'note', CLIENT, 'Pays by the 5th', '--dry-run')
    assert.equal(r.code, 0, r.stderr)
    assert.match(r.stdout, new RegExp(\`^PUT .*/api/v1/clients/\${CLIENT}\`))
    assert.deepEqual(requests, [])
  })

  it('note --yes sends the change once and says what it did', async () => {
    const r = await cli('${name}', 'note', CLIENT, 'Pays by the 5th', '--yes')
    assert.equal(r.code, 0, r.stderr)
    assert.deepEqual(requests, [
      {method: 'PUT', url: \`/api/v1/clients/\${CLIENT}\`, body: {private_notes: 'Pays by the 5th'}},
    ])
    assert.match(r.stderr, /^noted client/)
  })
})
`
