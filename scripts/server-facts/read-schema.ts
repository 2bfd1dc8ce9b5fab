/** The server's database schema: each table's columns and their kinds, from the schema dump and migrations. */
import {closing, functionBody, literals} from './php.js'
import {php, type Read} from './read.js'

// ---- the database schema ------------------------------------------------------------------------

/** The names of the files in a folder of the checkout. */
export type List = (dir: string) => string[]

/** A column's kind as the database keeps it. */
export type Column = 'bool' | 'int' | 'num' | 'date' | 'datetime' | 'str' | 'json' | 'other'

export interface Schema {
  tables: Map<string, Map<string, Column>>
  /** The values of enum columns, by `table.column`. */
  enums: Map<string, string[]>
}

/**
 * Every table's columns: the schema dump (database/schema/mysql-schema.sql) and then the columns
 * that the migrations the dump does not record yet add.
 */
export function readSchema(read: Read, list: List): Schema {
  const tables = new Map<string, Map<string, Column>>()
  const enums = new Map<string, string[]>()
  const table = (name: string) => tables.get(name) ?? tables.set(name, new Map()).get(name)!
  const dump = read('database/schema/mysql-schema.sql') ?? ''
  for (const m of dump.matchAll(/CREATE TABLE `(\w+)` \(([\s\S]*?)\n\)/g)) {
    for (const c of m[2].matchAll(/^\s*`(\w+)` (\w+)(\(\d+|\([^)]*\))?/gm)) {
      table(m[1]).set(c[1], c[2] === 'enum' ? 'str' : sqlColumn(c[2], c[3]))
      if (c[2] === 'enum') enums.set(`${m[1]}.${c[1]}`, literals(c[3]))
    }
  }
  const done = new Set([...dump.matchAll(/VALUES \(\d+,'(\w+)'/g)].map((m) => m[1]))
  for (const file of list('database/migrations').sort()) {
    if (!file.endsWith('.php') || done.has(file.replace(/\.php$/, ''))) continue
    const up = functionBody(php(read, `database/migrations/${file}`), 'up') ?? ''
    for (const s of up.matchAll(/Schema::(?:table|create)\(\s*'(\w+)'/g)) {
      const open = up.indexOf('{', s.index)
      const inner = up.slice(open, closing(up, open))
      for (const c of inner.matchAll(/\$table->(\w+)\(\s*'(\w+)'(?:\s*,\s*\[([^\]]*)\])?/g)) {
        const kind = c[1] === 'enum' ? 'str' : blueprintColumn(c[1])
        if (kind) table(s[1]).set(c[2], kind)
        if (c[1] === 'enum' && c[3]) enums.set(`${s[1]}.${c[2]}`, literals(c[3]))
      }
    }
  }
  return {tables, enums}
}

function sqlColumn(type: string, size: string | undefined): Column {
  if (type === 'tinyint' && size === '(1') return 'bool'
  if (/int$/.test(type)) return 'int'
  if (/^(decimal|double|float)$/.test(type)) return 'num'
  if (type === 'date') return 'date'
  if (type === 'datetime' || type === 'timestamp') return 'datetime'
  if (/^(varchar|char|text|mediumtext|longtext|tinytext)$/.test(type)) return 'str'
  if (type === 'json') return 'json'
  return 'other'
}

function blueprintColumn(method: string): Column | undefined {
  if (method === 'boolean') return 'bool'
  if (/^(unsigned)?(tiny|small|medium|big)?integer$/i.test(method) || method === 'foreignId') return 'int'
  if (/^(decimal|double|float)$/.test(method)) return 'num'
  if (method === 'date') return 'date'
  if (/^(dateTime|timestamp)$/.test(method)) return 'datetime'
  if (/^(string|text|mediumText|longText|char)$/.test(method)) return 'str'
  if (method === 'json') return 'json'
  return undefined
}

/** The table of a model: its `$table`, else its name in snake case, plural. */
export function tableOf(read: Read, model: string): string {
  const src = php(read, `app/Models/${model}.php`)
  const own = /protected\s+\$table\s*=\s*'(\w+)'/.exec(src)?.[1]
  if (own) return own
  const snake = model.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()
  if (/[^aeiou]y$/.test(snake)) return `${snake.slice(0, -1)}ies`
  if (/(s|x|ch|sh)$/.test(snake)) return `${snake}es`
  return `${snake}s`
}
