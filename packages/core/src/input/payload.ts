/** Write payloads: one raw JSON source, or guided flags (`--name`, `--field`, `--line-item`, ...). */
import {readFile} from 'node:fs/promises'

import {shown, usageError} from '../errors.js'
import {
  type KeyShapes,
  LIST_FIELDS,
  ObjectBuilder,
  parseKeyPath,
  parseLineItem,
  parseAmount,
  parseNumber,
  parseScalar,
  splitAssignment,
} from './field-syntax.js'
import {readProblem} from './local-files.js'
import {trackOpening, untrackOpening} from '../interrupt.js'
import {FAMILIES, family} from '../registry/registry.js'
import {REFERENCES} from '../registry/families/references.js'
import {keyNames} from '../plan/record-keys.js'
import {names, serverFacts} from '../registry/server/facts.js'
import {lossyNumber, lossyNumberError} from './json-limits.js'
import {checkId, checkKey, type Json} from '../plan/request.js'
import {isIsoDate} from './dates.js'
import {decodeUtf8, parseJsonObject, readAllStdin} from './text-sources.js'

export {decodeUtf8, parseJsonObject, readAllStdin} from './text-sources.js'

export interface GuidedFlag {
  flag: string
  field: string
  /** `pairs`: a repeatable RECORD:AMOUNT, each an item of a list field (`--invoice 0042:25` → invoices[]). */
  kind: 'string' | 'id' | 'number' | 'date' | 'pairs'
  summary: string
  /** An id flag's family: its value may be a record's human key there (`--client-id "Acme Ltd"`). */
  family?: string
  /** A pairs flag's item key that names the record, beside its `amount` (`invoice_id`). */
  itemKey?: string
  /** A pairs flag is a create's only: on an update the server applies the list to the record's unapplied amount. */
  createOnly?: true
}

/** What each kind of guided value says in its flag's help. */
const KIND_NOTES: Readonly<Record<GuidedFlag['kind'], string>> = {
  string: '',
  id: ' (an id)',
  date: ' (YYYY-MM-DD)',
  number: ' (a number)',
  pairs: '',
}

/**
 * A guided flag: `client_id` is set by --client-id. Its summary is written when read (help, never a run): a reference
 * names how the family's records are found, which would make that family's entry at every start.
 */
const guided = (
  field: string,
  kind: GuidedFlag['kind'],
  note: () => string = () => KIND_NOTES[kind],
  family?: string,
): GuidedFlag => ({
  flag: field.replaceAll('_', '-'),
  field,
  kind,
  get summary() {
    return `Sets ${field}${note()}.`
  },
  ...(family ? {family} : {}),
})

/** Guided write flags and the payload field each sets. */
export const GUIDED_FLAGS: readonly GuidedFlag[] = [
  guided('name', 'string'),
  guided('number', 'string', () => ' (kept a string: "0042" stays "0042")'),
  ...['client_id', 'vendor_id', 'project_id'].map((field) =>
    guided(
      field,
      'id',
      () => `: an id, or the ${keyNames(family(REFERENCES[field]))} of one of the ${REFERENCES[field]}`,
      REFERENCES[field],
    ),
  ),
  ...['date', 'due_date'].map((field) => guided(field, 'date')),
  ...['amount', 'price', 'quantity'].map((field) => guided(field, 'number')),
  ...['public_notes', 'private_notes'].map((field) => guided(field, 'string')),
  paidRecords(
    'invoices',
    'invoice_id',
    'An invoice the payment pays',
    "Without --client-id, the client is the invoices' own.",
  ),
  paidRecords(
    'credits',
    'credit_id',
    'A credit the payment applies to its --invoice',
    "It must be the invoices' client's.",
  ),
]

/**
 * `--invoice 0042:25` (repeatable): a list field's item per value, the record by its id or human key and the amount
 * the new record gives it (a payment's invoices[]: {invoice_id, amount}).
 */
function paidRecords(field: string, itemKey: string, what: string, client: string): GuidedFlag {
  const records = REFERENCES[itemKey]
  const flag = field.replace(/s$/, '')
  return {
    flag,
    field,
    kind: 'pairs',
    family: records,
    itemKey,
    createOnly: true,
    get summary() {
      return (
        `${what}, as ${flag.toUpperCase()}:AMOUNT: the ${flag} by its id or ${keyNames(family(records))} ` +
        `(repeatable; sets ${field}). ${client}`
      )
    },
  }
}

export const RAW_SOURCES = ['data', 'data-file', 'stdin'] as const

export interface PayloadInput {
  data?: string
  'data-file'?: string
  stdin?: boolean
  field?: string[]
  'line-item'?: string[]
  /** Guided flag values by flag name. */
  [flag: string]: unknown
}

export interface PayloadOptions {
  /** The family takes --line-item. */
  documentLike: boolean
  familyWord: string
  /** Reads standard input (injectable for tests). */
  readStdin?: () => Promise<string>
  /** No payload given: `record` sends {} (a create), else refused (an update of nothing). */
  empty?: 'record'
}

function guidedValue(g: GuidedFlag, raw: string): Json {
  if (g.kind === 'number') {
    const n = parseNumber(raw.trim())
    // 1e400 is no number to anyone; 1e-400 looks like one but would be sent as 0.
    const lossy = n === undefined ? lossyNumber(raw.trim()) : undefined
    if (lossy !== undefined && Number.isFinite(lossy)) throw lossyNumberError(`--${g.flag}`, raw, lossy)
    if (n === undefined) throw usageError(`--${g.flag} must be a number, got ${shown(raw)}`)
    return n
  }
  if (g.kind === 'date' && !isIsoDate(raw))
    throw usageError(`--${g.flag} must be a date as YYYY-MM-DD, got ${shown(raw)}`)
  // An id flag of a family with human keys may name its record by them: looked up once the payload is checked.
  if (g.kind === 'id') return g.family ? checkKey(raw, `--${g.flag}`) : checkId(raw, `--${g.flag}`)
  // Usually an unset shell variable; clearing a field is said explicitly.
  if (raw === '') throw usageError(`--${g.flag} is empty: give a value, or --field ${g.field}="" to clear the field`)
  return raw
}

/**
 * `0042:25` → {invoice_id: '0042', amount: 25}: the record's key before the colon (looked up once the payload is
 * checked), an amount above 0 after it, as exact as --amount.
 */
function pairItem(g: GuidedFlag, pair: string): {[key: string]: Json} {
  const colon = pair.lastIndexOf(':')
  const name = g.flag.toUpperCase()
  if (colon <= 0) throw usageError(`--${g.flag} ${shown(pair)} must be ${name}:AMOUNT, e.g. 0042:25.50`)
  const key = checkKey(pair.slice(0, colon), `--${g.flag}`)
  return {[g.itemKey!]: key, amount: parseAmount(pair.slice(colon + 1), `--${g.flag} ${key}`, 'positive')}
}

/** Flags given that count as guided (everything but the raw sources). */
function guidedFlagsGiven(input: PayloadInput): string[] {
  const given = GUIDED_FLAGS.filter((g) => input[g.flag] !== undefined).map((g) => `--${g.flag}`)
  if (input.field?.length) given.push('--field')
  if (input['line-item']?.length) given.push('--line-item')
  return given
}

export function rawSourcesGiven(input: PayloadInput): string[] {
  return RAW_SOURCES.filter((s) => (s === 'stdin' ? input.stdin === true : input[s] !== undefined)).map((s) => `--${s}`)
}

export async function readRawSource(
  input: PayloadInput,
  readStdin?: () => Promise<string>,
): Promise<{[key: string]: Json}> {
  if (input.data !== undefined) return parseJsonObject(input.data, '--data')
  if (input['data-file'] !== undefined) {
    const path = input['data-file']
    let bytes: Buffer
    // A FIFO nobody writes to blocks the open: tracked, so that a signal can still end the command at once.
    trackOpening(path)
    try {
      bytes = await readFile(path)
    } catch (error) {
      throw usageError(`--data-file ${path}: ${readProblem(error)}`)
    } finally {
      untrackOpening(path)
    }
    return parseJsonObject(decodeUtf8(bytes, `--data-file ${path}`), `--data-file ${path}`)
  }
  return parseJsonObject(await (readStdin ?? (() => readAllStdin('--stdin')))(), '--stdin')
}

/** Checks which payload source was chosen; throws a usage error when sources are mixed. */
export function checkPayloadSources(
  input: PayloadInput,
  opts: Pick<PayloadOptions, 'documentLike' | 'familyWord'>,
): 'raw' | 'guided' | 'none' {
  const raw = rawSourcesGiven(input)
  const guided = guidedFlagsGiven(input)
  if (input['line-item']?.length && !opts.documentLike) {
    const words = FAMILIES.filter((f) => f.documentLike).map((f) => f.word)
    throw usageError(
      `--line-item is only for document-like families (${words.join(', ')}), not ${opts.familyWord}: use --field ` +
        'or --data',
    )
  }
  if (raw.length > 1) throw usageError(`${raw.join(' and ')} are alternatives: give one raw JSON source`)
  if (raw.length === 1 && guided.length > 0) {
    throw usageError(
      `${raw[0]} cannot be mixed with ${guided.join(', ')}: give either one raw JSON source or guided flags`,
    )
  }
  return raw.length === 1 ? 'raw' : guided.length > 0 ? 'guided' : 'none'
}

/** The JSON body of a create or update. */
export async function buildPayload(input: PayloadInput, opts: PayloadOptions): Promise<{[key: string]: Json}> {
  const source = checkPayloadSources(input, opts)
  // A create of nothing is a record with the server's defaults (a task whose timer --start starts): sent as {}, the
  // family's required fields refused by the payload check. An update of nothing changes nothing: refused.
  if (source === 'none' && opts.empty === 'record') return {}
  if (source === 'none') {
    throw usageError(
      'nothing to send: give --data, --data-file or --stdin, or guided flags such as --name or --field key=value',
    )
  }
  if (source === 'raw') return readRawSource(input, opts.readStdin)
  return buildGuided(input, keyShapes(opts.familyWord))
}

/** How the family's fields nest, as the server keeps them: its lists of objects and its objects. */
export function keyShapes(word: string): KeyShapes {
  const fields = serverFacts(word)?.fields
  return {lists: new Set([...LIST_FIELDS, ...names(fields?.objs)]), keyed: new Set(names(fields?.obj))}
}

export function buildGuided(input: PayloadInput, shapes?: KeyShapes): {[key: string]: Json} {
  const body = new ObjectBuilder()
  for (const g of GUIDED_FLAGS) {
    const raw = input[g.flag]
    if (raw === undefined) continue
    if (g.kind !== 'pairs') body.set([g.field], guidedValue(g, String(raw)), `--${g.flag}`)
    else
      for (const [i, pair] of [raw].flat().map(String).entries())
        body.set([g.field, i], pairItem(g, pair), `--${g.flag} ${pair}`)
  }
  addFields(body, input.field ?? [], shapes)
  checkShellSplit(input['line-item'] ?? [])
  for (const [i, raw] of (input['line-item'] ?? []).entries()) {
    body.set(['line_items', i], parseLineItem(raw), `--line-item ${raw}`)
  }
  return body.build()
}

const PAIR = /^[A-Za-z_][A-Za-z0-9_]*=/
const PAIR_START = /,(?=[A-Za-z_][A-Za-z0-9_]*=)/

/**
 * `--line-item notes=Strategy, phase 1` unquoted reaches the CLI as three values, the last two
 * with no `=`: say so, and show the value quoted (and its comma-holding values quoted inside).
 */
function checkShellSplit(values: readonly string[]): void {
  const continues = (i: number) => i < values.length && !PAIR.test(values[i])
  const start = values.findIndex((_, i) => continues(i + 1))
  if (start < 0) return
  let end = start + 1
  while (continues(end)) end++
  const joined = values.slice(start, end).join(' ')
  const pairs = joined.split(PAIR_START).map((pair) => {
    const eq = pair.indexOf('=')
    const value = pair.slice(eq + 1)
    return /[ ,]/.test(value) && !/^(["']).*\1$/.test(value) ? `${pair.slice(0, eq)}="${value}"` : pair
  })
  const typed = values
    .slice(start, end)
    .map((v) => shown(v))
    .join(' ')
  throw usageError(
    `--line-item ${typed} looks like one value split by the shell at its spaces: quote the whole value, e.g. ` +
      `--line-item '${pairs.join(',')}'`,
  )
}

/** Applies `--field key=value` assignments to a builder. */
export function addFields(body: ObjectBuilder, fields: string[], shapes?: KeyShapes): void {
  for (const raw of fields) {
    const [key, value] = splitAssignment(raw, '--field')
    body.set(parseKeyPath(key, '--field', shapes), parseScalar(value, `--field ${key}`), `--field ${raw}`)
  }
}

/** A `--field`-only object (bulk extras, runner payloads). */
export function fieldsObject(fields: string[]): {[key: string]: Json} {
  const body = new ObjectBuilder()
  addFields(body, fields)
  return body.build()
}
