// What a command costs to start: the median and the fastest wall time of N runs (default 21) of
// commands that do not write, and of a write with and without its payload check. After a build:
//   node scripts/startup-cost.js [N] [--against <other clone>/bin/run.js]
// With --against, runs alternate between the two CLIs (so machine noise hits both alike) and a
// second column shows the other one; a command it does not know shows "-".
import {spawnSync} from 'node:child_process'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'

const {values, positionals} = parseArgs({allowPositionals: true, options: {against: {type: 'string'}}})
const bins = [fileURLToPath(new URL('../bin/run.js', import.meta.url)), ...(values.against ? [values.against] : [])]
const runs = Number(positionals[0] ?? 21)

const COMMANDS = [
  ['--help'],
  ['invoices', 'list', '--dry-run'],
  ['invoices', 'show', 'VolejRejNm', '--dry-run'],
  ['invoices', 'create', '--client-id', 'VolejRejNm', '--dry-run', '--no-validate'],
  ['invoices', 'create', '--client-id', 'VolejRejNm', '--dry-run'],
]

// The fastest run is the one machine noise touched least; the median shows what a user waits.
const stats = (xs) => {
  if (xs.length === 0) return '-'
  const sorted = [...xs].sort((a, b) => a - b)
  return `${sorted[Math.floor(sorted.length / 2)].toFixed(0)}/${sorted[0].toFixed(0)} ms`
}
console.log(`median/fastest of ${runs} runs: ${bins.join('  vs  ')}`)
for (const args of COMMANDS) {
  const times = bins.map(() => [])
  for (let i = 0; i < runs; i++) {
    for (const [b, bin] of bins.entries()) {
      const started = process.hrtime.bigint()
      const r = spawnSync(process.execPath, [bin, ...args], {
        stdio: 'ignore',
        env: {PATH: process.env.PATH, HOME: process.env.HOME},
      })
      if (r.status === 0) times[b].push(Number(process.hrtime.bigint() - started) / 1e6)
    }
  }
  console.log(`${times.map((t) => stats(t).padStart(11)).join('  ')}  cli ${args.join(' ')}`)
}
