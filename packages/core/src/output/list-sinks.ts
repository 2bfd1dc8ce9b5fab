/**
 * Where the records of a multi-page listing go, page by page as they arrive in order. Each
 * output format that can write a listing as it comes has its own sink (formats/*.ts); the others
 * collect every record first (a table's column widths need every row).
 */

export interface ListSink {
  add(records: unknown[]): Promise<void>
  finish(meta: Record<string, unknown>): Promise<void>
}

export type Write = (text: string) => Promise<void>

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
