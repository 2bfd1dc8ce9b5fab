/**
 * xlsx: records as a spreadsheet workbook, written to --output-file (never to a terminal or a pipe): one sheet, a
 * frozen header row of people's column names, amounts as numbers to their currency's decimals, dates as dates, numbers
 * written as text (an invoice's `0001`) as text. The columns are those CSV has. exceljs loads only when xlsx is asked
 * for.
 */
import {writeFileAtomically} from '../output-file.js'
import {recordsOf} from '../records.js'
import {chooseColumns} from '../table.js'
import {writeErr} from '../write.js'
import {keysOf} from './csv.js'
import {dryRunText, type FormatContext, type OutputFormat} from './format.js'

async function writeWorkbook(body: unknown, ctx: FormatContext): Promise<string[]> {
  const records = recordsOf(body).map((r) => (r !== null && typeof r === 'object' ? r : {value: r}))
  const columns = ctx.columns ?? (ctx.queried ? keysOf(records) : (ctx.familyColumns ?? chooseColumns(records)))
  const {workbookBytes} = await import('../workbook.js')
  const bytes = await workbookBytes([
    {name: 'Records', columns, records, codes: ctx.codes, precisionOf: ctx.precisionOf},
  ])
  // Checked before anything was sent (printer.ts); written whole or not at all.
  await writeFileAtomically(ctx.outputFile!, true, async (write) => write(bytes))
  writeErr(`saved ${ctx.outputFile} (${records.length} row${records.length === 1 ? '' : 's'})`)
  return []
}

export const xlsx: OutputFormat = {
  name: 'xlsx',
  json: false,
  document: false,
  errorDocument: false,
  amounts: true,
  pageFooter: false,
  writesFile: true,
  familyColumns: () => true,
  answer: async (body, ctx) => writeWorkbook(body, ctx),
  local: async (result, _text, ctx) => (await writeWorkbook(result, ctx)).join(''),
  empty: async () => undefined,
  dryRun: async (described) => dryRunText(described),
}
