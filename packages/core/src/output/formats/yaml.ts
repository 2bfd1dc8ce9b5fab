/**
 * yaml: the JSON answer as YAML. The yaml library loads only when yaml is asked for. A list's
 * records are made one by one and indented as the whole document would have them: the library
 * builds a node tree several times the size of what it stringifies (a 100 MB list at once would
 * need gigabytes).
 */
import type {ListSink, Write} from '../list-sinks.js'
import {dryRunDocument, type OutputFormat} from './format.js'

/**
 * YAML text of a value. lineWidth 0: long strings stay on one line. YAML 1.1 rules quote what 1.1
 * readers (PyYAML) would otherwise turn into dates or booleans: "2024-01-15", "yes".
 */
export async function yamlText(): Promise<(value: unknown) => string> {
  const {stringify} = await import('yaml')
  return (value) => stringify(value, {lineWidth: 0, version: '1.1'})
}

/** One record as an item of the `data:` list, indented as the whole document would have it. */
const yamlItem = (yaml: (value: unknown) => string, record: unknown): string =>
  yaml([record]).replaceAll(/^(?=.)/gm, '  ')

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
export function yamlSink(write: Write, yaml: (value: unknown) => string): ListSink {
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
