/** The list filters of a server filter class: its public methods and the values they compare with. */
import {closing, publicMethods} from './php.js'
import {php, type Read} from './read.js'

// ---- filter classes -----------------------------------------------------------------------------

export interface Filter {
  name: string
  /** Literal values the method compares its value with (`in_array('paid', ...)`, `== 'true'`, match arms). */
  values: string[]
  /** For `filter`: the columns it searches, relations as `client.name`. */
  search: string[]
  /** For `sort`: whether it checks the column against the table's columns first. */
  checksColumn: boolean
  /** It reads its value as `<value>:<operator>` (QueryFilters' split()). */
  splits: boolean
}

/** Methods of a filter class that are machinery, not filters a query string names. */
const MACHINERY = new Set(['__construct', 'apply', 'filters', 'split', 'clientFilter', 'entityFilter'])

export function readFilters(read: Read, path: string, constants: Map<string, string>): Filter[] {
  const src = php(read, path)
  const own: Filter[] = publicMethods(src)
    .filter((m) => !MACHINERY.has(m.name))
    .map(({name, body}) => ({
      name,
      values: name === 'sort' ? [] : filterValues(body, constants),
      search: name === 'filter' ? searched(body) : [],
      checksColumn: /getColumnListing/.test(body),
      splits: /\$this->split\(/.test(body),
    }))
  // A class that points the inherited `with` at another column (`product_key`) makes it a filter of its own: its value
  // is no longer a hashed id.
  const withColumn = /\$with_property\s*=\s*'(\w+)'/.exec(src)?.[1]
  if (withColumn && withColumn !== 'id' && !own.some((f) => f.name === 'with'))
    own.push({name: 'with', values: [], search: [], checksColumn: false, splits: false})
  return own
}

/** The QueryFilters constants (`STATUS_ACTIVE` → `active`). */
export function filterConstants(read: Read): Map<string, string> {
  const src = php(read, 'app/Filters/QueryFilters.php')
  return new Map([...src.matchAll(/const\s+(\w+)\s*=\s*'([^']*)'/g)].map((m) => [m[1], m[2]]))
}

function filterValues(body: string, constants: Map<string, string>): string[] {
  const found: string[] = []
  // `in_array('paid', $statuses)`, not the check of a column list (`in_array('date', Schema::...)`).
  for (const m of body.matchAll(/in_array\(\s*'([^']+)'\s*,\s*\$\w+\s*\)/g)) found.push(m[1])
  for (const m of body.matchAll(/\$\w+\s*(?:===?|!==?)\s*'([^']+)'/g)) found.push(m[1])
  for (const m of body.matchAll(/(?:self|parent|static)::(\w+)/g)) {
    const value = constants.get(m[1])
    if (value !== undefined) found.push(value)
  }
  for (const m of body.matchAll(/match\s*\(/g)) {
    const open = body.indexOf('{', m.index)
    for (const arm of body.slice(open + 1, closing(body, open)).matchAll(/'([^']+)'\s*=>/g)) found.push(arm[1])
  }
  return [...new Set(found)]
}

/** Columns a `filter` method matches with LIKE, those of a related record as `relation.column`. */
function searched(body: string): string[] {
  const like = /(?:where|orWhere)\(\s*'([\w.]+)'\s*,\s*'like'/gi
  const inner: Array<[number, number]> = []
  const found: string[] = []
  for (const m of body.matchAll(/(?:orWhereHas|whereHas)\(\s*'([\w.]+)'/g)) {
    const open = body.indexOf('{', m.index)
    const close = closing(body, open)
    inner.push([open, close])
    for (const c of body.slice(open, close).matchAll(like)) found.push(`${m[1]}.${c[1]}`)
  }
  for (const c of body.matchAll(like)) {
    if (inner.some(([a, b]) => c.index > a && c.index < b)) continue
    found.push(c[1].replace(/^\w+\./, ''))
  }
  for (const m of body.matchAll(/JSON_EXTRACT\(\s*line_items\s*,\s*'\$\[\*\]\.(\w+)'\s*\)/g))
    found.push(`line_items.${m[1]}`)
  return [...new Set(found)]
}
