/**
 * Where the records of a multi-page listing go, page by page as they arrive in order:
 * `json` writes the one merged document incrementally (never one giant string), `ndjson` a line
 * per record; table, csv and yaml collect them (column widths and headers need every row).
 */
export interface ListSink {
  add(records: unknown[]): Promise<void>
  finish(meta: Record<string, unknown>): Promise<void>
}

type Write = (text: string) => Promise<void>

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

export function ndjsonSink(write: Write): ListSink {
  return {
    async add(records) {
      if (records.length > 0) await write(records.map((r) => JSON.stringify(r)).join('\n') + '\n')
    },
    async finish() {},
  }
}

/** Collects every record, then renders the merged document once. */
export function collectSink(render: (doc: {data: unknown[]; meta: Record<string, unknown>}) => Promise<void>): ListSink {
  const all: unknown[] = []
  return {
    async add(records) {
      for (const record of records) all.push(record)
    },
    async finish(meta) {
      await render({data: all, meta})
    },
  }
}
