/**
 * Writes the tables as TypeScript the way prettier would (no semicolons, single quotes, no spaces
 * inside braces, 120 columns): name lists too long for a line become template literals broken
 * between names, which the tables' readers split on any whitespace.
 */
export type Value = string | {[key: string]: Value}

const WIDTH = 120

export function emitFile(
  version: string,
  title: string,
  types: readonly string[],
  consts: ReadonlyArray<[name: string, type: string | undefined, value: Value, makers?: 'makers']>,
): string {
  const head = [
    '/**',
    ` * ${title}.`,
    ` * Read from the Invoice Ninja server's source, ${version}, by scripts/server-facts.ts: run it again to change`,
    ' * this file (its overrides and meanings are where judgement goes), never edit it by hand.',
    ' */',
    `import type {${types.join(', ')}} from './types.js'`,
  ]
  const body = consts.map(([name, type, value, makers]) => {
    const lead = `export const ${name}${type ? `: ${type}` : ''} = `
    if (typeof value === 'string') return `${lead}${quote(value)}`
    return `${lead}${makers ? makerObject(value) : object(value, 0)}`
  })
  return `${[...head, '', ...body.flatMap((b) => [b, ''])].join('\n').trimEnd()}\n`
}

/** An object literal whose first line starts at `indent` (the closing brace goes there too). */
function object(value: {[key: string]: Value}, indent: number): string {
  const entries = Object.entries(value)
  if (entries.length === 0) return '{}'
  const pad = ' '.repeat(indent + 2)
  const lines = entries.map(([k, v]) => {
    const lead = `${pad}${key(k)}: `
    if (typeof v !== 'string') return `${lead}${flat(v, lead.length) ?? object(v, indent + 2)},`
    return `${lead}${text(v, lead.length, k, indent + 2)},`
  })
  return `{\n${lines.join('\n')}\n${' '.repeat(indent)}}`
}

/**
 * An object whose values are made when first asked for: `word: () => ({...}),` (a run reads one family's facts, so
 * the others are never built).
 */
function makerObject(value: {[key: string]: Value}): string {
  const lines = Object.entries(value).map(([k, v]) => {
    if (typeof v === 'string') throw new Error(`${k}: a maker's value must be an object`)
    const lead = `  ${key(k)}: () => (`
    return `${lead}${flat(v, lead.length + 1) ?? object(v, 2)}),`
  })
  return `{\n${lines.join('\n')}\n}`
}

/** The object on one line when it holds only strings and fits after `column` (with its comma). */
function flat(value: {[key: string]: Value}, column: number): string | undefined {
  const entries = Object.entries(value)
  if (entries.length === 0) return '{}'
  if (entries.some(([, v]) => typeof v !== 'string')) return undefined
  const line = `{${entries.map(([k, v]) => `${key(k)}: ${quote(v as string)}`).join(', ')}}`
  return column + line.length + 1 <= WIDTH ? line : undefined
}

/** A string value: quoted when it fits, else a template literal broken between names. */
function text(value: string, column: number, name: string, indent: number): string {
  const quoted = quote(value)
  if (column + quoted.length + 1 <= WIDTH) return quoted
  if (name === 'means') throw new Error(`a meaning too long for one line: ${value}`)
  const lines: string[] = []
  let line = '`'
  let start = column
  for (const word of value.split(/\s+/)) {
    const next = line === '`' ? `${line}${word}` : `${line} ${word}`
    // Room for the closing backtick and comma, were this the last line.
    if (start + next.length + 2 > WIDTH && line !== '`') {
      lines.push(line)
      line = `${' '.repeat(indent + 2)}${word}`
      start = 0
    } else line = next
  }
  lines.push(`${line}\``)
  return lines.join('\n')
}

function key(k: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(k) ? k : quote(k)
}

/** Prettier's choice: single quotes, unless the text has more of them than of double quotes. */
function quote(s: string): string {
  const singles = (s.match(/'/g) ?? []).length
  const doubles = (s.match(/"/g) ?? []).length
  const q = singles > doubles ? '"' : "'"
  return `${q}${s.replace(/\\/g, '\\\\').replace(new RegExp(q, 'g'), `\\${q}`)}${q}`
}
