/** The benchmark's timing groups: startup against bare node, and --all paging sequential against a window. */
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {startUpstream} from '../test/support/upstream.js'
import {cli, cliEnv, interleaved, ROOT, run, RUNS, WARMUP} from './measure.js'
import {invoiceLike} from './records.js'

/** A bare GET with node:http, headers as the CLI sends them: the floor under `cli clients show X`. */
const HTTP_GET =
  `require('node:http').get(process.argv[1], {headers: {'X-API-TOKEN': process.env.CLI_API_TOKEN, ` +
  `'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json'}}, (r) => r.resume())`

/** A throwaway HOME in which an in-house plugin fixture is linked, as `cli plugins link` leaves it. */
function linkedHome(fixture: string): {home: string; cleanup: () => void} {
  const home = mkdtempSync(join(tmpdir(), 'bench-home-'))
  const dataDir = join(home, '.local', 'share', 'invoicing-cli')
  mkdirSync(dataDir, {recursive: true})
  const root = join(ROOT, 'test', 'fixtures', 'plugins', fixture)
  const {name} = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {name: string}
  writeFileSync(
    join(dataDir, 'package.json'),
    JSON.stringify({private: true, oclif: {schema: 1, plugins: [{name, root, type: 'link'}]}}),
  )
  return {home, cleanup: () => rmSync(home, {recursive: true, force: true})}
}

const SHOW = ['clients', 'show', 'VolejRejNm', '--output', 'json']
const INVOICE_CREATE = [
  'invoices',
  'create',
  '--client-id',
  'VolejRejNm',
  '--line-item',
  'product_key=A,quantity=1,cost=10',
  '--dry-run',
]

export async function startupCases(): Promise<string[]> {
  const up = await startUpstream()
  // team declares that its commands keep to the core's oclif subset (docs/plugins.md); acme does not.
  const linked = linkedHome('team')
  const acme = linkedHome('acme')
  try {
    const env = cliEnv(up)
    const withPlugin = {...env, HOME: linked.home}
    const m = await interleaved(
      {
        'node -e 0': () => run([process.execPath, '-e', '0'], env),
        // The least any client can do: node, one loopback GET with node:http, the body read.
        'node: one node:http GET': () =>
          run([process.execPath, '-e', HTTP_GET, `${up.url}/api/v1/clients/VolejRejNm`], env),
        'cli --version': () => run(cli(['--version']), env),
        'cli clients list --dry-run': () => run(cli(['clients', 'list', '--dry-run']), env),
        // A change's dry run builds its plan through the change pipeline (issue 34).
        'cli invoices create --dry-run': () => run(cli(INVOICE_CREATE), env),
        'cli clients show X': () => run(cli(SHOW), env),
        'cli utility run': () => run(cli(['utility', 'run', '--output', 'json']), env),
        'cli api GET clients': () => run(cli(['api', 'GET', 'clients', '--output', 'json']), env),
        'cli auth status': () => run(cli(['auth', 'status']), env),
        'cli invoices list --help': () => run(cli(['invoices', 'list', '--help']), env),
        'plugin linked: cli clients show X': () => run(cli(SHOW), withPlugin),
        "plugin linked: the plugin's cli team run": () => run(cli(['team', 'run', '--output', 'json']), withPlugin),
        'plugin not declaring the subset: cli acme run (oclif)': () =>
          run(cli(['acme', 'run', '--output', 'json']), {...env, HOME: acme.home}),
        // The same command with the fast path turned off: what oclif's own startup costs.
        'CLI_FAST_PATH=0 cli clients show X': () => run(cli(SHOW), {...env, CLI_FAST_PATH: '0'}),
      },
      RUNS,
      WARMUP,
    )
    const base = m['node -e 0']
    const http = m['node: one node:http GET']
    const targets: Record<string, number> = {
      'cli --version': 1.2,
      'cli clients list --dry-run': 1.6,
      'cli invoices create --dry-run': 1.6,
      'cli clients show X': 2.0,
      'cli utility run': 2.5,
      'cli api GET clients': 2.5,
      'cli auth status': 2.5,
      'cli invoices list --help': 2.5,
      'plugin linked: cli clients show X': 2.5,
      "plugin linked: the plugin's cli team run": 2.5,
    }
    const target = (k: string, v: number) =>
      targets[k] === undefined ? '' : `≤ ${targets[k].toFixed(1)}× (${v / base <= targets[k] ? 'met' : 'not met'})`
    return [
      `### Startup (median of ${RUNS} interleaved runs after ${WARMUP} warm-ups; every child started with PATH ` +
        'and HOME only)',
      '',
      '| case | median ms | × node -e 0 | × node:http GET | target (× node -e 0) |',
      '|---|---:|---:|---:|---|',
      ...Object.entries(m).map(
        ([k, v]) =>
          `| \`${k}\` | ${v.toFixed(0)} | ${(v / base).toFixed(2)}× | ${(v / http).toFixed(2)}× | ${target(k, v)} |`,
      ),
    ]
  } finally {
    linked.cleanup()
    acme.cleanup()
    await up.close()
  }
}

export async function pagingCases(): Promise<string[]> {
  const latencyMs = 50
  const up = await startUpstream({latencyMs})
  try {
    up.seed(
      'invoices',
      Array.from({length: 100}, (_, i) => invoiceLike(i)),
    )
    const env = cliEnv(up)
    const args = ['invoices', 'list', '--all', '--per-page', '1', '--output', 'json']
    const m = await interleaved(
      {
        sequential: () => run(cli([...args, '--concurrency', '1']), env),
        'window of 4 (default)': () => run(cli(args), env),
      },
      3,
      1,
    )
    return [
      `### \`--all\` over 100 pages, ${latencyMs} ms per request (median of 3 interleaved runs)`,
      '',
      '| case | median ms | × sequential | target |',
      '|---|---:|---:|---|',
      `| \`--concurrency 1\` (one page after another) | ${m.sequential.toFixed(0)} | 1.00× | |`,
      `| default window (4) | ${m['window of 4 (default)'].toFixed(0)} ` +
        `| ${(m['window of 4 (default)'] / m.sequential).toFixed(2)}× | ≤ 0.35× |`,
    ]
  } finally {
    await up.close()
  }
}
