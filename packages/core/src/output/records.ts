/** Where the records of an answer are (lists and records come wrapped in `data`), and a field in a record. */

/** An answer's `data` (lists and records come wrapped in it), or the answer itself (statics, ping). */
export function dataOf(body: unknown): unknown {
  return body !== null && typeof body === 'object' && !Array.isArray(body) && 'data' in body
    ? (body as {data: unknown}).data
    : body
}

/** The records of an answer: its `data` list, its one record, or a top-level list. */
export function recordsOf(body: unknown): unknown[] {
  const data = dataOf(body)
  if (Array.isArray(data)) return data
  return data === undefined || data === null ? [] : [data]
}

/** A dotted path into a record (`client.name`, `line_items.0.notes`): own properties only, else undefined. */
export function getPath(record: unknown, path: string): unknown {
  let node = record
  for (const seg of path.split('.')) {
    // Own properties only: `constructor` or `toString` is a column the record lacks, not a function.
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, seg)) return undefined
    node = (node as Record<string, unknown>)[seg]
  }
  return node
}
