/**
 * Peak memory of one large list answer, in every output format: under 3×S + 80 MB for an answer
 * of S bytes. The child runs under GNU time (its maximum resident set) with PATH and HOME only.
 * bench/run.ts measures the same with a 100 MB page; this one uses ~80 MB to stay quick.
 */
import {spawn} from 'node:child_process'
import {existsSync} from 'node:fs'

import {expect} from 'chai'

import {BIN, makeHome, upstreamEnv} from '../support/cli.js'
import {startUpstream, type Upstream} from '../support/upstream.js'

const TIME = '/usr/bin/time'

/** Runs the CLI to its end, stdout to nowhere; returns the exit code and the peak RSS in MB. */
function peakRss(
  args: string[],
  env: Record<string, string>,
): Promise<{code: number | null; mb: number; stderr: string}> {
  const home = makeHome()
  const child = spawn(TIME, ['-f', '%M', process.execPath, BIN, ...args], {
    env: {PATH: process.env.PATH ?? '', HOME: home.home, ...env},
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (c: Buffer) => (stderr += c))
  return new Promise((resolve) => {
    child.on('close', (code) => {
      home.cleanup()
      const lines = stderr.trim().split('\n')
      resolve({code, mb: Number(lines.at(-1)) / 1024, stderr: lines.slice(0, -1).join('\n')})
    })
  })
}

describe('memory: one large list answer in every format', function () {
  this.timeout(120_000)
  // One stand-in, seeded once (the runs only read): building and seeding ~80 MB of invoices takes seconds.
  let up: Upstream
  let env: Record<string, string>
  let size = 0

  before(async function () {
    if (!existsSync(TIME)) this.skip()
    const line = (i: number, j: number) => ({
      product_key: `SKU-${i}-${j}`,
      notes: 'Widget, blue, large; delivered in two parcels',
      cost: 10.25 + j,
      quantity: 2,
      line_total: 20.5 + 2 * j,
    })
    const invoices = Array.from({length: 5000}, (_, i) => ({
      number: String(i).padStart(6, '0'),
      amount: 1250.5 + i,
      public_notes: `Notes for invoice ${i}. `.repeat(300),
      line_items: Array.from({length: 70}, (_, j) => line(i, j)),
    }))
    up = await startUpstream()
    env = upstreamEnv(up)
    up.seed('invoices', invoices)
    size = Buffer.byteLength(JSON.stringify({data: up.records('invoices')})) / 1024 / 1024
  })
  after(() => up?.close())

  for (const format of ['json', 'ndjson', 'csv', 'yaml', 'table']) {
    it(`--output ${format}: peak RSS under 3×S + 80 MB`, async () => {
      const r = await peakRss(['invoices', 'list', '--per-page', '5000', '--output', format], env)
      expect(r.stderr).to.equal('')
      expect(r.code).to.equal(0)
      expect(size).to.be.above(75)
      if (process.env.MEMORY_REPORT)
        console.log(`      ${format}: ${r.mb.toFixed(0)} MB for an answer of ${size.toFixed(0)} MB`)
      expect(r.mb, `${format}: ${r.mb.toFixed(0)} MB for an answer of ${size.toFixed(0)} MB`).to.be.below(3 * size + 80)
    })
  }
})
