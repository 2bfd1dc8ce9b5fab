/**
 * The output formats, one entry each (--output NAME). Adding a format is adding an entry here
 * and its file beside this one: the flag's choices, help, the printer, dry runs and the error
 * path all read this table.
 */
import {csv} from './csv.js'
import type {OutputFormat} from './format.js'
import {ids} from './ids.js'
import {json} from './json.js'
import {ndjson} from './ndjson.js'
import {table} from './table.js'
import {xlsx} from './xlsx.js'
import {yaml} from './yaml.js'

export type {DescribedRequest, FormatContext, OutputFormat} from './format.js'

/** In the order help lists them; the first is the default. */
export const FORMATS: readonly OutputFormat[] = [table, json, ndjson, csv, yaml, ids, xlsx]

export const FORMAT_NAMES: readonly string[] = FORMATS.map((f) => f.name)

const BY_NAME = new Map(FORMATS.map((f) => [f.name, f]))

/** The format named by --output (the default, table, when none is given). */
export function formatOf(name: string | undefined): OutputFormat {
  const format = BY_NAME.get(name ?? FORMATS[0].name)
  if (!format) throw new Error(`unknown output format ${name}`)
  return format
}

/**
 * The output formats named among raw arguments (`--output json`, `-o json`, `--output=json`, `-ojson`), before
 * flags are parsed.
 */
export function formatsInArgv(argv: readonly string[]): OutputFormat[] {
  const named = argv.map((a, i) =>
    a === '--output' || a === '-o' ? argv[i + 1] : /^(?:--output=|-o)(.+)$/.exec(a)?.[1],
  )
  return FORMATS.filter((f) => named.includes(f.name))
}
