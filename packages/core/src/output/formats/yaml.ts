/**
 * yaml: the JSON answer as YAML. The yaml library loads only when yaml is asked for. A list's
 * records are made one by one and indented as the whole document would have them: the library
 * builds a node tree several times the size of what it stringifies (a 100 MB list at once would
 * need gigabytes).
 */
import type {ListSink, Write} from '../list-sinks.js'
import {dryRunDocument, type OutputFormat} from './format.js'
import {plainYaml} from './yaml-plain.js'

/** Line breaks to YAML 1.1 readers (NEL, LS, PS), written as the escapes both versions read the same. */
const BREAKS = /[\u0085\u2028\u2029]/g
const BREAK_ESCAPES: Record<string, string> = {'\u0085': '\\N', '\u2028': '\\L', '\u2029': '\\P'}
/** A `<<` key the library writes bare, at a line's start (after indentation and `- `): a merge to 1.1 readers. */
const MERGE_KEY = /^((?: *- )* *)<<:/gm

/** A value's YAML text, every line after `indent` (a record as an item of `data:`). */
export type YamlText = (value: unknown, indent?: string) => string

/**
 * YAML text of a value, read back the same by YAML 1.1 and 1.2 readers (PyYAML, the yaml package in both
 * modes). lineWidth 0: long strings stay on one line. YAML 1.1 rules quote what 1.1 readers would otherwise turn
 * into dates or booleans ("2024-01-15", "yes"); a string holding a 1.1 line break (U+0085, U+2028, U+2029), or
 * `<<` across lines, is double-quoted with the break escaped; a key `<<` is quoted, so it is no merge.
 */
export async function yamlText(): Promise<YamlText> {
  const {Document} = await import('yaml')
  const library = await libraryYaml()
  // A string the library quotes (one with a `"` or `\`): its text after `k: ` or `- `, kept while records repeat it.
  const quoted = [new Map<string, string>(), new Map<string, string>()]
  const quote = (text: string, item: boolean): string => {
    const seen = quoted[item ? 1 : 0]
    let q = seen.get(text)
    if (q === undefined) {
      if (seen.size > 4096) seen.clear()
      q = library(item ? [text] : {k: text}).slice(item ? 2 : 3, -1)
      seen.set(text, q)
    }
    return q
  }
  const plain = plainYaml(new Document(null, {version: '1.1'}).schema, quote)
  return (value, indent = '') =>
    plain(value, indent) ?? (indent ? library(value).replaceAll(/^(?=.)/gm, indent) : library(value))
}

/** The same text, every value through the library (what yaml-plain.ts is checked against). */
export async function libraryYaml(): Promise<(value: unknown) => string> {
  const {Document, visit} = await import('yaml')
  return (value) => {
    const doc = new Document(value, {version: '1.1'})
    visit(doc, {
      Scalar(_, node) {
        const v = node.value
        if (typeof v === 'string' && (/[\u0085\u2028\u2029]/.test(v) || (v.includes('<<') && v.includes('\n'))))
          node.type = 'QUOTE_DOUBLE'
      },
    })
    return doc
      .toString({lineWidth: 0})
      .replaceAll(BREAKS, (c) => BREAK_ESCAPES[c])
      .replaceAll(MERGE_KEY, '$1"<<":')
  }
}

/** One record as an item of the `data:` list, indented as the whole document would have it. */
const yamlItem = (yaml: YamlText, record: unknown): string => yaml([record], '  ')

/** The line that opens the `data:` list of records. */
const YAML_DATA = 'data:\n'

export async function renderYaml(value: unknown): Promise<string> {
  return [...(await yamlChunks(value))].join('')
}

/** The YAML document; a list answer's `data` record by record. */
export async function yamlChunks(value: unknown): Promise<Iterable<string>> {
  const yaml = await yamlText()
  const list =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>).data
      : undefined
  if (!Array.isArray(list) || list.length === 0) return [yaml(value)]
  return (function* () {
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (v !== list) yield yaml({[key]: v})
      else {
        yield YAML_DATA
        for (const record of list) yield yamlItem(yaml, record)
      }
    }
  })()
}

/** The document `{data, meta}` written page by page: the same text as the whole document made at once. */
export function yamlSink(write: Write, yaml: YamlText): ListSink {
  let opened = false
  return {
    async add(records) {
      if (records.length === 0) return
      const head = opened ? '' : YAML_DATA
      opened = true
      await write(head + records.map((r) => yamlItem(yaml, r)).join(''))
    },
    async finish(meta) {
      await write(opened ? yaml({meta}) : yaml({data: [], meta}))
    },
  }
}

export const yaml: OutputFormat = {
  name: 'yaml',
  json: true,
  document: true,
  errorDocument: false,
  pageFooter: false,
  answer: async (shaped) => yamlChunks(shaped),
  local: async (result) => renderYaml(result),
  empty: async (doc) => renderYaml(doc),
  dryRun: async (described, extra) => renderYaml(dryRunDocument(described, extra)),
  pageSink: async (write) => yamlSink(write, await yamlText()),
}
