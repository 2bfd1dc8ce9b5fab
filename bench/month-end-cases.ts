/**
 * The benchmark's month-end group (BENCH_ONLY=monthend): `cli backup` and `cli period-pack` on a company of 50,000
 * records, wall time and peak RSS of the CLI (the stand-in runs in this process, so its memory is not counted).
 */
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {startUpstream} from '../test/support/upstream.js'
import {cli, cliEnv, run} from './measure.js'
import {invoiceLike} from './records.js'

const INVOICES = 30_000
const PAYMENTS = 10_000
const EXPENSES = 10_000
/** When the records last changed: before the first backup's cursor, so a second run finds nothing changed. */
const LONG_AGO = 1_700_000_000
/** Two years of records, a month's pack: the i-th record is dated in month i % 24 of 2025 and 2026. */
const MONTHS = 24
const day = (i: number): string => `${2025 + Math.floor((i % MONTHS) / 12)}-${String((i % 12) + 1).padStart(2, '0')}-15`

export async function monthEndCases(): Promise<string[]> {
  const up = await startUpstream()
  const dir = mkdtempSync(join(tmpdir(), 'bench-month-end-'))
  try {
    up.seed(
      'invoices',
      Array.from({length: INVOICES}, (_, i) => ({
        ...invoiceLike(i),
        date: day(i),
        updated_at: LONG_AGO,
        invitations: [{key: `benchkey${i}`}],
      })),
    )
    // Numbered, dated in the period: a payment from the client, an expense with a vendor.
    const dated = (i: number, date: string, more: Record<string, unknown>) => ({
      number: String(i).padStart(6, '0'),
      amount: 35.9 + i,
      date,
      public_notes: 'Printer paper and toner for the office',
      updated_at: LONG_AGO,
      ...more,
    })
    up.seed(
      'payments',
      Array.from({length: PAYMENTS}, (_, i) => dated(i, day(i), {client_id: 'VolejRejNm', status_id: '4'})),
    )
    up.seed(
      'expenses',
      Array.from({length: EXPENSES}, (_, i) => dated(i, day(i), {vendor_id: 'Vn2cR5sYt8'})),
    )
    const env = cliEnv(up)
    const mb = (kb?: number) => (kb! / 1024).toFixed(0)
    const s = (ms: number) => (ms / 1000).toFixed(1)
    const rows: string[] = []
    const measure = async (label: string, args: string[]) => {
      const r = await run(cli(args), env, true)
      rows.push(`| ${label} | ${s(r.ms)} | ${mb(r.maxRssKb)} |`)
    }
    const backup = join(dir, 'backup')
    await measure('`backup` (first run: every record)', ['backup', '--dir', backup])
    await measure('`backup` again (nothing changed: only the cursors asked)', ['backup', '--dir', backup])
    await measure('`backup verify`', ['backup', 'verify', '--dir', backup])
    const pack = join(dir, 'pack')
    const period = ['period-pack', '--from', '2026-11-01', '--to', '2026-11-30', '--dir', pack]
    const pdfs = (INVOICES / MONTHS).toLocaleString('en')
    await measure(`\`period-pack\` for one month (four ledgers, ${pdfs} invoice PDFs)`, period)
    await measure('`period-pack` again (every file already there)', period)
    // The same backup of a company a tenth the size: memory does not grow with the company.
    up.seed('invoices', up.records('invoices').slice(0, INVOICES / 10))
    up.seed('payments', up.records('payments').slice(0, PAYMENTS / 10))
    up.seed('expenses', up.records('expenses').slice(0, EXPENSES / 10))
    await measure('`backup` of a company a tenth the size (5,000 records), for comparison', [
      'backup',
      '--dir',
      join(dir, 'small'),
    ])
    return [
      `### Month-end: a company of ${(INVOICES + PAYMENTS + EXPENSES).toLocaleString('en')} records ` +
        `(${INVOICES.toLocaleString('en')} invoices, ${PAYMENTS.toLocaleString('en')} payments, ` +
        `${EXPENSES.toLocaleString('en')} expenses over two years; one run each)`,
      '',
      '| case | seconds | peak RSS MB |',
      '|---|---:|---:|',
      ...rows,
    ]
  } finally {
    rmSync(dir, {recursive: true, force: true})
    await up.close()
  }
}
