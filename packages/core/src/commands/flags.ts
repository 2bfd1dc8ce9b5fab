/** Flag definitions shared by commands (oclif flag builders, so help and completion see them). */
import {Flags} from '@oclif/core'

import {MAX_TIMEOUT_SECONDS} from '../http/net-options.js'
import {FORMAT_NAMES} from '../output/formats/index.js'
import {HEADER_STYLES} from '../output/headers.js'
import {type GuidedFlag, GUIDED_FLAGS} from '../input/payload.js'
import {RECORD_STATES} from './resource/status-filter.js'
import {DEFAULT_RETRIES, MAX_RETRIES} from '../http/retry.js'
import {ALL_PER_PAGE, MAX_PER_PAGE, PAGE_CAP} from '../http/paging-rules.js'
import {ExitCode} from '../errors.js'

/** Flags every command has. */
export const baseFlags = {
  output: Flags.string({
    char: 'o',
    summary:
      'Output format: table for people; json (the upstream JSON, unchanged) or ndjson (a record per line) for ' +
      'scripts; csv, xlsx for spreadsheets; yaml; ids (one id a line, for piping).',
    options: [...FORMAT_NAMES],
    default: FORMAT_NAMES[0],
    helpGroup: 'GLOBAL',
  }),
  'output-file': Flags.string({
    summary: 'The file --output xlsx writes its workbook to (a workbook never goes to a terminal or standard output).',
    // A short label keeps the help's two columns (a wider one makes oclif put every description on lines of its own).
    helpValue: 'FILE',
    helpGroup: 'GLOBAL',
  }),
  headers: Flags.string({
    summary: "Header row of csv: machine (the field names, the default) or human (people's column names).",
    options: [...HEADER_STYLES],
    helpGroup: 'GLOBAL',
  }),
  bom: Flags.boolean({
    summary: 'Start csv with the UTF-8 byte-order mark, which the most used spreadsheet needs to read accents right.',
    helpGroup: 'GLOBAL',
  }),
  columns: Flags.string({
    summary: 'Fields to show, in any format: field names or dotted paths, comma-separated (id,number,client.name).',
    helpGroup: 'GLOBAL',
  }),
  query: Flags.string({
    summary:
      "A JMESPath expression applied to the JSON answer before printing, in any format (e.g. 'data[].number', " +
      "'sum(data[].balance)').",
    helpGroup: 'GLOBAL',
  }),
  'dry-run': Flags.boolean({
    summary: 'Print the request instead of sending it (needs no configuration).',
    helpGroup: 'GLOBAL',
  }),
  'base-url': Flags.string({
    summary: 'Server root, e.g. https://invoicing.co (else CLI_BASE_URL, else the profile).',
    helpGroup: 'GLOBAL',
  }),
  profile: Flags.string({
    summary: 'Config profile to use (else CLI_PROFILE, else the active profile).',
    helpGroup: 'GLOBAL',
  }),
  debug: Flags.boolean({
    summary: 'Show stack traces of unexpected errors.',
    helpGroup: 'GLOBAL',
  }),
  verbose: Flags.boolean({
    summary: 'Trace each HTTP request on stderr: method, URL, status, timing, headers (secrets redacted).',
    helpGroup: 'GLOBAL',
  }),
  timeout: Flags.string({
    summary:
      `Seconds to wait for the upstream to connect and answer (default 60, at most ${MAX_TIMEOUT_SECONDS}; else ` +
      'CLI_TIMEOUT).',
    helpGroup: 'GLOBAL',
  }),
  retries: Flags.integer({
    summary:
      `Retries of a read that failed (502, 503, 504, 429, broken connection; default ${DEFAULT_RETRIES}). A change ` +
      '(create, update, delete, bulk, action, upload) is sent again only after a 429 or a refused connection.',
    min: 0,
    max: MAX_RETRIES,
    helpGroup: 'GLOBAL',
  }),
  insecure: Flags.boolean({
    summary: 'Allow sending the token over plain http:// to a host that is not loopback (else CLI_INSECURE=1).',
    helpGroup: 'GLOBAL',
  }),
}

/** The shared flags less those a command would ignore (`download` writes bytes: no --columns, --query). */
export function baseFlagsWithout<K extends keyof typeof baseFlags>(...names: K[]): Omit<typeof baseFlags, K> {
  return Object.fromEntries(Object.entries(baseFlags).filter(([name]) => !(names as string[]).includes(name))) as Omit<
    typeof baseFlags,
    K
  >
}

export const yesFlag = {
  yes: Flags.boolean({char: 'y', summary: 'Confirm this change to upstream records (or use --dry-run).'}),
  'save-plan': Flags.string({
    summary:
      'Send nothing: save the change as a plan to FILE (- for stdout), to review with `cli plan show FILE` and send ' +
      'with `cli apply FILE --yes`.',
  }),
}

/** --yes, and --quiet for the commands that say what their change did (a summary line on stderr). */
export const changeFlags = {
  ...yesFlag,
  quiet: Flags.boolean({
    char: 'q',
    summary: 'No summary line on stderr after the change (what it did, to which record); stdout is the same.',
  }),
}

export const includeFlag = {
  include: Flags.string({summary: 'Relations to include, comma-separated (client, payments, documents, ...).'}),
}

/** --data / --data-file / --stdin: one raw JSON source. */
export const rawPayloadFlags = {
  data: Flags.string({summary: 'Raw JSON payload.', helpGroup: 'PAYLOAD'}),
  'data-file': Flags.string({summary: 'Read the raw JSON payload from a file.', helpGroup: 'PAYLOAD'}),
  stdin: Flags.boolean({summary: 'Read the raw JSON payload from standard input.', helpGroup: 'PAYLOAD'}),
}

export const fieldFlag = {
  field: Flags.string({
    char: 'F',
    multiple: true,
    summary: 'Set a field: key=value (repeatable).',
    description:
      'true, false, null and numbers become JSON scalars; a quoted value is a string ("0042" stays "0042"); ' +
      'dotted keys nest (settings.currency_id="1" → {"settings":{"currency_id":"1"}}); a number segment indexes ' +
      'a list (contacts.1.email=...). contacts, line_items and invitations are lists: contacts.email=a@b.c sets the ' +
      'first contact → {"contacts":[{"email":"a@b.c"}]}.',
    helpGroup: 'PAYLOAD',
  }),
}

const helpGroup = 'PAYLOAD'
/**
 * Each flag's summary is read from its guided flag when help reads it: a reference's summary names how the records of
 * its family are found, and reading it at once made that family's entry (three for an invoice) at every create.
 */
const guidedFlags = (guided: readonly GuidedFlag[]) =>
  Object.fromEntries(
    guided.map((g) => {
      // A pairs flag (`--invoice 0042:25`) is repeatable.
      const flag = g.kind === 'pairs' ? Flags.string({helpGroup, multiple: true}) : Flags.string({helpGroup})
      return [g.flag, Object.defineProperty(flag, 'summary', {get: () => g.summary, enumerable: true})]
    }),
  )

/**
 * Everything a create or update takes: the family's guided flags;
 * `--line-item` is hidden on families that are not document-like.
 */
export function writePayloadFlags(documentLike: boolean, guided: readonly GuidedFlag[] = GUIDED_FLAGS) {
  return {
    ...rawPayloadFlags,
    ...guidedFlags(guided),
    ...fieldFlag,
    'line-item': Flags.string({
      multiple: true,
      hidden: !documentLike,
      summary: 'Add a line item: key=value,... (repeatable), e.g. product_key=A,quantity=2,cost=10.',
      description: 'Values parse like --field; quote a value that holds a comma: notes="a, b".',
      helpGroup: 'PAYLOAD',
    }),
    'no-validate': Flags.boolean({
      summary: "Send the payload without checking field names and JSON types against the family's known fields.",
      helpGroup: 'PAYLOAD',
    }),
  }
}

/**
 * 250000 → 250,000. Not toLocaleString: it loads ICU's number data, ≈10 ms at every start, since this text is
 * built when the module loads.
 */
const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

export const listFlags = {
  page: Flags.integer({
    summary: 'Page to fetch (from 1); with --all or --limit, the first page fetched (to go on after the page cap).',
    min: 1,
    max: 1_000_000,
  }),
  'per-page': Flags.integer({
    summary:
      `Records per page (upstream default 20, at most ${MAX_PER_PAGE}; with --all, ${ALL_PER_PAGE}; with ` +
      '--limit N, N up to that).',
    min: 1,
    max: MAX_PER_PAGE,
  }),
  filter: Flags.string({
    multiple: true,
    summary:
      'Server filter as name=value (repeatable): client_id=VolejRejNm, balance=1000:gt. The names and values ' +
      'this list takes are under DESCRIPTION; any other is refused.',
  }),
  // A comma-separated list, so no `options`: completion offers the states one at a time.
  status: Flags.string({
    summary: 'Only records in these states, comma-separated: active, archived, deleted (default: all of them).',
    completion: {options: async () => [...RECORD_STATES]},
  }),
  sort: Flags.string({summary: "Sort as 'field|asc' or 'field|desc'."}),
  all: Flags.boolean({
    summary:
      `Fetch every page, in order (stops after ${PAGE_CAP} pages, ${thousands(PAGE_CAP * ALL_PER_PAGE)} ` +
      `records at the default page size, and exits ${ExitCode.incomplete}).`,
  }),
  // More than 100 pages of 5000 (the page cap) can never be fetched.
  limit: Flags.integer({
    summary: 'Return at most N records, fetching further pages as needed.',
    min: 1,
    max: PAGE_CAP * MAX_PER_PAGE,
  }),
  concurrency: Flags.integer({
    summary: 'Pages fetched at once by --all/--limit, after the first (default 4).',
    min: 1,
    max: 16,
  }),
}
