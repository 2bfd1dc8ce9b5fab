/**
 * Column headers for people in files (CSV with --headers human, workbooks): `client.display_name` is Client,
 * `status_id` Status, `due_date` Due date. Machine headers (the default in CSV) are the columns as named.
 */
import {RECORD_STATE} from './cells.js'

/** Columns whose people's name is not their words. */
const NAMED: Readonly<Record<string, string>> = {
  [RECORD_STATE]: 'State',
  id: 'ID',
  status_id: 'Status',
  base_type: 'In/out',
  transaction_reference: 'Reference',
  type_id: 'Type',
  public_notes: 'Notes',
}

/** `a_b.c_d` as words, the first capitalised: a relation's display_name or name is headed by the relation. */
export function humanHeader(column: string): string {
  if (Object.hasOwn(NAMED, column)) return NAMED[column]
  const path = column.replace(/\.(?:display_name|name)$/, '')
  const text = path.replaceAll(/[._]+/g, ' ').trim()
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export type HeaderStyle = 'machine' | 'human'
export const HEADER_STYLES: readonly HeaderStyle[] = ['machine', 'human']
