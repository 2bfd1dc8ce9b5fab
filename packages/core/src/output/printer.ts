/**
 * Everything a command prints on stdout, in one place: answers in the chosen format (table, csv,
 * json, ndjson, yaml), --columns and --query applied, secrets scrubbed, bytes to a file or a pipe.
 * Lines for people about what happened go to stderr (writeErr).
 */
import {CliError, ExitCode} from '../errors.js'
import {type Credentials, scrubBytes, scrubSecrets} from '../http/headers.js'
import {type HttpResponse, takeJsonBody} from '../http/client.js'
import type {ListPlan, LocalPlan, SendPlan} from '../plan/plans.js'
import type {RequestSpec} from '../plan/request.js'
import {type FormatContext, formatOf, type OutputFormat} from './formats/index.js'
import {collectSink, type ListSink} from './list-sinks.js'
import {recordsOf} from './records.js'
import {stdoutFacts} from './std-streams.js'
import {columnWarner, outputColumns, outputQuery, pickFields, type Query, selectFields} from './shape.js'
import {type Style, styleFor} from './table.js'
import {jsonTextSlices, writeErr, writeOut} from './write.js'
import {pageFooter, writeNote} from './notes.js'
import type {HeaderStyle} from './headers.js'
import {checkFileOutput} from './output-file.js'
import {type CurrencyBook, type PrecisionOf, readPrecisions, shownFields, showsAmounts} from './currencies.js'
import {type Codes, DEFAULT_PRECISION} from './cells.js'

export type Secrets = Pick<Credentials, 'token' | 'password'>

export interface PrinterOptions {
  format?: string
  /** --columns, parsed. */
  columns?: string[]
  /** --query, compiled. */
  query?: Query
  /** The secrets in use (they change once the settings are read). */
  secrets: () => Secrets
  /** What tables of this command know beyond the terminal: a family's status names. */
  tableStyle?: Partial<Style>
  /** --output-file, for a format that writes a file (xlsx). */
  outputFile?: string
  /** --headers. */
  headers?: HeaderStyle
  /** --bom. */
  bom?: boolean
  /** The currencies (statics-cache.ts), read only when a table, CSV or workbook shows amounts. */
  currencies?: () => Promise<CurrencyBook>
}

export class Printer {
  /** The --output format's entry (formats/index.ts): everything format-specific is there. */
  readonly format: OutputFormat

  constructor(readonly opts: PrinterOptions) {
    this.format = formatOf(opts.format)
  }

  /**
   * The output flags of a command line: --output, --columns, --query, --headers, --bom, and --output-file unless the
   * command has its own (a download's file).
   */
  static async fromFlags(
    flags: Record<string, unknown>,
    secrets: () => Secrets,
    tableStyle?: Partial<Style>,
    ownOutputFile = false,
    currencies?: () => Promise<CurrencyBook>,
  ): Promise<Printer> {
    const outputFile = ownOutputFile ? undefined : (flags['output-file'] as string | undefined)
    await checkFileOutput(formatOf(flags.output as string | undefined), outputFile)
    return new Printer({
      format: flags.output as string | undefined,
      columns: outputColumns(flags),
      query: await outputQuery(flags),
      secrets,
      tableStyle,
      outputFile,
      headers: flags.headers as HeaderStyle | undefined,
      bom: Boolean(flags.bom),
      currencies,
    })
  }

  /** Text for stdout: the secrets in use never appear there, even when an answer holds them. */
  async print(text: string): Promise<void> {
    await writeOut(scrubSecrets(text, this.opts.secrets()))
  }

  /** The decimals of each record's amounts, once the currencies are read (readAmounts). */
  private precisions?: PrecisionOf
  private readonly precisionOf: PrecisionOf = (record) => this.precisions?.(record) ?? DEFAULT_PRECISION

  /** The names the statics give the fields shown (a payment's type_id), once read with the currencies. */
  private staticNames?: Codes

  /**
   * Reads the currencies, once a run, when what is about to print shows amounts in a format that rounds them (table,
   * csv, xlsx), or a field the statics name (a payment type): json and yaml keep the server's values and never read
   * them. A failed read leaves 2 decimals and the ids, said once.
   */
  private async readAmounts(records: readonly unknown[], familyColumns?: readonly string[]): Promise<void> {
    const {currencies, columns, query, tableStyle} = this.opts
    if (this.precisions || !currencies || !this.format.amounts) return
    const shown = columns ?? (query ? undefined : familyColumns)
    const named = shownFields(Object.keys(tableStyle?.staticCodes ?? {}), shown, records)
    const amounts = showsAmounts(shown, records)
    if (!amounts && named.length === 0) return
    let book: CurrencyBook | undefined
    this.precisions = await readPrecisions(async () => (book = await currencies()), writeNote, {
      amounts,
      paymentTypes: named.length > 0,
    })
    const types = new Map(Object.entries(book?.paymentTypes ?? {}))
    if (types.size > 0) this.staticNames = new Map(named.map((field) => [field, types]))
  }

  /** The family's names of coded values, and those the statics gave. */
  private codes(): Codes | undefined {
    const own = this.opts.tableStyle?.codes
    return this.staticNames ? new Map([...(own ?? []), ...this.staticNames]) : own
  }

  /** What a format is told besides the answer. */
  private context(familyColumns?: readonly string[]): FormatContext {
    const {columns, query, tableStyle, outputFile, headers, bom} = this.opts
    const {precisionOf} = this
    return {
      columns,
      familyColumns,
      codes: this.codes(),
      queried: query !== undefined,
      outputFile,
      headers,
      bom,
      precisionOf,
      style: () => ({...styleFor(stdoutFacts()), note: writeNote, precisionOf, ...tableStyle, codes: this.codes()}),
    }
  }

  /** A local result; one with nothing to say (no result, no text: a server that has stopped) prints nothing. */
  async local(plan: LocalPlan): Promise<unknown> {
    if (plan.result === undefined && plan.text === '') return undefined
    if (plan.records) {
      // Records known locally (the journal): printed as a listing is, in every format.
      const sink = await this.listSink(plan)
      await sink.add(plan.records)
      await sink.finish({})
      return plan.result
    }
    if (!this.format.localAsText) await this.readAmounts(recordsOf(plan.result), plan.columns)
    await this.print(await this.format.local(plan.result, plan.text, this.context(plan.columns)))
    return plan.result
  }

  /**
   * A successful answer: JSON as the output format says. Only a plan that expects any answer prints
   * other bytes (to a file or a pipe); for the others a body that is not JSON is an error.
   */
  async answer(res: HttpResponse, plan: SendPlan | ListPlan): Promise<unknown> {
    const contentType = String(res.headers['content-type'] ?? '')
    if (plan.kind === 'send' && plan.expect === 'any' && contentType && !/json/i.test(contentType))
      return this.bytes(res, contentType)
    if (res.status === 204 || res.body.length === 0) return this.empty(res.status, plan.request)
    const {columns} = this.opts
    // Not reshaped (json piped): the upstream's JSON unchanged, printed from its bytes in slices (never one giant
    // string).
    if (this.format.passThrough?.(this.context())) {
      await this.printChunks(jsonTextSlices(takeJsonBody(res, false, plan.request), this.opts.secrets()))
      return undefined
    }
    // Parsed record by record and the bytes handed back: the value is all that is held while it prints.
    const body = takeJsonBody(res, true, plan.request)
    columnWarner(columns)(recordsOf(body))
    await this.readAmounts(recordsOf(body), plan.columns)
    await this.printChunks(await this.chunks(body, plan.columns))
    if (plan.kind === 'list' && this.format.pageFooter) pageFooter(body)
    return body
  }

  /** Prints chunks (whole rows or records, so no secret spans two) in batches of about 64 KB. */
  private async printChunks(chunks: Iterable<string>): Promise<void> {
    let batch = ''
    for (const chunk of chunks) {
      batch += chunk
      if (batch.length >= 65_536) {
        await this.print(batch)
        batch = ''
      }
    }
    if (batch) await this.print(batch)
  }

  /**
   * Text (a CSV report) is printed; bytes never land on a terminal. (The commands that save a file,
   * downloads and file actions, send a DownloadPlan: its answer is checked and written by the executor.)
   */
  private async bytes(res: HttpResponse, contentType: string): Promise<undefined> {
    const isText = /^text\/|csv/i.test(contentType)
    if (!isText && stdoutFacts().isTTY)
      throw new CliError(
        `the upstream answered ${contentType}: redirect standard output to a file (> FILE)`,
        ExitCode.usage,
      )
    await writeOut(isText ? scrubBytes(res.body, this.opts.secrets()) : res.body)
    return undefined
  }

  /**
   * A success without a body (a 204, an empty 200): one line on stderr; json, ndjson and yaml still get one
   * document.
   */
  private async empty(status: number, request: RequestSpec): Promise<unknown> {
    const doc = {status, data: null}
    writeErr(`done: ${request.method} ${request.path} answered ${status} with no body`)
    const text = await this.format.empty(doc)
    if (text !== undefined) await this.print(text)
    return doc
  }

  /**
   * An answer as the format is given it: the JSON formats get --columns and --query applied; the others (table, csv,
   * ids) the --query result, whose columns they choose themselves.
   */
  shape(body: unknown): unknown {
    const selected = this.format.json ? selectFields(body, this.opts.columns) : body
    return this.opts.query ? this.opts.query(selected) : selected
  }

  /** An answer in the chosen format, as chunks (whole rows or records). */
  private async chunks(body: unknown, familyColumns?: readonly string[]): Promise<Iterable<string>> {
    return this.format.answer(this.shape(body), this.context(familyColumns))
  }

  /**
   * Where the pages of a listing go: written page by page where the format can; a table,
   * indented JSON on a terminal and --query results need the whole document first.
   */
  async listSink(plan: Pick<ListPlan, 'columns'>): Promise<ListSink> {
    const {query, columns} = this.opts
    const ctx = this.context(plan.columns)
    const streamed = query === undefined ? await this.format.pageSink?.((text) => this.print(text), ctx) : undefined
    const sink = streamed ?? collectSink(async (doc) => this.printChunks(await this.chunks(doc, plan.columns)))
    const pick = streamed !== undefined && columns !== undefined && this.format.json
    const warn = columnWarner(columns)
    return {
      add: async (records) => {
        warn(records)
        await this.readAmounts(records, plan.columns)
        return sink.add(pick ? records.map((r) => pickFields(r, columns)) : records)
      },
      finish: (meta) => sink.finish(meta),
    }
  }
}
