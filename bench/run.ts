/**
 * The benchmark (`npm run bench`): startup, --all paging and memory, measured side by side in one
 * run against the test suite's stand-in upstream on 127.0.0.1. Machines here are noisy, so the
 * results are ratios of medians from interleaved runs, not absolute times.
 *
 *   npm run bench                 print the results
 *   npm run bench -- --write      also write bench/RESULTS.md
 *   BENCH_RUNS=30 npm run bench   more runs per startup case (default 15)
 *   BENCH_ONLY=bigpage npm run bench   one group only (startup, paging, memory, bigpage)
 */
import {spawn} from 'node:child_process'
import {writeFileSync} from 'node:fs'
import {cpus} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

import {startUpstream, type Upstream} from '../test/support/upstream.js'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const BIN = join(ROOT, 'bin', 'run.js')
const RUNS = Number(process.env.BENCH_RUNS ?? 15)
const WARMUP = 3

interface Run {
  ms: number
  maxRssKb?: number
  code: number | null
}

/** Runs a command to its end; with `rss`, under GNU time to read the peak RSS of the child. */
function run(cmd: string[], env: Record<string, string>, rss = false): Promise<Run> {
  const argv = rss ? ['/usr/bin/time', '-f', '%M', ...cmd] : cmd
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint()
    // Only what a user's shell would pass (PATH, HOME), plus the case's own variables.
    const child = spawn(argv[0], argv.slice(1), {
      env: {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env},
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      const kb = rss ? Number(stderr.trim().split('\n').at(-1)) : undefined
      if (code !== 0) reject(new Error(`${cmd.join(' ')} exited ${code}: ${stderr.slice(0, 500)}`))
      else resolve({ms, maxRssKb: kb, code})
    })
  })
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** Runs the cases round-robin (so noise hits them alike) and returns each case's median. */
async function interleaved(
  cases: Record<string, () => Promise<Run>>,
  runs: number,
  warmup: number,
): Promise<Record<string, number>> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]))
  for (let i = 0; i < warmup + runs; i++) {
    for (const [name, fn] of Object.entries(cases)) {
      const r = await fn()
      if (i >= warmup) times[name].push(r.ms)
    }
  }
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]))
}

/** A bare GET with node:http, headers as the CLI sends them: the floor under `cli clients show X`. */
const HTTP_GET =
  `require('node:http').get(process.argv[1], {headers: {'X-API-TOKEN': process.env.CLI_API_TOKEN, ` +
  `'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json'}}, (r) => r.resume())`

const cliEnv = (up: Upstream): Record<string, string> => ({CLI_BASE_URL: up.url, CLI_API_TOKEN: up.token, NODE_ENV: ''})
const cli = (args: string[]) => [process.execPath, BIN, ...args]

/** An invoice-sized record (~1.5 KB of JSON), so memory figures mean something. */
function invoiceLike(i: number): Record<string, unknown> {
  return {
    number: String(i).padStart(6, '0'),
    client_id: 'VolejRejNm',
    status_id: '2',
    amount: 1250.5 + i,
    balance: 250.5,
    date: '2026-11-01',
    due_date: '2026-12-01',
    public_notes: 'Thank you for your business. Payment is due within thirty days of the invoice date.',
    private_notes: 'Checked by accounts.',
    terms: 'Net 30',
    footer: 'Acme Ltd · 1 Example Street · Springfield',
    line_items: Array.from({length: 3}, (_, j) => ({
      product_key: `SKU-${j}`,
      notes: 'Widget, blue, large',
      cost: 10 + j,
      quantity: 2,
      tax_name1: 'VAT',
      tax_rate1: 20,
      line_total: 20 + 2 * j,
    })),
    custom_value1: '',
    custom_value2: '',
    po_number: `PO-${i}`,
    uses_inclusive_taxes: false,
  }
}

async function startupCases(): Promise<string[]> {
  const up = await startUpstream()
  try {
    const env = cliEnv(up)
    const m = await interleaved(
      {
        'node -e 0': () => run([process.execPath, '-e', '0'], env),
        // The least any client can do: node, one loopback GET with node:http, the body read.
        'node: one node:http GET': () =>
          run([process.execPath, '-e', HTTP_GET, `${up.url}/api/v1/clients/VolejRejNm`], env),
        'cli --version': () => run(cli(['--version']), env),
        'cli clients list --dry-run': () => run(cli(['clients', 'list', '--dry-run']), env),
        'cli clients show X': () => run(cli(['clients', 'show', 'VolejRejNm', '--output', 'json']), env),
        // The same command with the fast path turned off: what oclif's own startup costs.
        'CLI_FAST_PATH=0 cli clients show X': () =>
          run(cli(['clients', 'show', 'VolejRejNm', '--output', 'json']), {...env, CLI_FAST_PATH: '0'}),
      },
      RUNS,
      WARMUP,
    )
    const base = m['node -e 0']
    const http = m['node: one node:http GET']
    const targets: Record<string, string> = {
      'cli --version': '≤ 1.5×',
      'cli clients list --dry-run': '≤ 2.0×',
      'cli clients show X': '≤ 2.5×',
    }
    return [
      `### Startup (median of ${RUNS} interleaved runs after ${WARMUP} warm-ups; every child started with PATH ` +
        'and HOME only)',
      '',
      '| case | median ms | × node -e 0 | × node:http GET | target (× node -e 0) |',
      '|---|---:|---:|---:|---|',
      ...Object.entries(m).map(
        ([k, v]) =>
          `| \`${k}\` | ${v.toFixed(0)} | ${(v / base).toFixed(2)}× | ${(v / http).toFixed(2)}× ` +
          `| ${targets[k] ?? ''} |`,
      ),
    ]
  } finally {
    await up.close()
  }
}

async function pagingCases(): Promise<string[]> {
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

async function memoryCases(): Promise<string[]> {
  const up = await startUpstream()
  try {
    up.seed(
      'invoices',
      Array.from({length: 10_000}, (_, i) => invoiceLike(i)),
    )
    const env = cliEnv(up)
    const node = await run([process.execPath, '-e', '0'], env, true)
    const rows: string[] = []
    // Every format but the table is written page by page; the table needs every row for its widths.
    for (const format of ['json', 'ndjson', 'csv', 'yaml', 'table']) {
      const r = await run(cli(['invoices', 'list', '--all', '--per-page', '100', '--output', format]), env, true)
      rows.push(
        `| \`--all --output ${format}\` | ${(r.maxRssKb! / 1024).toFixed(0)} ` +
          `| ${format === 'table' ? '(collects every row)' : '< 150'} |`,
      )
    }
    return [
      '### Memory: `--all` over 100 pages × 100 invoice-sized records (~15 MB of JSON)',
      '',
      '| case | peak RSS MB | target MB |',
      '|---|---:|---|',
      `| \`node -e 0\` | ${(node.maxRssKb! / 1024).toFixed(0)} | |`,
      ...rows,
    ]
  } finally {
    await up.close()
  }
}

/** An invoice with many line items and long notes (~20 KB of JSON): 5000 of them make a ~100 MB page. */
function bigInvoice(i: number): Record<string, unknown> {
  const line = (j: number) => ({
    product_key: `SKU-${i}-${j}`,
    notes: `Widget ${j}, blue, large; delivered in two parcels`,
    cost: 10.25 + j,
    quantity: 2,
    tax_name1: 'VAT',
    tax_rate1: 20,
    line_total: 20.5 + 2 * j,
    discount: 0,
  })
  return {
    ...invoiceLike(i),
    public_notes: `Notes for invoice ${i}. `.repeat(320),
    line_items: Array.from({length: 70}, (_, j) => line(j)),
  }
}

/** Peak memory for one list answer of S bytes, in every format: the target is 3×S + 80 MB. */
async function bigPageCases(): Promise<string[]> {
  const up = await startUpstream()
  try {
    up.seed(
      'invoices',
      Array.from({length: 5000}, (_, i) => bigInvoice(i)),
    )
    const size = Buffer.byteLength(JSON.stringify({data: up.records('invoices')}))
    const env = cliEnv(up)
    const targetMb = (3 * size) / 1024 / 1024 + 80
    const rows: string[] = []
    for (const format of ['json', 'ndjson', 'csv', 'yaml', 'table']) {
      const r = await run(cli(['invoices', 'list', '--per-page', '5000', '--output', format]), env, true)
      const mb = r.maxRssKb! / 1024
      rows.push(
        `| \`--output ${format}\` | ${mb.toFixed(0)} | < ${targetMb.toFixed(0)} ` +
          `(${mb < targetMb ? 'met' : 'NOT met'}) |`,
      )
    }
    return [
      `### Memory: one list page of ${(size / 1024 / 1024).toFixed(0)} MB (S), 5000 records`,
      '',
      '| case | peak RSS MB | target MB (3×S + 80) |',
      '|---|---:|---|',
      ...rows,
    ]
  } finally {
    await up.close()
  }
}

const only = process.env.BENCH_ONLY
const lines = [
  '# Benchmark results',
  '',
  `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ` +
    `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model.trim()}.`,
  'Stand-in upstream on 127.0.0.1; ratios are of medians measured side by side in this one run.',
  '',
  ...(only && only !== 'startup' ? [] : [...(await startupCases()), '']),
  ...(only && only !== 'paging' ? [] : [...(await pagingCases()), '']),
  ...(only && only !== 'memory' ? [] : [...(await memoryCases()), '']),
  ...(only && only !== 'bigpage' ? [] : [...(await bigPageCases()), '']),
]
const text = lines.join('\n')
process.stdout.write(text)
if (process.argv.includes('--write')) writeFileSync(join(ROOT, 'bench', 'RESULTS.md'), text)
