/**
 * Everything a command prints on stdout, in one place: answers in the chosen format (table, csv,
 * json, ndjson, yaml), --columns and --query applied, secrets scrubbed, bytes to a file or a pipe.
 * Lines for people about what happened go to stderr (writeErr).
 */
import {CliError, ExitCode} from '../errors.js'
import {answerChunks, csvWriter, outputColumns, recordsOf, renderFormat, renderYaml, yamlText} from './formats.js'
import {type Credentials, scrubBytes, scrubSecrets} from '../http/headers.js'
import {type HttpResponse, takeJsonBody} from '../http/client.js'
import {collectSink, csvSink, jsonSink, type ListSink, ndjsonSink, yamlSink} from './list-sinks.js'
import {jsonText, jsonTextSlices, writeErr, writeOut} from './write.js'
import {asListPage} from '../http/paging.js'
import type {RequestSpec} from '../plan/request.js'
import {columnWarner, formatJson, isJsonFormat, outputQuery, pickFields, type Query, selectFields} from './shape.js'
import {type Style, styleFor} from './table.js'
import type {ListPlan, LocalPlan, SendPlan} from '../plan/plans.js'

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
}

export class Printer {
  constructor(readonly opts: PrinterOptions) {}

  /** The output flags of a command line: --output, --columns, --query. */
  static async fromFlags(
    flags: Record<string, unknown>,
    secrets: () => Secrets,
    tableStyle?: Partial<Style>,
  ): Promise<Printer> {
    return new Printer({
      format: flags.output as string | undefined,
      columns: outputColumns(flags),
      query: await outputQuery(flags),
      secrets,
      tableStyle,
    })
  }

  get json(): boolean {
    return this.opts.format === 'json'
  }

  /** Text for stdout: the secrets in use never appear there, even when an answer holds them. */
  async print(text: string): Promise<void> {
    await writeOut(scrubSecrets(text, this.opts.secrets()))
  }

  async local(plan: LocalPlan): Promise<unknown> {
    const {columns, format} = this.opts
    const formatted = await renderFormat(format, plan.result, columns, columns !== undefined)
    await this.print(
      formatted ?? (this.json ? jsonText(plan.result) : plan.text.endsWith('\n') ? plan.text : `${plan.text}\n`),
    )
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
    const {columns, query, format} = this.opts
    // json piped and not reshaped: the upstream's JSON unchanged,
    // printed from its bytes in slices (never one giant string).
    if (this.json && columns === undefined && query === undefined && !process.stdout.isTTY) {
      await this.printChunks(jsonTextSlices(takeJsonBody(res, false, plan.request), this.opts.secrets()))
      return undefined
    }
    // Parsed record by record and the bytes handed back: the value is all that is held while it prints.
    const body = takeJsonBody(res, true, plan.request)
    columnWarner(columns)(recordsOf(body))
    await this.printChunks(await this.chunks(body, plan.columns))
    if (plan.kind === 'list' && !isJsonFormat(format)) pageFooter(body)
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
    if (!isText && process.stdout.isTTY)
      throw new CliError(
        `the upstream answered ${contentType}: redirect standard output to a file (> FILE)`,
        ExitCode.usage,
      )
    await writeOut(isText ? scrubBytes(res.body, this.opts.secrets()) : res.body)
    return undefined
  }

  /**
   * A success without a body (a 204, an empty 200): one line on stderr; json, ndjson and yaml still get one document.
   */
  private async empty(status: number, request: RequestSpec): Promise<unknown> {
    const doc = {status, data: null}
    writeErr(`done: ${request.method} ${request.path} answered ${status} with no body`)
    if (this.json || this.opts.format === 'ndjson') await this.print(`${JSON.stringify(doc)}\n`)
    else if (this.opts.format === 'yaml') await this.print(await renderYaml(doc))
    return doc
  }

  /** --columns and --query applied to a JSON answer (json, ndjson, yaml). */
  shape(body: unknown): unknown {
    const selected = selectFields(body, this.opts.columns)
    return this.opts.query ? this.opts.query(selected) : selected
  }

  /**
   * An answer in any format, as chunks (whole rows or records): table (people), csv, json, ndjson,
   * yaml; --columns wins over the family's. Without --query, ndjson and yaml are made record by
   * record; json (indented on a terminal, or reshaped) and --query results are one piece.
   */
  private async chunks(body: unknown, familyColumns?: readonly string[]): Promise<Iterable<string>> {
    const {format, query, columns} = this.opts
    const style = {...styleFor(process.stdout), note: writeErr, ...this.opts.tableStyle}
    if (isJsonFormat(format)) {
      if (query === undefined && format !== 'json') return answerChunks(format, this.shape(body), style)
      return [await formatJson(format!, this.shape(body), query !== undefined)]
    }
    return answerChunks(format, body, style, columns ?? familyColumns, columns !== undefined)
  }

  /**
   * Where the pages of a listing go: written page by page (json and yaml as one document, ndjson,
   * csv); a table, indented JSON on a terminal and --query results need the whole document first.
   */
  async listSink(plan: ListPlan): Promise<ListSink> {
    const {format, query, columns} = this.opts
    const stream = query === undefined && !(format === 'json' && process.stdout.isTTY)
    const sink =
      (stream && (await this.pageSink(plan))) ||
      collectSink(async (doc) => this.printChunks(await this.chunks(doc, plan.columns)))
    const pick = stream && columns && isJsonFormat(format)
    const warn = columnWarner(columns)
    return {
      add: (records) => {
        warn(records)
        return sink.add(pick ? records.map((r) => pickFields(r, columns)) : records)
      },
      finish: (meta) => sink.finish(meta),
    }
  }

  /** The sink that writes each page as it comes, for the formats that can; undefined for a table. */
  private async pageSink(plan: ListPlan): Promise<ListSink | undefined> {
    const {format, columns} = this.opts
    const write = (text: string) => this.print(text)
    if (format === 'json') return jsonSink(write)
    if (format === 'ndjson') return ndjsonSink(write)
    if (format === 'yaml') return yamlSink(write, await yamlText())
    if (format === 'csv') return csvSink(write, csvWriter(columns ?? plan.columns, columns !== undefined))
    return undefined
  }
}

function pageFooter(body: unknown): void {
  const p = asListPage(body).meta?.pagination
  if (p && Number(p.total_pages) > 1) {
    writeErr(
      `page ${p.current_page} of ${p.total_pages} (${p.total} records): --page N for another page, --all for ` +
        'every page',
    )
  }
}
