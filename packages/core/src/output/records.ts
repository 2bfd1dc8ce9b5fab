/** Where the records of an answer are: lists and records come wrapped in `data`. */

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
