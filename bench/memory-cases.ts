/** The benchmark's memory groups: peak RSS over 100 pages of --all, and for one ~100 MB list page, per format. */
import {startUpstream} from '../test/support/upstream.js'
import {cli, cliEnv, run} from './measure.js'
import {bigInvoice, invoiceLike} from './records.js'

export async function memoryCases(): Promise<string[]> {
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

/** Peak memory for one list answer of S bytes, in every format: the target is 3×S + 80 MB. */
export async function bigPageCases(): Promise<string[]> {
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
