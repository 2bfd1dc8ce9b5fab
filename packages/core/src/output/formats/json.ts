/**
 * json: the upstream's JSON for scripts. Piped and not reshaped, the answer's bytes are printed
 * as they came (printer.ts); on a terminal it is indented. A listing is written page by page as
 * one merged document, never one giant string.
 */
import type {ListSink, Write} from '../list-sinks.js'
import {stdoutFacts} from '../std-streams.js'
import {jsonText} from '../write.js'
import {dryRunDocument, type OutputFormat} from './format.js'

export function jsonSink(write: Write): ListSink {
  let first = true
  let opened = false
  return {
    async add(records) {
      let chunk = opened ? '' : '{"data":['
      opened = true
      for (const record of records) {
        chunk += (first ? '' : ',') + JSON.stringify(record)
        first = false
      }
      if (chunk) await write(chunk)
    },
    async finish(meta) {
      await write(`${opened ? '' : '{"data":['}],"meta":${JSON.stringify(meta)}}\n`)
    },
  }
}

export const json: OutputFormat = {
  name: 'json',
  json: true,
  document: true,
  errorDocument: true,
  pageFooter: false,
  answer: async (shaped) => [jsonText(shaped)],
  local: async (result) => jsonText(result),
  empty: async (doc) => `${JSON.stringify(doc)}\n`,
  dryRun: async (described, extra) => `${JSON.stringify(dryRunDocument(described, extra))}\n`,
  // Indented JSON on a terminal needs the whole document.
  pageSink: async (write) => (stdoutFacts().isTTY ? undefined : jsonSink(write)),
  passThrough: (ctx) => ctx.columns === undefined && !ctx.queried && !stdoutFacts().isTTY,
}
