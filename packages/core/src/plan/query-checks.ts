/**
 * The checks of what a command line puts in a request's query or bulk body (--include, --filter, --sort, --action):
 * each refused locally with the form the server expects, before anything is sent.
 */
import {shown, usageError} from '../errors.js'

/** `--include`: relation names separated by commas. */
const INCLUDE = /^[A-Za-z_][A-Za-z0-9_.]*(,[A-Za-z_][A-Za-z0-9_.]*)*$/

export function includeQuery(include?: string): Array<[string, string]> {
  if (include === undefined) return []
  if (!INCLUDE.test(include))
    throw usageError(`--include ${shown(include)} must be relation names separated by commas, e.g. client,payments`)
  return [['include', include]]
}

const SORT = /^[A-Za-z0-9_.]+\|(asc|desc)$/
const ACTION = /^[a-z][a-z0-9_]*$/
const RESERVED_FILTERS = new Set(['page', 'per_page', 'sort', 'include'])

export function parseFilter(raw: string): [string, string] {
  const eq = raw.indexOf('=')
  if (eq <= 0) throw usageError(`--filter ${shown(raw)} needs the form key=value, e.g. status=active`)
  const key = raw.slice(0, eq)
  if (RESERVED_FILTERS.has(key)) throw usageError(`--filter ${key}=... is not a filter: use --${key.replace('_', '-')}`)
  return [key, raw.slice(eq + 1)]
}

export function checkSort(sort: string): string {
  if (!SORT.test(sort))
    throw usageError(`--sort ${shown(sort)} must be a field, a pipe and asc or desc, e.g. 'number|desc'`)
  return sort
}

export function checkAction(action: string): string {
  if (!ACTION.test(action))
    throw usageError(
      `--action ${shown(action)} is not an action name: use lower-case letters, digits and _, e.g. archive`,
    )
  return action
}
