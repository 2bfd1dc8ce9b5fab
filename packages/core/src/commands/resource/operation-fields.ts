/**
 * `--field` on an operation (`payments refund ID ... --field client_id=...`): keys no flag of the operation sets,
 * added to its body as typed. A key a flag sets is refused (say it once); a key the server does not read for this
 * operation (Operation.reads) is warned and sent as given.
 */
import {shown, usageError} from '../../errors.js'
import {fieldsObject} from '../../input/payload.js'
import {warningLabel} from '../../output/color.js'
import {writeErr} from '../../output/write.js'
import type {Operation} from '../../registry/operations/operation.js'
import type {Json, RequestSpec} from '../../plan/request.js'

const isObject = (v: Json | undefined): v is {[key: string]: Json} =>
  v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v)

/** The request with the `--field` keys in its body; warns (when `warn`) on keys the server does not read. */
export function withFields(
  op: Operation,
  request: RequestSpec,
  fields: string[] | undefined,
  warn = true,
): RequestSpec {
  if (!fields || fields.length === 0) return request
  const extra = fieldsObject(fields)
  const body = isObject(request.body) ? {...request.body} : {}
  const reads = new Set((op.reads ?? '').split(/\s+/).filter(Boolean))
  for (const [key, value] of Object.entries(extra)) {
    if (Object.hasOwn(body, key))
      throw usageError(`--field ${shown(key)} is set by a flag of ${op.name} already: give it once, by its flag`)
    if (warn && !reads.has(key))
      writeErr(`${warningLabel()} ${key} is not a field the server reads for ${op.name}; it is sent as given`)
    body[key] = value
  }
  return {...request, body}
}
