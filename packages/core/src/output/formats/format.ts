/**
 * What an output format is: one entry of the table in index.ts says how it prints each thing a
 * command prints (an answer, a local result, an empty answer, a dry run, a listing page by page)
 * and what it accepts. Adding a format is adding one entry; nothing outside this folder asks
 * which format it is.
 */
import type {Codes} from '../cells.js'
import type {ListSink, Write} from '../list-sinks.js'
import type {Style} from '../table.js'
import type {describeRequest} from '../describe-request.js'
import type {HeaderStyle} from '../headers.js'
import type {PrecisionOf} from '../currencies.js'

/** What the user asked for besides the format, and what the command knows. */
export interface FormatContext {
  /** --columns, parsed. */
  readonly columns?: readonly string[]
  /** The family's table columns, used where --columns was not given (table, csv). */
  readonly familyColumns?: readonly string[]
  /** The family's names of coded values (registry): status_id, frequency_id. */
  readonly codes?: Codes
  /** Whether --query reshaped the answer (its result may be any JSON value). */
  readonly queried: boolean
  /** How a table looks here: colour, width, status names, where notes go. */
  readonly style: () => Style
  /** --output-file: where a format that writes a file (xlsx) writes it. */
  readonly outputFile?: string
  /** --headers: machine (the columns as named) or human (people's names), for the header row of a file. */
  readonly headers?: HeaderStyle
  /** --bom: the UTF-8 byte-order mark first (CSV), which the most used spreadsheet needs to read UTF-8. */
  readonly bom?: boolean
  /** Decimals of a record's amounts (its currency's: currencies.ts), once the currencies are read. */
  readonly precisionOf?: PrecisionOf
}

/** The description of a request a dry run prints. */
export type DescribedRequest = ReturnType<typeof describeRequest>

export interface OutputFormat {
  readonly name: string
  /**
   * The JSON formats: --columns keeps those fields of each record, and the answer they are given
   * is already shaped (printer.ts). The others (table, csv, ids) take --columns as the columns of
   * their rows. --query applies in every format: the others print its result as they print records.
   */
  readonly json: boolean
  /** Prints one document of the data: a dry run prints its request as that document; a report is asked for JSON. */
  readonly document: boolean
  /** An error is also printed as a JSON document on stderr, for scripts. */
  readonly errorDocument: boolean
  /** A paged list answer is followed by "page N of M" on stderr (for people; the JSON formats carry meta). */
  readonly pageFooter: boolean
  /**
   * Whether it prints a list (or one record) as the family's columns where --columns is not given, so the
   * relations those columns name (`client.display_name`) are asked of the server. Undefined: never.
   */
  readonly familyColumns?: (kind: 'list' | 'record') => boolean
  /**
   * It prints one record whole, naming the relations the family's columns name (a show's client by name beside its
   * id), so a show asks the server for them too. Undefined: it does not.
   */
  readonly recordRelations?: boolean
  /** Why --columns does not go with this format (exit 2, nothing sent); undefined: it does. */
  readonly columnsRefused?: string
  /** It writes a file, never standard output: --output-file is needed (a workbook is not for a terminal or pipe). */
  readonly writesFile?: boolean
  /** It shows amounts to their currency's precision (table, csv, xlsx): the currencies are read when there are any. */
  readonly amounts?: boolean
  /** A local result prints as the command's text, not as its records (table): no currencies are read for it. */
  readonly localAsText?: boolean

  /** An answer (a list or one record) as chunks of whole rows or records. */
  answer(body: unknown, ctx: FormatContext): Promise<Iterable<string>>
  /** A result the command made itself, with the text people read. */
  local(result: unknown, text: string, ctx: FormatContext): Promise<string>
  /** A success without a body, `{status, data: null}`: the document, or nothing. */
  empty(doc: unknown): Promise<string | undefined>
  /** A dry run: the request as this format prints it (`extra`: a fallback, a diff). */
  dryRun(described: DescribedRequest, extra: Record<string, unknown>): Promise<string>
  /**
   * The pages of a listing, written as they come; undefined where the whole listing is needed
   * first (a table's widths, indented JSON on a terminal).
   */
  pageSink?(write: Write, ctx: FormatContext): Promise<ListSink | undefined>
  /** Whether the upstream's JSON bytes can be printed as they are (nothing to reshape or indent). */
  passThrough?(ctx: FormatContext): boolean
}

/** The document a dry run prints in the document formats. */
export const dryRunDocument = (described: DescribedRequest, extra: Record<string, unknown> = {}) => ({
  dry_run: true,
  request: described,
  ...extra,
})

/** A dry run as people read it: the method and URL, then the body. */
export function dryRunText(described: DescribedRequest): string {
  const body = described.body === null ? '' : `${JSON.stringify(described.body, null, 2)}\n`
  return `${described.method} ${described.url}\n${body}`
}

/** A local result's text, ending in a line break. */
export const textLine = (text: string): string => (text.endsWith('\n') ? text : `${text}\n`)
