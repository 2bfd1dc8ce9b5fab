import {Flags} from '@oclif/core'
import {BaseCommand, flags as coreFlags, isIsoDate, type Plan, usageError} from '@invoicing-cli/core/internal'

import {packFamilies} from '../month-end/period-pack/parts.js'
import {packIncomplete, packText, runPack} from '../month-end/period-pack/run.js'

const date = (summary: string) => Flags.string({required: true, summary})
/** The families a pack holds (the registry's `pack` parts), for the help. */
const FAMILY_WORDS = packFamilies()
  .map((f) => f.word)
  .join(', ')

export default class PeriodPack extends BaseCommand {
  static summary = "The accountant's folder for a period: PDFs, expense files, CSV ledgers and a manifest of hashes."
  static description =
    `For the records of ${FAMILY_WORDS} dated in the period (active and archived), writes their CSV ledgers ` +
    '(<family>.csv), the PDF of every invoice and credit (and its e-invoice XML when the company has e-invoicing), ' +
    "the files attached to the expenses, and manifest.json with every file's SHA-256. Downloads run 4 at a time; a " +
    'rerun keeps the files already there with the right hash. A file that could not be downloaded is named on ' +
    'stderr and the exit code is 5. Calls POST /api/v1/companies/current (e-invoicing), GET ' +
    '/api/v1/{family}?date_range=... for each, GET /api/v1/{invoice,credit}/{invitation_key}/download (and ' +
    'download_e_{invoice,credit}) and GET /api/v1/documents/{id}/download.'

  static examples = [
    '<%= config.bin %> period-pack --from 2024-01-01 --to 2024-01-31 --dir pack-2024-01',
    '<%= config.bin %> period-pack --from 2024-01-01 --to 2024-03-31 --dir q1 --output json',
  ]

  static baseFlags = coreFlags.baseFlagsWithout('columns', 'query', 'dry-run')
  static flags = {
    from: date('First day of the period (YYYY-MM-DD), included.'),
    to: date('Last day of the period (YYYY-MM-DD), included.'),
    dir: Flags.string({required: true, summary: 'The folder to write (made if missing); a rerun completes it.'}),
  }

  protected async plan(): Promise<Plan> {
    const from = this.flags.from as string
    const to = this.flags.to as string
    for (const [flag, value] of [
      ['--from', from],
      ['--to', to],
    ])
      if (!isIsoDate(value)) throw usageError(`${flag} ${value} is not a date: give YYYY-MM-DD, e.g. 2024-01-31`)
    if (from > to) throw usageError(`--from ${from} is after --to ${to}: the period would be empty`)
    const client = await this.client()
    try {
      const result = await runPack(client, {dir: this.flags.dir as string, from, to, server: client.connection.baseUrl})
      const incomplete = packIncomplete(result)
      if (incomplete) throw incomplete
      return {kind: 'local', result, text: packText(result)}
    } finally {
      client.close()
    }
  }
}
