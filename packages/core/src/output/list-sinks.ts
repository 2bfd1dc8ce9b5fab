/**
 * Where the records of a multi-page listing go, page by page as they arrive in order:
 * `json` writes the one merged document incrementally (never one giant string), `ndjson` a line
 * per record, `csv` its rows (the columns fixed by the first page), `yaml` the `data:` items then
 * `meta:`. A table collects them: its column widths need every row.
 */
import {type CsvWriter, YAML_DATA, yamlItem} from './formats.js'

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

export function csvSink(write: Write, csv: CsvWriter): ListSink {
  const put = async (lines: Iterable<string>) => {
    const text = [...lines].join('')
    if (text) await write(text)
  }
  return {
    add: (records) => put(csv.rows(records)),
    finish: () => put(csv.end()),
  }
}

/** The document `{data, meta}` as YAML: the same text as the whole document made at once. */
export function yamlSink(write: Write, yaml: (value: unknown) => string): ListSink {
  let opened = false
  return {
    async add(records) {
      if (records.length === 0) return
      const head = opened ? '' : YAML_DATA
      opened = true
      await write(head + records.map((r) => yamlItem(yaml, r)).join(''))
    },
    async finish(meta) {
      await write(opened ? yaml({meta}) : yaml({data: [], meta}))
    },
  }
}

/** Collects every record, then renders the merged document once. */
export function collectSink(
  render: (doc: {data: unknown[]; meta: Record<string, unknown>}) => Promise<void>,
): ListSink {
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
