import {Flags} from '@oclif/core'
import {
  apiPath,
  BaseCommand,
  CliError,
  ExitCode,
  flags as coreFlags,
  type Plan,
  type RequestSpec,
  shown,
  usageError,
  warningLabel,
} from '@invoicing-cli/core/internal'

import {guessColumnMap, IMPORT_ENTITIES, parseCsv, parseMaps, readCsvFile} from './csv-import.js'
import {IMPORTABLE_FIELDS} from './import-fields.js'

/**
 * The server's two-step CSV import: POST /preimport (the file; answers a hash and the fields it
 * imports), then POST /import with the column map. Without --yes nothing is uploaded: the mapping
 * the CLI would use is printed.
 */
export default class ImportCsv extends BaseCommand {
  static summary = "Import records from a CSV file (the server's preimport, then import)."
  static description =
    `Reads the CSV's header and maps each column to a field: --map "CSV column=field" (repeatable) names one, else ` +
    `the column's name in snake_case under the entity (Name → client.name; First Name, Last Name and Email → ` +
    'contact.*). Without --yes nothing is uploaded and the mapping is printed; with --yes the file goes to POST ' +
    '/api/v1/preimport, the mapping is checked against the fields the server lists (unmatched columns are skipped, ' +
    'with a warning), and POST /api/v1/import starts the import. A malformed CSV is exit 2 naming the line.'

  static examples = [
    '<%= config.bin %> import csv --entity clients --file clients.csv',
    '<%= config.bin %> import csv --entity clients --file clients.csv --map "Company=client.name" --yes',
  ]

  static flags = {
    entity: Flags.string({required: true, options: Object.keys(IMPORT_ENTITIES), summary: 'What the rows are.'}),
    file: Flags.string({required: true, summary: 'The CSV file (UTF-8, a header line, comma-separated).'}),
    map: Flags.string({
      multiple: true,
      summary: 'Map a column: "CSV column=field" (repeatable), e.g. "Company=client.name".',
    }),
    ...coreFlags.yesFlag,
  }

  private headers: string[] = []

  private get entity(): string {
    return IMPORT_ENTITIES[this.flags.entity as string]
  }

  protected async plan(): Promise<Plan> {
    const path = this.flags.file as string
    const {text, size} = await readCsvFile(path)
    const csv = parseCsv(text, `--file ${path}`)
    this.headers = csv.headers
    const maps = parseMaps((this.flags.map as string[] | undefined) ?? [])
    // The fields the server imports (a --map field is taken at its word until the preimport lists them).
    const known = [...(IMPORTABLE_FIELDS[this.entity] ?? []), ...maps.values()]
    const preview = guessColumnMap(this.entity, this.headers, maps, known)
    if (Object.keys(preview.mapping).length === 0) throw this.nothingMaps(path)
    // --save-plan asks for the import itself: the base command then says why it cannot be saved.
    if (!this.flags.yes && !this.savesPlan) {
      const result = {
        entity: this.entity,
        rows: csv.rows,
        mapping: this.named(preview.mapping),
        unmapped: preview.unmapped,
        uploaded: false,
      }
      const lines = Object.entries(result.mapping).map(([column, field]) => `  ${column} → ${field}`)
      const text = [
        `${this.flags.entity}: ${result.rows} rows; the columns would be mapped as:`,
        ...lines,
        ...preview.unmapped.map((c) => `  ${c} → (skipped)`),
        'Nothing was uploaded: pass --yes to import.',
      ].join('\n')
      return {kind: 'local', result, text}
    }
    const request: RequestSpec = {
      method: 'POST',
      path: apiPath('preimport'),
      query: [],
      // The preimport only caches the file on the server: sending it again makes another hash, no records.
      changes: false,
      multipart: [
        {name: 'import_type', value: 'csv'},
        {name: `files[${this.entity}]`, path, filename: path.split('/').pop() ?? 'import.csv', size},
      ],
    }
    return {
      kind: 'chain',
      first: request,
      next: (answer) => this.importRequest(answer, maps),
      note: 'then POST /api/v1/import with the hash and the column map checked against the fields the server lists',
    }
  }

  /** No column maps to a field: an import would create nothing. */
  private nothingMaps(path: string): CliError {
    return usageError(
      `no column of --file ${path} maps to a field the server imports for ${this.entity}s ` +
        `(${this.headers.map((h) => shown(h, 30)).join(', ')}): name one with --map "CSV column=field". ` +
        'Nothing was uploaded',
    )
  }

  /** Column index → field, shown by the column's name. */
  private named(mapping: Record<string, string>): Record<string, string> {
    return Object.fromEntries(Object.entries(mapping).map(([i, field]) => [this.headers[Number(i)], field]))
  }

  /** The import, from the preimport's answer: its hash, and the map checked against the fields it lists. */
  private importRequest(answer: unknown, maps: Map<string, string>): {request: RequestSpec; warnings: string[]} {
    const {hash, mappings} = (answer ?? {}) as {hash?: unknown; mappings?: Record<string, {available?: string[]}>}
    if (typeof hash !== 'string')
      throw new CliError(
        'the upstream answered the preimport without a hash: is this an Invoice Ninja server?',
        ExitCode.upstream,
      )
    const {mapping, unmapped} = guessColumnMap(
      this.entity,
      this.headers,
      maps,
      mappings?.[this.entity]?.available ?? [],
    )
    if (Object.keys(mapping).length === 0)
      throw new CliError(
        `no column maps to a field the server lists for ${this.entity}s: nothing was imported (the preimport ` +
          'only cached the file)',
        ExitCode.usage,
      )
    const warnings = unmapped.map(
      (column) =>
        `${warningLabel()} column ${JSON.stringify(column)} matches no field the server imports ` +
        `for ${this.entity}s: skipped (--map "${column}=field" maps it)`,
    )
    const body = {
      hash,
      import_type: 'csv',
      entity_type: this.entity,
      skip_header: true,
      column_map: {[this.entity]: {mapping}},
    }
    return {request: {method: 'POST', path: apiPath('import'), query: [], changes: true, body}, warnings}
  }
}
