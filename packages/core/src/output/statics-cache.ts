/**
 * The currencies' precisions, the company's currency and the payment types' names, read from the server once (GET
 * /statics, POST /companies/current) and kept for a day in the user's cache folder, one file per profile and server
 * (staticsFile). It holds no secret: currency ids, their decimals, the company's currency, payment type names and
 * the base URL they came from (another server's are read again). Loaded only when a table, CSV or workbook shows
 * amounts or a payment type (printer.ts).
 */
import {readFileSync} from 'node:fs'
import {mkdir, rename, rm, writeFile} from 'node:fs/promises'
import {join} from 'node:path'

import type {HttpClient} from '../http/client.js'
import {isSuccess, parseJsonBody} from '../http/client.js'
import {readStatics} from '../http/statics.js'
import {dataOf} from './records.js'
import {apiPath, normalizeBaseUrl, type RequestSpec} from '../plan/request.js'
import {type CurrencyBook, currencyId, staticsCurrencies, staticsPaymentTypes} from './currencies.js'

/** How long the cached currencies are used before they are read again. */
export const STATICS_MAX_AGE_MS = 24 * 60 * 60 * 1000

/** The token's company: it reads, though the server routes it as POST. */
const COMPANY: RequestSpec = {method: 'POST', path: apiPath('companies', 'current'), query: [], changes: false}

interface CacheFile extends CurrencyBook {
  base_url: string
  saved_at: number
}

export interface CacheWhere {
  cacheDir: string
  profile: string
  baseUrl: string
}

/**
 * The cache file of a profile and server: `<profile>/statics-<host and path>.json`, each made safe as one name (a
 * profile pointed at another server with --base-url keeps both).
 */
export const staticsFile = (where: CacheWhere): string =>
  join(
    where.cacheDir,
    encodeURIComponent(where.profile),
    `statics-${encodeURIComponent(where.baseUrl.replace(/^https?:\/\//, ''))}.json`,
  )

/**
 * The cached book when it is fresh and from this base URL; undefined otherwise (missing, old, unreadable). Read with
 * node:fs, which every start has loaded: node:fs/promises would load readline and the file watchers with it, ≈1.5 ms
 * of a `cli clients show X` that reads a file of a few kilobytes.
 */
async function cached(where: CacheWhere, now: number): Promise<CurrencyBook | undefined> {
  try {
    const file = JSON.parse(readFileSync(staticsFile(where), 'utf8')) as Partial<CacheFile>
    const age = now - Number(file.saved_at)
    if (file.base_url !== where.baseUrl || !(age >= 0 && age < STATICS_MAX_AGE_MS)) return undefined
    if (file.precisions === null || typeof file.precisions !== 'object') return undefined
    // A cache written before it held the payment types is read again.
    if (file.paymentTypes === null || typeof file.paymentTypes !== 'object') return undefined
    return {precisions: file.precisions, companyCurrency: file.companyCurrency, paymentTypes: file.paymentTypes}
  } catch {
    return undefined
  }
}

/** Written whole or not at all (a temporary file renamed into place); a cache that cannot be written is skipped. */
async function save(where: CacheWhere, book: CurrencyBook, now: number): Promise<void> {
  const file = staticsFile(where)
  const tmp = `${file}.${process.pid}.part`
  const content: CacheFile = {base_url: where.baseUrl, saved_at: now, ...book}
  try {
    await mkdir(join(file, '..'), {recursive: true, mode: 0o700})
    await writeFile(tmp, `${JSON.stringify(content)}\n`, {mode: 0o600})
    await rename(tmp, file)
  } catch {
    await rm(tmp, {force: true}).catch(() => {})
  }
}

/** A JSON answer of a read, or an Error saying which read failed. */
async function read(client: HttpClient, request: RequestSpec): Promise<unknown> {
  const res = await client.send(request)
  if (!isSuccess(res.status)) throw new Error(`${request.method} ${request.path} answered ${res.status}`)
  return parseJsonBody(res, request)
}

/** The currencies from the server: the statics' precisions and payment types, and the company's currency. */
async function fromServer(client: HttpClient): Promise<CurrencyBook> {
  const statics = await readStatics(client)
  const currencies = staticsCurrencies(statics)
  const precisions: Record<string, number> = {}
  for (const [id, c] of currencies) if (c.precision !== undefined) precisions[id] = c.precision
  const company = dataOf(await read(client, COMPANY)) as {settings?: {currency_id?: unknown}} | null
  return {
    precisions,
    companyCurrency: currencyId(company?.settings?.currency_id),
    paymentTypes: staticsPaymentTypes(statics),
  }
}

/** The cached currencies, else the server's (then cached). The base URL is taken as the profile has it. */
export async function currencyBook(at: CacheWhere, client: () => Promise<HttpClient>): Promise<CurrencyBook> {
  const where = {...at, baseUrl: normalizeBaseUrl(at.baseUrl)}
  const now = Date.now()
  const known = await cached(where, now)
  if (known) return known
  const book = await fromServer(await client())
  await save(where, book, now)
  return book
}
