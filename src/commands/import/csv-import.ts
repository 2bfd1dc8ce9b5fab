/**
 * `cli import csv`: the server's two-step import. POST /preimport uploads the CSV (multipart
 * `files[<entity>]`) and answers a hash and, per entity, the fields it can import
 * (`client.name`, `contact.email`, ...); POST /import then starts the import with a column map
 * {"<entity>":{"mapping":{"0":"client.name",...}}}. These pure functions read the CSV (a malformed
 * one is a usage error naming the line) and guess the map from its header.
 */
import {checkUploadFile, decodeUtf8, FAMILIES, readProblem, shown, usageError} from '@invoicing-cli/core/internal'

/**
 * The CLI's entity words and the server's entity types (its
 * Import\Definitions\<Type>Map classes): the registry's `importAs`.
 */
export const IMPORT_ENTITIES: Readonly<Record<string, string>> = Object.fromEntries(
  FAMILIES.flatMap((f) => (f.importAs ? [[f.word, f.importAs]] : [])),
)

/** Fields every entity with contacts imports under `contact.` rather than its own name. */
const CONTACT_FIELDS = new Set(['first_name', 'last_name', 'email', 'contact_phone'])

/** A CSV as the import needs it: the header, and how many rows follow. */
export interface CsvShape {
  headers: string[]
  rows: number
}

/**
 * Parses RFC 4180 CSV (quotes, "" inside quotes, CRLF or LF); every row must have the header's width. Only the
 * header is kept, and a count of the rows: a large file's rows are checked, never held.
 */
export function parseCsv(text: string, source: string): CsvShape {
  let headers: string[] | undefined
  let count = 0
  let row: string[] = []
  let field = ''
  let quoted = false
  let line = 1
  let quoteLine = 0
  let fieldStart = true
  const endRow = () => {
    row.push(field)
    const blank = row.length === 1 && row[0] === ''
    if (!blank && headers && row.length !== headers.length) {
      throw usageError(
        `${source} line ${line}: ${row.length} fields, but the header has ${headers.length}. Quote a value that ` +
          'holds a comma',
      )
    }
    if (!blank) {
      if (headers) count++
      else headers = row
    }
    row = []
    field = ''
    fieldStart = true
  }
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  for (let i = 0; i < body.length; i++) {
    const c = body[i]
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') {
        quoted = false
        const next = body[i + 1]
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r')
          throw usageError(`${source} line ${line}: text after a closing quote`)
      } else {
        if (c === '\n') line++
        field += c
      }
    } else if (c === '"' && fieldStart) {
      quoted = true
      quoteLine = line
      fieldStart = false
    } else if (c === '"') {
      throw usageError(
        `${source} line ${line}: a quote inside an unquoted value: quote the whole value and double the quote ("")`,
      )
    } else if (c === ',') {
      row.push(field)
      field = ''
      fieldStart = true
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++
      endRow()
      line++
    } else {
      field += c
      fieldStart = false
    }
  }
  if (quoted) throw usageError(`${source} line ${quoteLine}: a quoted value is never closed`)
  if (field !== '' || row.length > 0) endRow()
  if (!headers) throw usageError(`${source} is empty: give a CSV file with a header line`)
  return {headers, rows: count}
}

const normal = (header: string): string =>
  header
    .trim()
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, '_')
    .replaceAll(/^_|_$/g, '')

/** `--map "CSV column=field"` pairs. */
export function parseMaps(raw: readonly string[]): Map<string, string> {
  const maps = new Map<string, string>()
  for (const pair of raw) {
    const eq = pair.lastIndexOf('=')
    if (eq <= 0 || eq === pair.length - 1)
      throw usageError(`--map ${shown(pair)} needs the form "CSV column=field", e.g. "Company=client.name"`)
    maps.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim())
  }
  return maps
}

export interface ColumnMap {
  /** Column index → field, as /import takes it. */
  mapping: Record<string, string>
  /** Columns no field was found for: skipped. */
  unmapped: string[]
}

/**
 * The map from the header: --map wins; else `<entity>.<column as snake_case>` (or `contact.<...>`
 * for contact fields). With the server's `available` list the guess must be one of them; without
 * it (a preview that uploads nothing) the guess is shown as the CLI would send it.
 */
export function guessColumnMap(
  entity: string,
  headers: readonly string[],
  maps: ReadonlyMap<string, string>,
  available?: readonly string[],
): ColumnMap {
  const known = available ? new Set(available) : undefined
  for (const [column, field] of maps) {
    if (!headers.includes(column))
      throw usageError(
        `--map names column ${shown(column)}, which the CSV header does not have (${headers.join(', ')})`,
      )
    if (known && !known.has(field))
      throw usageError(`--map ${shown(`${column}=${field}`)}: the server imports no field ${field} for ${entity}s`)
  }
  const mapping: Record<string, string> = {}
  const unmapped: string[] = []
  headers.forEach((header, i) => {
    const given = maps.get(header)
    const n = normal(header)
    const candidates = given
      ? [given]
      : CONTACT_FIELDS.has(n)
        ? [`contact.${n.replace('contact_', '')}`, `${entity}.${n}`]
        : [`${entity}.${n}`, `contact.${n}`]
    const field = known ? candidates.find((c) => known.has(c)) : candidates[0]
    if (field && n !== '') mapping[String(i)] = field
    else unmapped.push(header)
  })
  return {mapping, unmapped}
}

/**
 * The CSV's text, read once: a regular file within the upload limit (checked before reading: a pipe or FIFO is
 * refused, as the upload would read it again), UTF-8. Problems are usage errors.
 */
export async function readCsvFile(path: string): Promise<{text: string; size: number}> {
  const size = await checkUploadFile(path, '--file')
  const {readFile} = await import('node:fs/promises')
  let bytes: Buffer
  try {
    bytes = await readFile(path)
  } catch (error) {
    throw usageError(`--file ${path}: ${readProblem(error)}`)
  }
  return {text: decodeUtf8(bytes, `--file ${path}`), size}
}
