/**
 * A period pack: whether the company has e-invoicing, each family's ledger and files, then the downloads (a few at a
 * time; a file already there with the hash the last run recorded, for a record unchanged since, is kept), and
 * manifest.json listing every file's SHA-256.
 */
import {mkdir, stat} from 'node:fs/promises'

import {
  CliError,
  currencyId,
  ExitCode,
  type HttpClient,
  stderrProgress,
  usageError,
  writeErr,
  errorLabel,
} from '@invoicing-cli/core/internal'

import {companySettings} from '../company.js'
import {downloadAll} from '../downloads.js'
import {insidePath, readJsonFile, writeJsonFile} from '../files.js'
import {type Ledger, type PackFile, writeLedger} from './ledger.js'
import {paymentMethods, writeLedgerBook} from './ledger-book.js'
import {LedgerCurrencies} from './ledger-currency.js'
import {distinctNames, missingPdfs} from './names.js'
import {packFamilies} from './parts.js'

const PACK_FORMAT = 1

export interface PackOptions {
  dir: string
  from: string
  to: string
  server: string
}

interface PackEntry {
  sha256: string
  bytes: number
  /** The record's updated_at when its file was saved (ledgers: none). */
  updated_at?: number | null
}

export interface PackManifest {
  format: number
  server: string
  from: string
  to: string
  e_invoice: boolean
  created_at: string
  files: Record<string, PackEntry>
}

export interface PackResult {
  dir: string
  from: string
  to: string
  e_invoice: boolean
  ledgers: Record<string, {file: string; records: number}>
  files: {saved: number; kept: number; failed: string[]}
}

async function previousPack(opts: PackOptions): Promise<PackManifest | undefined> {
  const info = await stat(opts.dir).catch(() => undefined)
  if (info && !info.isDirectory()) throw usageError(`--dir ${opts.dir} is not a folder`)
  await mkdir(opts.dir, {recursive: true})
  const found = await readJsonFile<PackManifest>(`${opts.dir}/manifest.json`)
  // A manifest of something else (a backup's): not a pack to go on with.
  if (found && (found.format !== PACK_FORMAT || typeof found.from !== 'string'))
    throw usageError(`${opts.dir} holds a manifest.json that is not a period pack's: give another --dir`)
  if (found && (found.server !== opts.server || found.from !== opts.from || found.to !== opts.to))
    throw usageError(
      `${opts.dir} holds the pack of ${found.from} to ${found.to} from ${found.server}: give another --dir`,
    )
  return found
}

export async function runPack(client: HttpClient, opts: PackOptions): Promise<PackResult> {
  const previous = await previousPack(opts)
  const company = await companySettings(client)
  // E-invoicing (enable_e_invoice): each PDF has an e-invoice beside it. The currency: of rows naming none.
  const eInvoice = company.enable_e_invoice === true
  const currencies = new LedgerCurrencies(client, currencyId(company.currency_id))
  const progress = stderrProgress()
  const families = packFamilies()
  const ledgers: Ledger[] = []
  const methods = paymentMethods(client)
  try {
    for (const f of families) {
      progress.update(`period pack: ${f.word}…`)
      ledgers.push(await writeLedger(client, opts.dir, f, opts, eInvoice, methods, currencies))
    }
    const book = await writeLedgerBook(
      opts.dir,
      ledgers.map((l, i) => ({...l, word: families[i].word, codes: families[i].codes})),
    )
    progress.update('period pack: downloading the files…')
    const wanted: PackFile[] = distinctNames(ledgers.flatMap((l) => l.files))
    for (const w of wanted) {
      const before = previous?.files[w.file]
      if (before && before.updated_at === w.updated) w.known = before.sha256
    }
    const outcome = await downloadAll(client, opts.dir, wanted)
    const files: Record<string, PackEntry> = {}
    for (const l of [...ledgers, book]) files[l.file] = {sha256: l.sha256, bytes: l.bytes}
    for (const f of outcome.kept) files[f.file] = previous!.files[f.file]
    for (const f of outcome.saved) files[f.file] = {sha256: f.sha256, bytes: f.bytes, updated_at: f.updated}
    const manifest: PackManifest = {
      format: PACK_FORMAT,
      server: opts.server,
      from: opts.from,
      to: opts.to,
      e_invoice: eInvoice,
      created_at: new Date().toISOString(),
      files,
    }
    await writeJsonFile(await insidePath(opts.dir, 'manifest.json'), manifest)
    const unreachable = ledgers.flatMap((l) => l.unreachable)
    for (const line of unreachable) writeErr(`${errorLabel()} ${line}`)
    const counted = ledgers.map((l, i) => ({
      family: families[i].word,
      records: l.records,
      pdf: families[i].pack.files === 'pdf',
    }))
    const short = missingPdfs(counted, [...outcome.saved, ...outcome.kept])
    for (const line of short) writeErr(`${errorLabel()} ${line}`)
    const named = [...outcome.failed.map((f) => f.file), ...unreachable]
    // The count check's lines say what the named failures leave out; alone, they are the failure.
    const failed = named.length > 0 ? named : short
    return {
      dir: opts.dir,
      from: opts.from,
      to: opts.to,
      e_invoice: eInvoice,
      ledgers: Object.fromEntries(ledgers.map((l, i) => [families[i].word, {file: l.file, records: l.records}])),
      files: {saved: outcome.saved.length, kept: outcome.kept.length, failed},
    }
  } finally {
    progress.done()
  }
}

/** A pack with a file missing is incomplete: exit 5, after everything else was saved. */
export function packIncomplete(result: PackResult): CliError | undefined {
  const n = result.files.failed.length
  if (n === 0) return undefined
  return new CliError(
    `incomplete: ${n} file${n === 1 ? ' is' : 's are'} missing from the pack (named above): run the same command ` +
      'again to fetch them',
    ExitCode.incomplete,
  )
}

export function packText(result: PackResult): string {
  const rows = Object.values(result.ledgers).map(
    (l) => `  ${l.file.padEnd(14)} ${String(l.records).padStart(8)} record${l.records === 1 ? '' : 's'}`,
  )
  return [
    `Period pack ${result.from} to ${result.to} in ${result.dir}${result.e_invoice ? ' (with e-invoices)' : ''}:`,
    ...rows,
    `  files: ${result.files.saved} downloaded, ${result.files.kept} already there`,
  ].join('\n')
}
