/**
 * Spreadsheet workbooks (.xlsx) through exceljs, loaded only when a workbook is asked for: each sheet a frozen header
 * row of people's column names, then one row per record. Amounts are numbers shown to their currency's decimals,
 * dates real dates, numbers the server writes as text (an invoice's `0001`) stay text, status ids their names.
 */
import {type Codes, columnValue, DEFAULT_PRECISION, fieldOf, isMoneyColumn} from './cells.js'
import {humanHeader} from './headers.js'
import type {PrecisionOf} from './currencies.js'

export interface Sheet {
  /** The sheet's tab (at most 31 characters, as spreadsheets allow). */
  name: string
  columns: readonly string[]
  records: readonly unknown[]
  /** The family's names of coded values (status_id, frequency_id). */
  codes?: Codes
  /** People's names of some columns, where humanHeader's would not do (a ledger's tax rates). */
  headers?: Readonly<Record<string, string>>
  /** Decimals of a record's amounts (its currency's); 2 when not given. */
  precisionOf?: PrecisionOf
}

/** An amount's number format: thousands grouped, `precision` decimals (`#,##0` for JPY, `#,##0.000` for KWD). */
const moneyFormat = (precision: number): string => (precision > 0 ? `#,##0.${'0'.repeat(precision)}` : '#,##0')
const DATE_FORMAT = 'yyyy-mm-dd'
const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm'
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A cell's value as the spreadsheet holds it, and the number format it is shown with. */
export function workbookCell(
  column: string,
  value: unknown,
  codes?: Codes,
  precision = DEFAULT_PRECISION,
): {value: string | number | boolean | Date | null; numFmt?: string} {
  const field = fieldOf(column)
  if (value === null || value === undefined || value === '') return {value: null}
  const name = codes?.get(field)?.get(String(value))
  if (name !== undefined) return {value: name}
  if (isMoneyColumn(column) && (typeof value === 'number' || /^-?\d+(?:\.\d+)?$/.test(String(value))))
    return {value: Number(value), numFmt: moneyFormat(precision)}
  if (field.endsWith('_at') && typeof value === 'number')
    return value === 0 ? {value: null} : {value: new Date(value * 1000), numFmt: DATE_TIME_FORMAT}
  const date = typeof value === 'string' ? ISO_DATE.exec(value) : null
  if (date) return {value: new Date(Date.UTC(+date[1], +date[2] - 1, +date[3])), numFmt: DATE_FORMAT}
  if (typeof value === 'number' || typeof value === 'boolean') return {value}
  if (typeof value === 'object') return {value: JSON.stringify(value)}
  return {value: String(value)}
}

/** Characters a sheet's name may not hold, and its length (the spreadsheet's rules). */
const sheetName = (name: string): string => name.replaceAll(/[[\]:*?/\\]/g, ' ').slice(0, 31)

/** The workbook's bytes. */
export async function workbookBytes(sheets: readonly Sheet[]): Promise<Buffer> {
  const {default: ExcelJS} = await import('exceljs')
  const book = new ExcelJS.Workbook()
  for (const s of sheets) {
    const ws = book.addWorksheet(sheetName(s.name), {views: [{state: 'frozen', ySplit: 1}]})
    ws.columns = s.columns.map((c) => ({
      header: s.headers?.[c] ?? humanHeader(c),
      key: c,
      width: Math.max(10, (s.headers?.[c] ?? humanHeader(c)).length + 2),
    }))
    ws.getRow(1).font = {bold: true}
    for (const record of s.records) {
      const row = ws.addRow([])
      const precision = s.precisionOf?.(record)
      for (const [i, c] of s.columns.entries()) {
        const {value, numFmt} = workbookCell(c, columnValue(record, c), s.codes, precision)
        const cell = row.getCell(i + 1)
        cell.value = value
        if (numFmt) cell.numFmt = numFmt
      }
    }
  }
  return Buffer.from(await book.xlsx.writeBuffer())
}
