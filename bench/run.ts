/**
 * The benchmark (`npm run bench`): startup, --all paging and memory, measured side by side in one
 * run against the test suite's stand-in upstream on 127.0.0.1. Machines here are noisy, so the
 * results are ratios of medians from interleaved runs, not absolute times.
 *
 *   npm run bench                 print the results
 *   npm run bench -- --write      also write bench/RESULTS.md
 *   BENCH_RUNS=30 npm run bench   more runs per startup case (default 15)
 *   BENCH_ONLY=bigpage npm run bench   one group only (startup, paging, memory, bigpage, monthend, mcp)
 */
import {writeFileSync} from 'node:fs'
import {cpus} from 'node:os'
import {join} from 'node:path'

import {ROOT} from './measure.js'
import {bigPageCases, memoryCases} from './memory-cases.js'
import {mcpCases} from './mcp-cases.js'
import {monthEndCases} from './month-end-cases.js'
import {pagingCases, startupCases} from './timing-cases.js'

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
  ...(only && only !== 'monthend' ? [] : [...(await monthEndCases()), '']),
  ...(only && only !== 'mcp' ? [] : [...(await mcpCases()), '']),
]
const text = lines.join('\n')
process.stdout.write(text)
if (process.argv.includes('--write')) writeFileSync(join(ROOT, 'bench', 'RESULTS.md'), text)
