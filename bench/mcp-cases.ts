/**
 * The benchmark's MCP group (BENCH_ONLY=mcp): what a `list_records` tool call costs over the request it sends. One
 * `cli mcp serve` process answers every call (an SDK client keeps it open, as an agent's client does); the request's
 * own time is the same GET with the CLI's headers from this process, on a keep-alive connection as the server's.
 * Measured side by side against the stand-in answering at once and after a remote server's delay.
 */
import {type Agent, request} from 'node:http'

import {startMcp} from '../test/support/mcp-client.js'
import {startUpstream} from '../test/support/upstream.js'
import {cliEnv, median, RUNS, WARMUP} from './measure.js'
import {invoiceLike} from './records.js'

/** The answer's delay of a hosted server (the paging case's too). */
const REMOTE_MS = 50
const TARGET = 1.2

const timed = async (fn: () => Promise<unknown>): Promise<number> => {
  const started = process.hrtime.bigint()
  await fn()
  return Number(process.hrtime.bigint() - started) / 1e6
}

/** The list request itself: GET /api/v1/invoices as the CLI sends it, its body read whole. */
function getList(url: string, token: string, agent: Agent): Promise<void> {
  const headers = {'X-API-TOKEN': token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json'}
  return new Promise((resolve, reject) => {
    request(`${url}/api/v1/invoices`, {headers, agent}, (res) => {
      res.on('data', () => {})
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))))
    })
      .on('error', reject)
      .end()
  })
}

interface Times {
  request: number
  call: number
  /** A describe call: the protocol's round trip, running no command and sending nothing. */
  bare: number
}

/**
 * The medians, and the fastest of the runs: on a machine other jobs share, the median mostly measures how long the
 * processes waited for a core; the fastest run is the cost when they had one.
 */
interface Measured {
  median: Times
  fastest: Times
}

async function measure(latencyMs: number): Promise<Measured> {
  const up = await startUpstream({latencyMs})
  const {Agent} = await import('node:http')
  const agent = new Agent({keepAlive: true})
  up.seed(
    'invoices',
    Array.from({length: 20}, (_, i) => ({...invoiceLike(i), id: `Bench${String(i).padStart(5, '0')}`})),
  )
  const mcp = await startMcp(['--toolsets', 'read'], cliEnv(up))
  try {
    const times = {request: [] as number[], call: [] as number[], bare: [] as number[]}
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const r = await timed(() => getList(up.url, up.token, agent))
      const c = await timed(async () => {
        const answer = await mcp.call('list_records', {family: 'invoices'})
        if (answer.isError) throw new Error(answer.texts.join('\n'))
      })
      const b = await timed(() => mcp.call('describe', {family: 'invoices'}))
      if (i >= WARMUP) {
        times.request.push(r)
        times.call.push(c)
        times.bare.push(b)
      }
    }
    const of = (f: (xs: number[]) => number): Times => ({
      request: f(times.request),
      call: f(times.call),
      bare: f(times.bare),
    })
    return {median: of(median), fastest: of((xs) => Math.min(...xs))}
  } finally {
    await mcp.close()
    agent.destroy()
    await up.close()
  }
}

export async function mcpCases(): Promise<string[]> {
  const local = await measure(0)
  const remote = await measure(REMOTE_MS)
  const row = (name: string, m: Times, target: boolean) => {
    const ratio = m.call / m.request
    const met = target ? `≤ ${TARGET}× (${ratio <= TARGET ? 'met' : 'not met'})` : ''
    return (
      `| ${name} | ${m.request.toFixed(1)} | ${m.call.toFixed(1)} | ${(m.call - m.request).toFixed(1)} | ` +
      `${m.bare.toFixed(1)} | ${ratio.toFixed(2)}× | ${met} |`
    )
  }
  const delayed = `after ${REMOTE_MS} ms, as a hosted server`
  return [
    `### MCP: a \`list_records\` call (one \`cli mcp serve\`, ${RUNS} calls after ${WARMUP} warm-ups) against ` +
      'the request it sends (20 invoices)',
    '',
    '| stand-in answers | request ms | tool call ms | overhead ms | describe call ms | × request | target |',
    '|---|---:|---:|---:|---:|---:|---|',
    row('at once (loopback): medians', local.median, false),
    row('at once (loopback): fastest', local.fastest, false),
    row(`${delayed}: medians`, remote.median, true),
    row(`${delayed}: fastest`, remote.fastest, false),
  ]
}
