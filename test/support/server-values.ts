/** Small helpers the stand-in's parts share: records, times, hashes and the names the server derives. */
import {createHash} from 'node:crypto'

export type Rec = Record<string, unknown>

export const nowSeconds = () => Math.floor(Date.now() / 1000)
export const clone = <T>(value: T): T => structuredClone(value)
export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex')

/**
 * No value, as the server reads one: missing, null, or the '' its answers give for an empty id or date (and which
 * Laravel's `required` refuses).
 */
export const isBlank = (value: unknown): boolean => value === undefined || value === null || value === ''

/** The server's database compares text as utf8mb4_unicode_ci does: case and accents aside, trailing spaces too. */
const UNICODE_CI = new Intl.Collator('und', {sensitivity: 'base'})

/** Whether a column's text equals a filter's, as a `where('number', $number)` finds it. */
export const sameText = (value: unknown, wanted: string): boolean =>
  typeof value === 'string' && UNICODE_CI.compare(value.trimEnd(), wanted.trimEnd()) === 0

export function isObject(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function singular(segment: string): string {
  if (segment.endsWith('ies')) return `${segment.slice(0, -3)}y`
  if (segment.endsWith('statuses')) return segment.slice(0, -2)
  return segment.endsWith('s') ? segment.slice(0, -1) : segment
}

/** `purchase_orders` → `PurchaseOrder`, as in the server's "No query results for model" message. */
export function modelName(segment: string): string {
  return singular(segment).split('_').map(capitalize).join('')
}

/** `purchase_order` → `Purchase_Order`, for download file names (`Quote_0001.pdf`). */
export function fileLabel(singularSegment: string): string {
  return singularSegment.split('_').map(capitalize).join('_')
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}
