/**
 * Where the records of a multi-page listing go, page by page as they arrive in order:
 * `json` writes the one merged document incrementally (never one giant string), `ndjson` a line
 * per record, `table` collects them (column widths need every row).
 */
import {writeOut} from './output.js'
import {chooseColumns, renderTable, type Style} from './table.js'

export interface ListSink {
  add(records: unknown[]): Promise<void>
  finish(meta: Record<string, unknown>): Promise<void>
}

export function jsonSink(): ListSink {
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
      if (chunk) await writeOut(chunk)
    },
    async finish(meta) {
      await writeOut(`${opened ? '' : '{"data":['}],"meta":${JSON.stringify(meta)}}\n`)
    },
  }
}

export function ndjsonSink(): ListSink {
  return {
    async add(records) {
      if (records.length > 0) await writeOut(records.map((r) => JSON.stringify(r)).join('\n') + '\n')
    },
    async finish() {},
  }
}

export function tableSink(style: Style, columns?: readonly string[]): ListSink {
  const all: unknown[] = []
  return {
    async add(records) {
      for (const record of records) all.push(record)
    },
    async finish() {
      await writeOut((all.length === 0 ? 'No records.' : renderTable(all, chooseColumns(all, columns), style)) + '\n')
    },
  }
}
