/** ndjson: one JSON line per record of a list (or the whole answer on one line when it is not a list). */
import type {ListSink, Write} from '../list-sinks.js'
import {dataOf} from '../records.js'
import {dryRunText, type OutputFormat, textLine} from './format.js'

/** The lines of an answer; a --query result that is a list is a list of records too. */
export function* ndjsonChunks(body: unknown, queried = false): Generator<string> {
  const data = queried ? body : dataOf(body)
  if (!Array.isArray(data)) yield `${JSON.stringify(body)}\n`
  else for (const record of data) yield `${JSON.stringify(record)}\n`
}

export function ndjsonSink(write: Write): ListSink {
  return {
    async add(records) {
      if (records.length > 0) await write(records.map((r) => JSON.stringify(r)).join('\n') + '\n')
    },
    async finish() {},
  }
}

export const ndjson: OutputFormat = {
  name: 'ndjson',
  json: true,
  document: false,
  errorDocument: false,
  pageFooter: false,
  answer: async (shaped, ctx) => ndjsonChunks(shaped, ctx.queried),
  local: async (_result, text) => textLine(text),
  empty: async (doc) => `${JSON.stringify(doc)}\n`,
  dryRun: async (described) => dryRunText(described),
  pageSink: async (write) => ndjsonSink(write),
}
