import {Flags} from '@oclif/core'
import {
  BaseCommand,
  currencyId,
  flags as coreFlags,
  type HttpClient,
  isIsoDate,
  type Plan,
  readPrecisions,
  shown,
  usageError,
  writeErr,
} from '@invoicing-cli/core/internal'

import {companySettings} from '../month-end/company.js'
import {listRequest, readAll} from '../month-end/read-all.js'
import {BATCH_SIZE, type Match, matchesToApply, matchRequests, parsePick} from '../month-end/reconcile/matches.js'
import {
  type Deposit,
  depositOf,
  type OpenInvoice,
  needsCompanyCurrency,
  openInvoiceOf,
  type Proposal,
  proposals,
} from '../month-end/reconcile/proposals.js'
import {type Decimals, proposalRows, proposalsText, resultText} from '../month-end/reconcile/render.js'

/**
 * `cli reconcile`: the unmatched deposits of the bank feed against the open invoices. It reads both lists whole,
 * proposes (proposals.ts), and with --yes applies the certain matches and the picks through POST
 * /bank_transactions/match, in batches, each transaction once.
 */
export default class Reconcile extends BaseCommand {
  static summary = 'Match unmatched bank deposits to the open invoices they pay.'
  static description =
    'Reads the unmatched deposits (GET /api/v1/bank_transactions?client_status=unmatched; CREDIT transactions) and ' +
    'the open invoices (client_status=unpaid, a balance above 0) and proposes for each deposit the invoices it ' +
    'pays: an invoice number in its description (number-in-description), a client named in it whose open invoices ' +
    'add up to the amount (client-named-sum), or the one open invoice of exactly that balance (exact-balance). ' +
    'Each proposal is certain or ambiguous: certain only when the description names the invoice or the client, ' +
    "and the deposit is in the client's currency (an amount alone, or another currency, waits for --pick). " +
    'Without --yes nothing is changed: the proposals are printed. With --yes ' +
    `the certain ones, and the --pick choices, are sent to POST /api/v1/bank_transactions/match, ${BATCH_SIZE} ` +
    'transactions a request, each once; the server makes a payment per transaction. Ambiguous ones are never ' +
    'applied unless picked. See docs/month-end.md.'

  static examples = [
    '<%= config.bin %> reconcile',
    '<%= config.bin %> reconcile --since 2024-03-01 --bank-account Bi7kQ2mXw4 --output json',
    '<%= config.bin %> reconcile --dry-run',
    '<%= config.bin %> reconcile --pick Bt4dN7qTw1=0008 --yes',
    '<%= config.bin %> reconcile --skip Bt1aK4mQz7 --yes',
  ]

  static mutating = true

  static flags = {
    since: Flags.string({summary: 'Only deposits dated on or after this day (YYYY-MM-DD).'}),
    'bank-account': Flags.string({
      multiple: true,
      summary: "Only this bank account's transactions: a bank integration id (repeatable).",
    }),
    skip: Flags.string({
      multiple: true,
      summary: 'Leave this transaction out: neither proposed nor applied (a transaction id; repeatable).',
    }),
    pick: Flags.string({
      multiple: true,
      summary: 'Apply this choice: TRANSACTION=INVOICE[,INVOICE] (transaction id; invoice numbers or ids; repeatable).',
    }),
    ...coreFlags.yesFlag,
  }

  protected async plan(): Promise<Plan> {
    const since = this.flags.since as string | undefined
    if (since !== undefined && !isIsoDate(since))
      throw usageError(`--since must be a date as YYYY-MM-DD, got ${shown(since)}`)
    const picks = (this.flags.pick as string[] | undefined) ?? []
    for (const pick of picks) parsePick(pick) // a malformed pick is refused before anything is read
    const skips = new Set((this.flags.skip as string[] | undefined) ?? [])
    const both = picks.map((p) => parsePick(p).transaction).find((t) => skips.has(t))
    if (both !== undefined) throw usageError(`--pick and --skip both name transaction ${both}: give one`)
    const {deposits, open} = await this.read(since)
    const unknown = [...skips].find((t) => !deposits.some((d) => d.id === t))
    if (unknown !== undefined)
      throw usageError(`--skip ${shown(unknown)} is not among the unmatched deposits read: nothing was sent`)
    const found = proposals(
      deposits.filter((d) => !skips.has(d.id)),
      open,
    )
    const matches = matchesToApply(found, open, picks)
    const apply = this.flags.yes || this.flags['dry-run'] || this.savesPlan
    if (!apply || matches.length === 0) {
      const text = proposalsText(found, matches, false, await this.decimals())
      return {
        kind: 'local',
        result: {data: proposalRows(found, matches), apply: matches.map(applied)},
        text,
        columns: COLUMNS,
        // --yes with nothing to apply changed nothing: exit 5 (a preview without --yes is a success).
        ...(this.flags.yes && !this.flags['dry-run'] && matches.length === 0
          ? {didNothing: 'nothing was matched: no deposit has a certain match or a --pick (the proposals above)'}
          : {}),
      }
    }
    const requests = matchRequests(matches)
    const batch = (i: number) => matches.slice(i * BATCH_SIZE, (i + 1) * BATCH_SIZE)
    return {
      kind: 'series',
      requests,
      label: (i) =>
        `match batch ${i + 1} of ${requests.length} (transactions ${batch(i)
          .map((m) => m.transaction)
          .join(', ')})`,
      dryRunExtra: {proposals: proposalRows(found, matches)},
      columns: COLUMNS,
      done: (answers) => this.outcome(found, matches, answers),
    }
  }

  /**
   * The decimals of each currency, for the text a table prints (JPY 1200, KWD 80.500): the cached statics
   * (output/statics-cache.ts); the other formats print the server's numbers, and never read them.
   */
  private async decimals(): Promise<Decimals> {
    if (this.format.name !== 'table') return () => 2
    const of = await readPrecisions(() => this.currencies(), writeErr)
    // Undefined: a client whose currency is its group's, which reconcile does not read.
    return (id) => (id === undefined ? 2 : of({currency_id: id}))
  }

  /** The unmatched deposits (on or after --since) and the open invoices, every page of each. */
  private async read(since?: string): Promise<{deposits: Deposit[]; open: OpenInvoice[]}> {
    const accounts = (this.flags['bank-account'] as string[] | undefined) ?? []
    const client = await this.client()
    try {
      const transactions = await readAll(
        client,
        listRequest('bank_transactions', 'bank-transactions', [
          // unmatched only: the server ORs `deposits` with the statuses, so CREDIT is checked here instead.
          ['client_status', 'unmatched'],
          ...(accounts.length > 0 ? [['bank_integration_ids', accounts.join(',')] as [string, string]] : []),
          // The server's date_range (start,end on the date column) narrows what is read; the check below stays.
          ...(since === undefined ? [] : [['date_range', `${since},9999-12-31`] as [string, string]]),
        ]),
      )
      const invoices = await readAll(
        client,
        listRequest('invoices', 'invoices', [
          ['client_status', 'unpaid'],
          ['include', 'client'],
        ]),
      )
      // The company's currency is every client's without one of its own: read only when a client needs it.
      const company = invoices.some(needsCompanyCurrency) ? await companyCurrency(client) : undefined
      return {
        deposits: transactions
          .map(depositOf)
          .filter((d): d is Deposit => d !== undefined && (since === undefined || d.date >= since)),
        open: invoices.map((i) => openInvoiceOf(i, company)).filter((i): i is OpenInvoice => i !== undefined),
      }
    } finally {
      client.close()
    }
  }

  private outcome(found: Proposal[], matches: Match[], answers: unknown[]) {
    const {text, matched, skipped} = resultText(matches, answers)
    const failure =
      skipped.length > 0
        ? `the server matched none of ${skipped.map((m) => m.transaction).join(', ')}: an invoice may have been paid ` +
          'or a transaction converted meanwhile (cli bank-transactions show ID; cli reconcile shows what is left)'
        : undefined
    return {
      result: {data: proposalRows(found, matches), matched, not_matched: skipped.map((m) => m.transaction)},
      text,
      failure,
    }
  }
}

/** The token's company's currency id, which every client without one of its own has. */
async function companyCurrency(client: HttpClient): Promise<string | undefined> {
  return currencyId((await companySettings(client)).currency_id)
}

/** A proposal's columns in CSV. */
const COLUMNS = ['transaction', 'date', 'amount', 'description', 'status', 'invoices', 'client', 'why', 'choices']

/** A match as `--output json` shows what would be applied. */
const applied = (m: Match) => ({
  transaction: m.transaction,
  invoice_ids: m.invoices.map((i) => i.id).join(','),
  invoices: m.invoices.map((i) => i.number),
  source: m.source,
})
