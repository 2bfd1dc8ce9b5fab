/**
 * What the user asked to see of a JSON answer: `--columns` (the selected fields of each record,
 * in every format; json keeps the upstream's envelope) and `--query` (a JMESPath expression, in
 * every format: the others print its result). The jmespath package loads only when --query is given.
 */
import {warningLabel} from './color.js'
import {columnValue} from './cells.js'
import {shown, usageError} from '../errors.js'
import {checkSegment} from '../input/json-limits.js'
import {formatOf} from './formats/index.js'
import {writeErr} from './write.js'
import {nearest} from '../suggest.js'

export type Query = (document: unknown) => unknown

const COLUMN = /^[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*$/

/** `--columns a,b.c` → ['a', 'b.c']: the fields to keep, in any format. */
export function outputColumns(flags: {columns?: unknown; output?: unknown}): string[] | undefined {
  if (flags.columns === undefined) return undefined
  const refused = formatOf(flags.output as string | undefined).columnsRefused
  if (refused) throw usageError(refused)
  const raw = String(flags.columns)
  const columns = raw.split(',').map((c) => c.trim())
  for (const c of columns) {
    if (!COLUMN.test(c))
      throw usageError(`--columns "${raw}": "${c}" is not a field name or dotted path (e.g. id,number,client.name)`)
    for (const seg of c.split('.')) checkSegment(seg, `--columns ${shown(c)}`)
  }
  return columns
}

/**
 * `--query EXPR`, its syntax checked before anything is sent (compiled, not run: run on no data, a function such as
 * sum() would fail on its argument's type); undefined without it.
 */
export async function outputQuery(flags: {query?: unknown}): Promise<Query | undefined> {
  if (flags.query === undefined) return undefined
  const expression = String(flags.query)
  const {default: jmespath} = await import('jmespath')
  const failed = (error: unknown) => {
    // Both cut: an expression (or the library's message quoting it) may be many thousands of characters.
    const message = String((error as Error).message).replaceAll(/\s+/g, ' ')
    return usageError(`--query ${shown(expression)}: ${message.length > 200 ? `${message.slice(0, 200)}…` : message}`)
  }
  try {
    // The library has compile() (its parser); its types name only search().
    ;(jmespath as unknown as {compile: (expression: string) => unknown}).compile(expression)
  } catch (error) {
    throw failed(error)
  }
  return (document) => {
    try {
      return jmespath.search(document, expression)
    } catch (error) {
      throw failed(error)
    }
  }
}

/** A record with only the given fields, named as given (a dotted path becomes one key; record_state its state). */
export function pickFields(record: unknown, columns: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((c) => [c, columnValue(record, c) ?? null]))
}

/** The answer with each record reduced to `columns`: `{data: [...]}`, `{data: {...}}`, a list, or one object. */
export function selectFields(body: unknown, columns: readonly string[] | undefined): unknown {
  if (!columns) return body
  const pick = (data: unknown): unknown =>
    Array.isArray(data)
      ? data.map((r) => pickFields(r, columns))
      : data && typeof data === 'object'
        ? pickFields(data, columns)
        : data
  if (body && typeof body === 'object' && !Array.isArray(body) && 'data' in body)
    return {...body, data: pick((body as {data: unknown}).data)}
  return pick(body)
}

/** Warns once about columns no record has, naming the nearest field the records do have. */
export function columnWarner(columns: readonly string[] | undefined): (records: unknown[]) => void {
  let done = !columns
  return (records) => {
    if (done || records.length === 0) return
    done = true
    const fields = new Set(records.flatMap((r) => (r && typeof r === 'object' ? Object.keys(r) : [])))
    for (const column of columns!) {
      if (records.some((r) => columnValue(r, column) !== undefined)) continue
      const near = nearest(column, fields)
      writeErr(`${warningLabel()} --columns: no record has ${column}${near ? `; did you mean ${near}?` : ''}`)
    }
  }
}
